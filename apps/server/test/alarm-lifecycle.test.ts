import { COMMUNICATION_LOST_CODE } from '@helio/contracts';
import { type DatabaseHandle, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../src/device-link/ingest/batch.ts';
import type { BatchItem, DeviceRef } from '../src/device-link/ingest/items.ts';
import { alarmIntervals, planAlarmRows } from '../src/domains/alarms/lifecycle.ts';
import { openCommunicationLost } from '../src/domains/alarms/lifecycle-store.ts';
import { markSilentDevicesOffline } from '../src/domains/devices/status-store.ts';
import { freshDatabase } from './support/database.ts';

/**
 * The alarm lifecycle against a real database, through ingestion's own batch writer and the
 * jobs: random streams of raises, clears, repeats, reorderings, online statuses with their active
 * list, last wills, readings and silences keep the alarms consistent, and a stream of raises and
 * clears gives the same alarms in any order and any batching as in time order.
 */
let database: DatabaseHandle;
let stationId: number;
let deviceCounter = 0;
const BASE_MS = Date.parse('2026-06-01T10:00:00Z');
const CODES = [101, 301, 302];

beforeAll(async () => {
  database = await freshDatabase();
  const [user] = await queryRows<{ user_id: number }>(
    database.db,
    sql`insert into users (user_name, email, password_hash, role_id, installer_level)
        values ('lifecycle', 'lifecycle@example.com', 'x', 1, 1) returning user_id`,
  );
  const [station] = await queryRows<{ station_id: number }>(
    database.db,
    sql`insert into stations (station_name, station_type, installer_id, owner_root_id, country_code, address,
                              latitude, longitude, capacity_kwp, unit_price, currency, timezone)
        values ('Lifecycle', 1, ${user!.user_id}, ${user!.user_id}, 'PL', 'x', 52, 21, 5, 0.8, 'PLN', 'Europe/Warsaw')
        returning station_id`,
  );
  stationId = station!.station_id;
});
afterAll(() => database.close());

async function newDevice(): Promise<DeviceRef> {
  deviceCounter += 1;
  const [row] = await queryRows<{ device_id: number }>(
    database.db,
    sql`insert into devices (station_id, sn, device_type, model)
        values (${stationId}, ${`INVLIFE${String(deviceCounter).padStart(8, '0')}`}, 1, 'x') returning device_id`,
  );
  return { deviceId: row!.device_id, stationId, type: 1, timeZone: 'Europe/Warsaw' };
}

interface Row {
  code: number;
  part: string;
  raised: number;
  cleared: number | null;
}

async function alarmsOf(deviceId: number): Promise<Row[]> {
  const rows = await queryRows<{
    code: number;
    part: string;
    raised: string | number;
    cleared: string | number | null;
  }>(
    database.db,
    sql`select code, part, (extract(epoch from raised_at) * 1000)::bigint as raised,
               (extract(epoch from cleared_at) * 1000)::bigint as cleared
        from device_alarms where device_id = ${deviceId} order by code, part, raised_at`,
  );
  return rows.map((row) => ({
    code: row.code,
    part: row.part,
    raised: Number(row.raised),
    cleared: row.cleared === null ? null : Number(row.cleared),
  }));
}

async function statusOf(deviceId: number): Promise<string> {
  const [row] = await queryRows<{ status: string }>(
    database.db,
    sql`select status from devices where device_id = ${deviceId}`,
  );
  return row!.status;
}

function expectConsistent(rows: Row[]): void {
  const byKey = new Map<string, Row[]>();
  for (const row of rows)
    byKey.set(`${row.code}|${row.part}`, [...(byKey.get(`${row.code}|${row.part}`) ?? []), row]);
  for (const [key, list] of byKey) {
    expect(new Set(list.map((row) => row.raised)).size, `no duplicates of ${key}`).toBe(list.length);
    list.forEach((row, index) => {
      if (row.cleared !== null)
        expect(row.cleared, `${key} ends after it starts`).toBeGreaterThanOrEqual(row.raised);
      else expect(index, `${key}: only the newest may happen`).toBe(list.length - 1);
      const next = list[index + 1];
      if (next) expect(row.cleared!, `${key} alarms do not overlap`).toBeLessThanOrEqual(next.raised);
    });
  }
}

type AlarmCommand = { kind: 'raise' | 'clear'; code: number; t: number; seq: number };
type Command =
  | AlarmCommand
  | { kind: 'online'; active: number[]; t: number }
  | { kind: 'offline' }
  | { kind: 'reading'; t: number }
  | { kind: 'silence' };

const alarmCommand = fc
  .record({
    kind: fc.constantFrom('raise' as const, 'clear' as const),
    code: fc.constantFrom(...CODES),
    t: fc.integer({ min: 0, max: 8 }),
  })
  // the device numbers its events: one number per (code, instant, event), kept on a resend
  .map((command) => ({
    ...command,
    seq: command.t * 10 + CODES.indexOf(command.code) * 2 + (command.kind === 'raise' ? 1 : 0),
  }));

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: alarmCommand },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('online' as const),
      active: fc.subarray(CODES),
      t: fc.integer({ min: 0, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reading' as const), t: fc.integer({ min: 0, max: 8 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'silence' as const }) },
);

function itemOf(device: DeviceRef, cmd: Exclude<Command, { kind: 'silence' }>): BatchItem {
  const ts = (t: number) => BASE_MS + t * 60_000;
  switch (cmd.kind) {
    case 'raise':
    case 'clear':
      return {
        device,
        kind: 'alarm',
        message: { v: 1, ts: ts(cmd.t), seq: cmd.seq, event: cmd.kind, code: cmd.code },
      };
    case 'online':
      return {
        device,
        kind: 'status',
        message: {
          v: 1,
          state: 'online',
          ts: ts(cmd.t),
          active_alarms: cmd.active.map((code) => ({ code })),
        },
      };
    case 'offline':
      return { device, kind: 'status', message: { v: 1, state: 'offline' } };
    case 'reading':
      return {
        device,
        kind: 'readings',
        intervalS: 300,
        readings: [{ ms: ts(cmd.t), seq: cmd.t, values: { ac_power_w: 1 } }],
      };
  }
}

/** Applies commands in batches of the given sizes; silences run the jobs between batches. */
async function apply(device: DeviceRef, commands: Command[], batchSizes: number[]): Promise<void> {
  let index = 0;
  let size = 0;
  while (index < commands.length) {
    const take = batchSizes[size++ % batchSizes.length]!;
    const batch: BatchItem[] = [];
    while (index < commands.length && batch.length < take) {
      const next = commands[index]!;
      if (next.kind === 'silence') {
        if (batch.length > 0) break;
        index += 1;
        await database.db.execute(
          sql`update devices set last_seen_at = now() - interval '2 hours' where device_id = ${device.deviceId}`,
        );
        await markSilentDevicesOffline(database.db);
        await openCommunicationLost(database.db, 60_000);
        continue;
      }
      batch.push(itemOf(device, next));
      index += 1;
    }
    if (batch.length > 0) await writeBatch(database.db, batch, Date.now());
  }
}

/** The device's expected status after the commands: the last thing it said or the silence, then its alarms. */
function expectedStatus(commands: Command[], rows: Row[]): string | undefined {
  const last = commands.at(-1);
  if (!last) return undefined;
  if (last.kind === 'offline' || last.kind === 'silence') return 'offline';
  return rows.some((row) => row.cleared === null) ? 'alarm' : 'online';
}

/** The clean stream: events in time order (then by sequence number), fed to the protocol's state machine. */
function inOrder(commands: AlarmCommand[]): Row[] {
  const open = new Map<number, Row>();
  const rows: Row[] = [];
  const sorted = [...commands].sort((a, b) => a.t - b.t || a.seq - b.seq);
  for (const cmd of sorted) {
    const ms = BASE_MS + cmd.t * 60_000;
    const current = open.get(cmd.code);
    if (cmd.kind === 'raise' && !current) {
      const row = { code: cmd.code, part: '', raised: ms, cleared: null };
      open.set(cmd.code, row);
      rows.push(row);
    } else if (cmd.kind === 'clear' && current) {
      current.cleared = ms;
      open.delete(cmd.code);
    }
  }
  return rows.sort((a, b) => a.code - b.code || a.raised - b.raised);
}

describe('the alarm lifecycle (property)', () => {
  it('raises and clears give the alarms of the time-ordered stream, whatever their order, repeats and batching', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(alarmCommand, { minLength: 1, maxLength: 14 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 14 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat({ max: 13 }), { maxLength: 4 }),
        async (commands, order, batchSizes, repeats) => {
          // a random arrival order, with some events sent again
          const keyed = commands.map((cmd, index) => ({ cmd, key: order[index % order.length]! }));
          const arrival = keyed.sort((a, b) => a.key - b.key).map((entry) => entry.cmd);
          for (const index of repeats) if (arrival[index]) arrival.push(arrival[index]!);
          const device = await newDevice();
          await apply(device, arrival, batchSizes);
          const rows = await alarmsOf(device.deviceId);
          expect(rows).toEqual(inOrder(commands));
          expect(await statusOf(device.deviceId)).toBe(
            rows.some((row) => row.cleared === null) ? 'alarm' : 'online',
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('any stream with online lists, last wills, readings and silences keeps the alarms and the status consistent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 18 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
        async (commands, batchSizes) => {
          const device = await newDevice();
          await apply(device, commands, batchSizes);
          const rows = await alarmsOf(device.deviceId);
          expectConsistent(rows);
          const status = await statusOf(device.deviceId);
          const expected = expectedStatus(commands, rows);
          if (expected) expect(status).toBe(expected);
          // the portal's communication-lost alarm happens from a silence until the device speaks
          // again (its last will is the broker's word, not the device's)
          const lost = rows.filter((row) => row.code === COMMUNICATION_LOST_CODE);
          const silence = commands.map((cmd) => cmd.kind).lastIndexOf('silence');
          const silentSince =
            silence >= 0 && commands.slice(silence + 1).every((cmd) => cmd.kind === 'offline');
          expect(lost.some((row) => row.cleared === null)).toBe(silentSince);
          // a repeat of everything changes nothing
          const before = rows;
          await apply(
            device,
            commands.filter((cmd) => cmd.kind === 'raise' || cmd.kind === 'clear'),
            batchSizes,
          );
          expect(
            (await alarmsOf(device.deviceId)).filter((row) => row.code !== COMMUNICATION_LOST_CODE),
          ).toEqual(before.filter((row) => row.code !== COMMUNICATION_LOST_CODE));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the lifecycle rules', () => {
  it('a clear that arrives before its raise ends the alarm once the raise comes', () => {
    const intervals = alarmIntervals([
      { ms: 20, event: 'clear', seq: 2 },
      { ms: 10, event: 'raise', seq: 1 },
    ]);
    expect(intervals).toEqual([{ raisedMs: 10, clearedMs: 20 }]);
  });

  it('at one instant a clear goes before a raise unless the sequence numbers say otherwise', () => {
    expect(
      alarmIntervals([
        { ms: 10, event: 'raise', seq: null },
        { ms: 20, event: 'raise', seq: null },
        { ms: 20, event: 'clear', seq: null },
      ]),
    ).toEqual([
      { raisedMs: 10, clearedMs: 20 },
      { raisedMs: 20, clearedMs: null },
    ]);
    expect(
      alarmIntervals([
        { ms: 20, event: 'raise', seq: 7 },
        { ms: 20, event: 'clear', seq: 8 },
      ]),
    ).toEqual([{ raisedMs: 20, clearedMs: 20 }]);
  });

  it('keeps the rows that are still the same alarm, moves one whose start moved, and orders the statements', () => {
    const plan = planAlarmRows(
      [
        { alarmId: 1, raisedMs: 10, clearedMs: null },
        { alarmId: 2, raisedMs: 30, clearedMs: 40 },
        { alarmId: 3, raisedMs: 50, clearedMs: 60 },
      ],
      [
        { raisedMs: 5, clearedMs: 20 },
        { raisedMs: 30, clearedMs: 40 },
        { raisedMs: 45, clearedMs: null },
      ],
    );
    expect(plan).toEqual({
      deletes: [],
      updates: [
        { alarmId: 1, raisedMs: 5, clearedMs: 20 },
        { alarmId: 3, raisedMs: 45, clearedMs: null },
      ],
      inserts: [],
    });
  });
});
