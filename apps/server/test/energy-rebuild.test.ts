import { type DeviceType, localDate, nextDay, startOfLocalDay } from '@helio/contracts';
import {
  ENERGY_GAP_MS,
  type EnergyCounter,
  energyCounters,
  flattenValues,
  readCounters,
} from '@helio/contracts/device-link';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addInto,
  counterRise,
  type EnergyFigures,
  periods,
  rowPeriodStart,
  zeroFigures,
} from '../src/domains/energy/ledger.ts';
import { rebuildEnergy } from '../src/domains/energy/rebuild.ts';
import { counterKeysOf } from '../src/domains/energy/rebuild-store.ts';
import { type Account, registerAccount } from './support/accounts.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { historyAdmission, startTestServer, type TestServer } from './support/server.ts';

/**
 * The SQL rebuild of device and station energy (rebuild.ts) against the real ingestion: streams of
 * readings with counter resets, gaps, missing counters, Warsaw's 23- and 25-hour days and month
 * and year boundaries in São Paulo and Shanghai are fed through the ingestor (in order, shuffled,
 * repeated, as telemetry and backfill); the rebuild must give the rows and figures ingestion gave,
 * and those the rule of ledger.ts gives when applied here in TypeScript: a row for every
 * station-local day holding a reading with a predecessor, zeros included.
 */

let server: TestServer;
let installer: Account;

