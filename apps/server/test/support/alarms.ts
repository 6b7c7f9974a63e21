import { sql } from 'drizzle-orm';
import type { TestServer } from './server.ts';

let seq = 0;

/** A device's alarm event, as the broker hands it to ingestion; resolves once committed. */
export async function alarmEvent(
  server: TestServer,
  sn: string,
  event: 'raise' | 'clear',
  code: number,
  ts: number,
  part?: string,
): Promise<void> {
  seq += 1;
  await server.deviceLink.ingestor.submit(
    sn,
    'alarm',
    Buffer.from(JSON.stringify({ v: 1, ts, seq, event, code, ...(part ? { part } : {}) })),
  );
}

/** A device's `online` status with the alarms it says are happening. */
export async function online(
  server: TestServer,
  sn: string,
  active: number[],
  ts = Date.now(),
): Promise<void> {
  await server.deviceLink.ingestor.submit(
    sn,
    'status',
    Buffer.from(
      JSON.stringify({ v: 1, state: 'online', ts, active_alarms: active.map((code) => ({ code })) }),
    ),
  );
}

/**
 * Runs every periodic job once (offline and communication lost, recounts, commands, the alarm
 * notices they trigger) and what they make due (the mails).
 */
export async function runJobs(server: TestServer): Promise<void> {
  await server.jobs.runAllNow();
}

/** Makes a device look silent since `minutes` ago. */
export async function silence(server: TestServer, deviceId: number, minutes: number): Promise<void> {
  await server.database.db.execute(
    sql`update devices set last_seen_at = now() - make_interval(mins => ${minutes}) where device_id = ${deviceId}`,
  );
}
