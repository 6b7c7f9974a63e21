import { createServer, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';

/**
 * A bare MQTT broker (aedes) on a free port: it takes any device and acknowledges at once, so a
 * test measures the simulator rather than a portal's ingestion.
 */
export async function startBareBroker(): Promise<{
  url: string;
  published: () => number;
  close(): Promise<void>;
}> {
  const broker = await Aedes.createBroker({ queueLimit: 100 });
  let published = 0;
  broker.on('publish', (packet, client) => {
    if (client && packet.topic.includes('/up/')) published += 1;
  });
  const server: Server = createServer(broker.handle as (socket: Socket) => void);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const clients = (broker as unknown as { clients: Record<string, { close(): void }> }).clients;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    published: () => published,
    async close() {
      for (const client of Object.values(clients)) client.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