beforeAll(async () => {
  server = await startTestServer({ admission: historyAdmission }); // readings of fixed past dates
  installer = await registerAccount(server, 1, 'rebuild');
});
afterAll(async () => {
  await server.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TOLERANCE = 1e-9;

/** Station type that takes each device type used here. */
const stationTypeFor: Partial<Record<DeviceType, number>> = { 1: 1, 2: 4, 6: 4, 4: 6, 8: 9, 7: 9, 3: 5 };

interface Placed {
  sn: string;
  deviceId: number;
  stationId: number;
  type: DeviceType;
  zone: string;
}

async function deviceIn(zone: string, type: DeviceType, stationId?: number): Promise<Placed> {
  const station =
    stationId ??
    (
      await addStation(server, installer.token, {
        timezone: zone,
        installer_id: installer.userId,
        station_type: stationTypeFor[type],
      })
    ).station_id;
  const item = await registerDevice(server, installer.token, station, { device_type: type });
  return { sn: item.sn, deviceId: item.device_id, stationId: station, type, zone };
}

/** A reading as a device sends it (EMS 5000 values nested by part). */
type Reading = { ts: number; seq: number; values: Record<string, unknown> };

async function send(sn: string, kind: 'telemetry' | 'backfill', readings: Reading[]): Promise<void> {
  const submit = server.deviceLink.ingestor.submit;
  if (kind === 'backfill') {
    for (let index = 0; index < readings.length; index += 500) {
      await submit(
        sn,
        'backfill',
        Buffer.from(JSON.stringify({ v: 1, readings: readings.slice(index, index + 500) })),
      );
    }
    return;
  }
  await Promise.all(
    readings.map((reading) => submit(sn, 'telemetry', Buffer.from(JSON.stringify({ v: 1, ...reading })))),
  );
}

async function settle(): Promise<void> {
  await server.deviceLink.ingestor.drain();
  await server.jobs.runAllNow();
}

/** Energy rows by `period|start`. */
type Rows = Map<string, EnergyFigures>;

async function energyRows(scope: 'device' | 'station', id: number): Promise<Rows> {
  const table = scope === 'device' ? sql`device_energy` : sql`station_energy`;
  const column = scope === 'device' ? sql`device_id` : sql`station_id`;
  const rows = await queryRows<EnergyFigures & { period: string; start: string }>(
    server.database.db,
    sql`select period, to_char(period_start, 'YYYY-MM-DD') as start, ${sql.raw(energyCounters.join(', '))}
        from ${table} where ${column} = ${id}`,
  );
  return new Map(
    rows.map((row) => [
      `${row.period}|${row.start}`,
      Object.fromEntries(energyCounters.map((name) => [name, Number(row[name])])) as EnergyFigures,
    ]),
  );
}

/**
 * The rows the rule of ledger.ts gives for a device's stored readings (any order, repeats once):
 * each step's rise in its later reading's local day, or across a gap over ENERGY_GAP_MS in which
 * a counter rose, over the gap's local days in proportion to the gap's time in each.
 */
function expectedRows(type: DeviceType, zone: string, readings: readonly Reading[]): Rows {
  const byTs = new Map<number, Reading>();
  for (const reading of readings) if (!byTs.has(reading.ts)) byTs.set(reading.ts, reading);
  const ordered = [...byTs.values()].sort((a, b) => a.ts - b.ts);
  const rows: Rows = new Map();
  const add = (day: string, rise: Partial<EnergyFigures>, factor: number) => {
    for (const period of periods) {
      const key = `${period}|${rowPeriodStart(period, day)}`;
      const figures = rows.get(key) ?? zeroFigures();
      for (const name of energyCounters) figures[name] += (rise[name] ?? 0) * factor;
      rows.set(key, figures);
    }
  };
  for (let index = 1; index < ordered.length; index += 1) {
    const from = ordered[index - 1]!.ts;
    const to = ordered[index]!.ts;
    const rise = counterRise(
      readCounters(type, flattenValues(ordered[index - 1]!.values)),
      readCounters(type, flattenValues(ordered[index]!.values)),
    );
    const last = localDate(to, zone);
    if (to - from <= ENERGY_GAP_MS || Object.keys(rise).length === 0) {
      add(last, rise, 1);
      continue;
    }
    for (let day = localDate(from, zone); ; day = nextDay(day)) {
      const inDay =
        Math.min(to, startOfLocalDay(nextDay(day), zone)) - Math.max(from, startOfLocalDay(day, zone));
      if (inDay > 0 || day === last) add(day, rise, inDay / (to - from));
      if (day === last) break;
    }
  }
  return rows;
}

/** Sums rows of several owners (a station's devices). */
function sumRows(...all: Rows[]): Rows {
  const total: Rows = new Map();
  for (const rows of all) {
    for (const [key, figures] of rows) {
      const sum = total.get(key) ?? zeroFigures();
      addInto(sum, figures);
      total.set(key, sum);
    }
  }
  return total;
}

/** Differences beyond 1e-9 between two row sets (a row missing on one side counts as zeros). */
function differences(actual: Rows, expected: Rows): string[] {
  const found: string[] = [];
  for (const key of new Set([...actual.keys(), ...expected.keys()])) {
    const a = actual.get(key);
    const e = expected.get(key);
    if (!a || !e) found.push(`${key}: only in the ${a ? 'first' : 'second'}`);
    for (const name of energyCounters) {
      const left = a?.[name] ?? 0;
      const right = e?.[name] ?? 0;
      if (Math.abs(left - right) > TOLERANCE) found.push(`${key} ${name}: ${left} ≠ ${right}`);
    }
  }
  return found;
}

/**
 * After the readings went through ingestion: the rebuild's device rows are exactly the rule's
 * (the same rows, figures within 1e-9) and ingestion's, and the station's rows (it holds only this
 * device) are what ingestion made of them.
 */
async function checkDevice(device: Placed, readings: readonly Reading[]): Promise<Rows> {
  const ingested = await energyRows('device', device.deviceId);
  const stationBefore = await energyRows('station', device.stationId);
  await rebuildEnergy(server.database.db, { deviceIds: [device.deviceId] });
  const rebuilt = await energyRows('device', device.deviceId);
  expect(differences(rebuilt, expectedRows(device.type, device.zone, readings))).toEqual([]);
  expect(differences(rebuilt, ingested)).toEqual([]);
  expect(differences(await energyRows('station', device.stationId), stationBefore)).toEqual([]);
  return rebuilt;
}

/** Readings every `stepMs` in [from, to], the counter rising `perHour` kWh an hour. */
function steady(from: number, to: number, stepMs: number, startKwh = 500, perHour = 1): Reading[] {
  const readings: Reading[] = [];
  for (let ts = from, seq = 1; ts <= to; ts += stepMs, seq += 1) {
    readings.push({
      ts,
      seq,
      values: { pv_kwh: startKwh + ((ts - from) / HOUR) * perHour, ac_power_w: 1000 },
    });
  }
  return readings;
}

describe('the rebuild gives what ingestion gives', () => {
  it('on Warsaw’s 23- and 25-hour days', async () => {
    const zone = 'Europe/Warsaw';
    const device = await deviceIn(zone, 1);
    const spring = steady(
      startOfLocalDay('2026-03-28', zone) - 15 * MINUTE,
      startOfLocalDay('2026-03-30', zone),
      15 * MINUTE,
    );
    const autumn = steady(
      startOfLocalDay('2025-10-25', zone) - 15 * MINUTE,
      startOfLocalDay('2025-10-27', zone),
      15 * MINUTE,
      100,
    );
    await send(device.sn, 'telemetry', autumn);
    await send(device.sn, 'backfill', spring);
    await settle();
    const rebuilt = await checkDevice(device, [...autumn, ...spring]);
    expect(rebuilt.get('d|2026-03-29')?.pv_kwh).toBeCloseTo(23, 9);
    expect(rebuilt.get('d|2025-10-26')?.pv_kwh).toBeCloseTo(25, 9);
    // the gap from the end of the autumn run (100 + 49.25 kWh at midnight of 27 October) to the
    // first spring reading (500 kWh, 15 minutes before 28 March) is spread over its days by time
    const from = startOfLocalDay('2025-10-27', zone);
    const to = startOfLocalDay('2026-03-28', zone) - 15 * MINUTE;
    const share = (start: number, end: number) => ((500 - 149.25) * (end - start)) / (to - from);
    expect(rebuilt.get('d|2026-03-27')?.pv_kwh).toBeCloseTo(
      share(startOfLocalDay('2026-03-27', zone), to),
      9,
    );
    expect(rebuilt.get('d|2026-01-15')?.pv_kwh).toBeCloseTo((500 - 149.25) * (DAY / (to - from)), 9);
    expect(rebuilt.get('y|2025-01-01')?.pv_kwh).toBeCloseTo(
      49.25 + share(from, startOfLocalDay('2026-01-01', zone)),
      9,
    );
    // the gap's days hold its whole rise (and the 27th the autumn run's last step, to its midnight)
    let gapDays = 0;
    for (let day = '2025-10-27'; day <= '2026-03-27'; day = nextDay(day)) {
      gapDays += rebuilt.get(`d|${day}`)?.pv_kwh ?? 0;
    }
    expect(gapDays).toBeCloseTo(500 - 149.25 + 0.25, 9);
  });

  it.each([['America/Sao_Paulo'], ['Asia/Shanghai']])(
    'across a month and year end in %s, for a battery and an EMS 5000',
    async (zone) => {
      const from = startOfLocalDay('2025-12-31', zone) - 2 * HOUR;
      const to = startOfLocalDay('2026-01-02', zone) + 2 * HOUR;
      const battery = await deviceIn(zone, 2);
      const batteryReadings: Reading[] = [];
      for (let ts = from, seq = 0; ts <= to; ts += 20 * MINUTE, seq += 1) {
        batteryReadings.push({
          ts,
          seq,
          values: { charge_kwh: 10 + seq * 0.25, discharge_kwh: 40 + seq * 0.125, soc_pct: 50, power_w: 750 },
        });
      }
      const ems = await deviceIn(zone, 8);
      const emsReadings: Reading[] = batteryReadings.map((reading, seq) => ({
        ts: reading.ts,
        seq,
        values: {
          load_power_w: 20_000,
          pvs: { pv_kwh: 1000 + seq * 3.5, pv_power_w: 10_000 },
          pcs: { charge_kwh: 5 + seq, discharge_kwh: 7 + seq * 0.5 },
          meter: { import_kwh: 200 + seq * 0.75, export_kwh: 300 },
          generator: { generator_kwh: seq % 9 === 8 ? 0 : 50 + seq }, // reset every ninth reading
        },
      }));
      await send(battery.sn, 'backfill', batteryReadings);
      await send(ems.sn, 'telemetry', emsReadings);
      await settle();
      const rebuiltBattery = await checkDevice(battery, batteryReadings);
      const rebuiltEms = await checkDevice(ems, emsReadings);
      // 20-minute steps: the local day of 2025-12-31 holds 72 of them
      expect(rebuiltBattery.get('d|2025-12-31')?.charge_kwh).toBeCloseTo(72 * 0.25, 9);
      expect(rebuiltBattery.get('m|2025-12-01')?.charge_kwh).toBeCloseTo(77 * 0.25, 9);
      expect(rebuiltBattery.get('y|2026-01-01')?.discharge_kwh).toBeCloseTo(79 * 0.125, 9);
      expect(rebuiltEms.get('d|2026-01-01')?.pv_kwh).toBeCloseTo(72 * 3.5, 9);
      expect(rebuiltEms.get('y|2025-01-01')?.export_kwh).toBe(0);
    },
  );

  it('with counter resets, gaps of days and counters sometimes missing', async () => {
    const zone = 'Europe/Berlin';
    const device = await deviceIn(zone, 6);
    const base = startOfLocalDay('2026-05-10', zone) + 6 * HOUR;
    const readings: Reading[] = [];
    let imported = 1000;
    let exported = 2000;
    const offsets = [0, 1, 2, 3, 50, 51, 52, 53, 54, 200, 201, 202, 203, 204, 205, 206, 207];
    for (const [seq, hours] of offsets.entries()) {
      imported += 0.5;
      exported += seq % 3 === 0 ? 0 : 0.25;
      if (seq === 6) imported = 0.25; // the meter board was replaced
      const values: Record<string, number> = { import_kwh: imported, grid_power_w: 500 };
      if (seq % 4 !== 1) values.export_kwh = exported;
      readings.push({ ts: base + hours * HOUR, seq, values });
    }
    await send(device.sn, 'telemetry', readings);
    await settle();
    const rebuilt = await checkDevice(device, readings);
    // the gap of 47 hours from 09:00 on the 10th: its rise (0.5) is spread over the 10th (15 h),
    // the 11th (24 h) and the 12th (8 h); the reset adds nothing; the next gap, of 146 hours from
    // noon on the 12th, gives the 12th its last 12 hours' share
    expect(rebuilt.get('d|2026-05-10')?.import_kwh).toBeCloseTo(3 * 0.5 + (0.5 * 15) / 47, 9);
    expect(rebuilt.get('d|2026-05-11')?.import_kwh).toBeCloseTo((0.5 * 24) / 47, 9);
    expect(rebuilt.get('d|2026-05-12')?.import_kwh).toBeCloseTo(
      (0.5 * 8) / 47 + 3 * 0.5 + (0.5 * 12) / 146,
      9,
    );
    // the meter's days add up to its counters' rises
    expect(rebuilt.get('m|2026-05-01')?.import_kwh).toBeCloseTo(16 * 0.5 - 0.5, 9);
  });

  it('when a counter rises by the least a float can, across a gap over midnight', async () => {
    // 5e-324 kWh times the first day's share (3/8) underflows to zero, which PostgreSQL refuses
    const zone = 'Europe/Warsaw';
    const device = await deviceIn(zone, 1);
    const midnight = startOfLocalDay('2026-04-15', zone);
    const readings: Reading[] = [
      { ts: midnight - 30 * MINUTE, seq: 1, values: { pv_kwh: 0, ac_power_w: 0 } },
      { ts: midnight + 50 * MINUTE, seq: 2, values: { pv_kwh: Number.MIN_VALUE, ac_power_w: 0 } },
    ];
    await send(device.sn, 'telemetry', readings);
    await settle();
    const rebuilt = await checkDevice(device, readings);
    expect([...rebuilt.keys()].filter((key) => key.startsWith('d|')).sort()).toEqual([
      'd|2026-04-14',
      'd|2026-04-15',
    ]);
  });
});

describe('rows of days without a rise', () => {
  it('are written with zeros for each day holding a reading with a predecessor', async () => {
    const zone = 'Asia/Shanghai';
    const device = await deviceIn(zone, 1);
    const day = startOfLocalDay('2026-02-01', zone);
    // a counter that does not move, one reading on the 1st, two on the 2nd, one on the 4th
    const readings: Reading[] = [day + 22 * HOUR, day + DAY + HOUR, day + DAY + 2 * HOUR, day + 3 * DAY].map(
      (ts, seq) => ({ ts, seq, values: { pv_kwh: 77 } }),
    );
    await send(device.sn, 'telemetry', readings);
    await settle();
    const rebuilt = await checkDevice(device, readings);
    expect([...rebuilt.keys()].sort()).toEqual([
      'd|2026-02-02',
      'd|2026-02-04',
      'm|2026-02-01',
      'y|2026-01-01',
    ]);
    expect(
      [...rebuilt.values()].every((figures) => energyCounters.every((name) => figures[name] === 0)),
    ).toBe(true);
  });
});

describe('stations', () => {
  it('keep the energy of removed devices when their other devices are rebuilt', async () => {
    const zone = 'Europe/Warsaw';
    const kept = await deviceIn(zone, 1);
    const removed = await deviceIn(zone, 6, kept.stationId);
    const day = startOfLocalDay('2026-06-01', zone);
    const pv = steady(day + 6 * HOUR, day + 30 * HOUR, HOUR, 10, 2);
    const meter: Reading[] = pv.map((reading, seq) => ({
      ts: reading.ts,
      seq,
      values: { import_kwh: 5 + seq * 0.5, export_kwh: 9 },
    }));
    await send(kept.sn, 'telemetry', pv);
    await send(removed.sn, 'telemetry', meter);
    await settle();
    const before = await energyRows('station', kept.stationId);
    const unbound = await server.post(
      'api/device/unbind',
      { device_id: removed.deviceId },
      { token: installer.token },
    );
    expect(unbound.body.code).toBe(1);
    // the rows were damaged meanwhile (a wrong import): the rebuild puts them right
    await server.database.db.execute(
      sql`update device_energy set pv_kwh = pv_kwh * 3 + 1 where device_id = ${kept.deviceId}`,
    );
    await server.database.db.execute(
      sql`update station_energy set pv_kwh = pv_kwh * 3 + 1 where station_id = ${kept.stationId}`,
    );
    const outcome = await rebuildEnergy(server.database.db, { stationIds: [kept.stationId] });
    expect(outcome).toMatchObject({ devices: 1, stations: 1, steps: pv.length - 1 });
    const after = await energyRows('station', kept.stationId);
    expect(differences(after, before)).toEqual([]);
    expect(after.get('d|2026-06-01')?.import_kwh).toBeCloseTo(17 * 0.5, 9);
    expect(after.get('d|2026-06-02')?.pv_kwh).toBeCloseTo(7 * 2, 9);
  });

  it('get the history of an import: readings stored without ingestion, then rebuilt', async () => {
    const zone = 'America/Sao_Paulo';
    const live = await deviceIn(zone, 2);
    const reference = await deviceIn(zone, 2);
    const day = startOfLocalDay('2026-09-01', zone);
    const history: Reading[] = [];
    for (let index = 0; index < 3 * 96; index += 1) {
      history.push({
        ts: day + index * 15 * MINUTE,
        seq: index,
        values: { charge_kwh: 100 + index * 0.2, discharge_kwh: 300 + Math.floor(index / 2) * 0.3 },
      });
    }
    const liveReadings = history.slice(-20);
    // the device reports live; its older history is imported straight into readings
    await send(live.sn, 'telemetry', liveReadings);
    await send(reference.sn, 'backfill', history);
    await settle();
    await server.database.db.execute(
      sql`insert into readings (device_id, ts, seq, values)
          select ${live.deviceId}, r.ts, r.seq, r.values
          from jsonb_to_recordset(${JSON.stringify(
            history.slice(0, -20).map((reading) => ({ ...reading, ts: new Date(reading.ts).toISOString() })),
          )}::jsonb) as r(ts timestamptz, seq bigint, values jsonb)`,
    );
    await rebuildEnergy(server.database.db, { stationIds: [live.stationId] });
    const rebuilt = await energyRows('device', live.deviceId);
    expect(differences(rebuilt, await energyRows('device', reference.deviceId))).toEqual([]);
    expect(differences(await energyRows('station', live.stationId), rebuilt)).toEqual([]);
    expect([...rebuilt.keys()].sort()).toEqual([...expectedRows(2, zone, history).keys()].sort());
  });

  it('that hold several devices get the sums of their devices', async () => {
    const zone = 'Europe/Berlin';
    const battery = await deviceIn(zone, 2); // a residential ESS
    const inverter = await deviceIn(zone, 1, battery.stationId);
    const meter = await deviceIn(zone, 6, battery.stationId);
    const day = startOfLocalDay('2026-07-31', zone);
    const pv = steady(day, day + 2 * DAY, 30 * MINUTE, 0, 3);
    const grid = pv.map((reading, seq) => ({
      ts: reading.ts + 7 * MINUTE,
      seq,
      values: { import_kwh: seq * 0.4 },
    }));
    const store = pv.map((reading, seq) => ({
      ts: reading.ts + 11 * MINUTE,
      seq,
      values: { charge_kwh: seq * 0.2, discharge_kwh: seq * 0.1 },
    }));
    await send(inverter.sn, 'backfill', pv);
    await send(meter.sn, 'backfill', grid);
    await send(battery.sn, 'backfill', store);
    await settle();
    const ingested = await energyRows('station', inverter.stationId);
    // batches of one device at most: a station's devices still go together
    const outcome = await rebuildEnergy(
      server.database.db,
      { stationIds: [inverter.stationId] },
      { batchSize: 1 },
    );
    expect(outcome.devices).toBe(3);
    const rebuilt = await energyRows('station', inverter.stationId);
    expect(differences(rebuilt, ingested)).toEqual([]);
    const expected = sumRows(
      expectedRows(1, zone, pv),
      expectedRows(6, zone, grid),
      expectedRows(2, zone, store),
    );
    expect([...rebuilt.keys()].sort()).toEqual([...expected.keys()].sort());
    expect(differences(rebuilt, expected)).toEqual([]);
  });
});

describe('the mapping of counters', () => {
  it('is read from the contracts: EMS 5000 parts are flattened', () => {
    expect(counterKeysOf(8)).toEqual({
      pv_kwh: 'pvs.pv_kwh',
      charge_kwh: 'pcs.charge_kwh',
      discharge_kwh: 'pcs.discharge_kwh',
      import_kwh: 'meter.import_kwh',
      export_kwh: 'meter.export_kwh',
      generator_kwh: 'generator.generator_kwh',
    });
    expect(counterKeysOf(9)).toEqual({});
    expect(counterKeysOf(1)).toEqual({ pv_kwh: 'pv_kwh' });
  });
});

describe('property: any stream, in any order, rebuilt as ingested', () => {
  /** Where streams start: next to clock changes, month and year ends, in three zones. */
  const moments = [
    ['Europe/Warsaw', '2026-03-29'],
    ['Europe/Warsaw', '2025-10-26'],
    ['Europe/Warsaw', '2026-01-01'],
    ['America/Sao_Paulo', '2026-01-01'],
    ['America/Sao_Paulo', '2026-03-01'],
    ['Asia/Shanghai', '2026-01-01'],
    ['Asia/Shanghai', '2026-07-01'],
  ] as const;

  const kinds = [1, 2, 6, 8] as const;

  /** Nested values of a device type from counter figures (EMS 5000 parts as the protocol nests them). */
  function valuesOf(
    type: DeviceType,
    counters: Partial<Record<EnergyCounter, number>>,
  ): Record<string, unknown> {
    const keys = counterKeysOf(type);
    const values: Record<string, unknown> = {};
    for (const [name, key] of Object.entries(keys) as [EnergyCounter, string][]) {
      const value = counters[name];
      if (value === undefined) continue;
      const [part, field] = key.split('.');
      if (field === undefined) values[part!] = value;
      else values[part!] = { ...((values[part!] as object | undefined) ?? {}), [field]: value };
    }
    return values;
  }

  const step = fc.record({
    // from a minute to three days after the previous reading
    gapMinutes: fc.oneof(fc.integer({ min: 1, max: 90 }), fc.integer({ min: 91, max: 3 * 24 * 60 })),
    rises: fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 8, maxLength: 8 }),
    reset: fc.boolean(),
    missing: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  });

  it('gives the rule’s rows and ingestion’s figures', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...moments),
        fc.constantFrom(...kinds),
        fc.integer({ min: -36 * 60, max: 12 * 60 }),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 25 }),
        fc.boolean(),
        async ([zone, day], type, offsetMinutes, steps, chunk, shuffle) => {
          const device = await deviceIn(zone, type);
          let ts = startOfLocalDay(day, zone) + offsetMinutes * MINUTE;
          const counters = Object.fromEntries(
            energyCounters.map((name, index) => [name, 100 * (index + 1)]),
          ) as Record<EnergyCounter, number>;
          const readings: Reading[] = [{ ts, seq: 0, values: valuesOf(type, counters) }];
          for (const [seq, next] of steps.entries()) {
            ts += next.gapMinutes * MINUTE;
            const shown: Partial<Record<EnergyCounter, number>> = {};
            energyCounters.forEach((name, index) => {
              counters[name] =
                next.reset && index % 2 === seq % 2
                  ? next.rises[index]!
                  : counters[name] + next.rises[index]!;
              if (!(next.missing[index] && seq % 3 === 0)) shown[name] = counters[name];
            });
            readings.push({ ts, seq: seq + 1, values: valuesOf(type, shown) });
          }
          const now = Date.now();
          const sent = readings.filter((reading) => reading.ts < now);
          const order = shuffle
            ? [...sent].reverse().sort((a, b) => ((a.seq * 7919) % 13) - ((b.seq * 7919) % 13))
            : sent;
          for (let index = 0; index < order.length; index += chunk) {
            await send(
              device.sn,
              index % 2 === 0 ? 'backfill' : 'telemetry',
              order.slice(index, index + chunk),
            );
          }
          await settle();
          await checkDevice(device, sent);
        },
      ),
      { numRuns: 25 },
    );
  });
});
