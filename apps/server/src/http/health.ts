import { type Database, pingDatabase } from '@helio/db';
import type { FastifyInstance } from 'fastify';

/**
 * The health routes (README "API"): `/health` the process and database state; for a load balancer
 * `/health/live` (the process answers) and `/health/ready` (the database answers and the device
 * link is up). Once closing starts, Fastify itself answers 503 and stops listening.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Database; databaseKind: string; version: string; deviceLinkReady: () => boolean },
): void {
  const databaseAnswers = () =>
    pingDatabase(deps.db).then(
      () => true,
      () => false,
    );

  app.get('/health', async (_request, reply) =>
    (await databaseAnswers())
      ? { status: 'ok', database: deps.databaseKind, version: deps.version }
      : reply.status(503).send({ status: 'unavailable', database: deps.databaseKind }),
  );
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    const deviceLink = deps.deviceLinkReady();
    const database = await databaseAnswers();
    const ready = deviceLink && database;
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', database, device_link: deviceLink });
  });
}
