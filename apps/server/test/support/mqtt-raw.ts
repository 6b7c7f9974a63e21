import net from 'node:net';

/** Raw MQTT bytes for tests of the broker's limits, below what any client library would send. */

/** The fixed header of an MQTT packet: its first byte and the remaining length (MQTT 3.1.1, 2.2). */
export function fixedHeader(firstByte: number, remainingLength: number): Buffer {
  const bytes = [firstByte];
  let left = remainingLength;
  do {
    const digit = left % 128;
    left = Math.floor(left / 128);
    bytes.push(left > 0 ? digit | 0x80 : digit);
  } while (left > 0);
  return Buffer.from(bytes);
}

/** A TCP connection to a broker on loopback; `closed` resolves with the time it closed. */
export async function rawSocket(port: number, localAddress?: string) {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  // a reset by the broker is what some tests wait for
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  return { socket, closed };
}

/**
 * Announces a CONNECT of `announcedBytes` and streams its body until the broker closes the
 * connection (or all is sent); answers how many bytes were written and how long it stayed open.
 */
export async function streamOversizeConnect(port: number, announcedBytes: number) {
  const { socket, closed } = await rawSocket(port);
  const started = Date.now();
  socket.write(fixedHeader(0x10, announcedBytes));
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  let open = true;
  void closed.then(() => {
    open = false;
  });
  while (open && written < announcedBytes) {
    written += chunk.length;
    if (!socket.write(chunk)) {
      await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
    }
  }
  const closedAt = await closed;
  return { written, openMs: closedAt - started };
}

/** `promise`, or a failure saying `what` did not happen within `ms`: a bounded wait, not a sleep. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
