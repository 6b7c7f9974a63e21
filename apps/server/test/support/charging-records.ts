import { type ChargingRecordsData, charging, DeviceType, StationType } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Account } from './accounts.ts';
import { addStation, registerDevice } from './fleet.ts';
import type { TestServer } from './server.ts';

/**
 * Charging records' tests: a wallbox station (inverter, battery, meter, wallbox) in Warsaw,
 * readings delivered through the real ingestion, the sessions the readings make, the records call.
 */

export const MIN = 60_000;
export const ZONE = 'Europe/Warsaw';
const FIVE = 5 * MIN;
/** The five-minute bucket an instant is in (the station powers' buckets). */
export const floorFive = (ms: number) => Math.floor(ms / FIVE) * FIVE;

export interface Plant {
  stationId: number;
  inverter: string;
  battery: string;
  meter: string;
  wallbox: string;
  wallboxId: number;
}

/**
 * A session with number `no`: plugged at minute 0, charging at `power` W from then (session_kwh
 * read at minutes 1 to `minutes` − 1), unplugged at `minutes`: `minutes` − 1 minutes of energy.
 */
export function session(no: number, minutes: number, power = 4000, start = 'plug_and_charge') {
  const list: [number, Record<string, unknown>][] = [
    [0, { pile_state: 'plugged', power_w: 0, session_kwh: 0, session_no: no, session_start: start }],
  ];
  const kwhAt = (minute: number) => Math.round(((power * minute) / 60_000) * 1e6) / 1e6;
  for (let minute = 1; minute < minutes; minute += 1)
    list.push([
      minute,
      { pile_state: 'charging', power_w: power, session_kwh: kwhAt(minute), session_no: no },
    ]);
  list.push([minutes, { pile_state: 'idle', power_w: 0, session_kwh: kwhAt(minutes - 1), session_no: no }]);
  return list;
}

/** The helpers over the test's server and account (read when called: they are set in beforeAll). */
export function recordsKit(context: () => { server: TestServer; owner: Account }) {
  async function plantOf(overrides: Record<string, unknown> = {}): Promise<Plant> {
    const { server, owner } = context();
    const station = await addStation(server, owner.token, {
      station_type: StationType.residentialEssWallbox,
      timezone: ZONE,
      installer_id: owner.userId,
      unit_price: 0.9,
      ...overrides,
    });
    const add = (device_type: number) =>
      registerDevice(server, owner.token, station.station_id, { device_type });
    const wallbox = await add(DeviceType.chargingPile);
    return {
      stationId: station.station_id,
      inverter: (await add(DeviceType.inverter)).sn,
      battery: (await add(DeviceType.battery)).sn,
      meter: (await add(DeviceType.meter)).sn,
      wallbox: wallbox.sn,
      wallboxId: wallbox.device_id,
    };
  }

  async function submit(sn: string, readings: { ts: number; values: Record<string, unknown> }[]) {
    const { server } = context();
    const numbered = readings.map((reading) => ({ ...reading, seq: Math.round(reading.ts / 1000) % 4e9 }));
    for (let index = 0; index < numbered.length; index += 500)
      await server.deviceLink.ingestor.submit(
        sn,
        'backfill',
        Buffer.from(JSON.stringify({ v: 1, readings: numbered.slice(index, index + 500) })),
      );
    await server.deviceLink.ingestor.drain();
  }

  /** The station's PV, grid (+ import) and battery (+ charge) powers, W, a reading a minute. */
  async function flow(
    p: Plant,
    fromMs: number,
    toMs: number,
    w: { pv: number; grid: number; battery: number },
  ) {
    const times: number[] = [];
    for (let ts = fromMs; ts < toMs; ts += MIN) times.push(ts);
    await submit(
      p.inverter,
      times.map((ts) => ({ ts, values: { pv_power_w: w.pv } })),
    );
    await submit(
      p.battery,
      times.map((ts) => ({ ts, values: { power_w: w.battery, soc_pct: 50 } })),
    );
    await submit(
      p.meter,
      times.map((ts) => ({ ts, values: { grid_power_w: w.grid } })),
    );
  }

  /** Wallbox readings at minutes from `baseMs`. */
  async function pile(p: Plant, baseMs: number, list: [number, Record<string, unknown>][], sn = p.wallbox) {
    await submit(
      sn,
      list.map(([minute, values]) => ({ ts: baseMs + minute * MIN, values })),
    );
  }

  async function records(body: Record<string, unknown>, token?: string): Promise<ChargingRecordsData> {
    const { server, owner } = context();
    const answer = await server.call(charging.records, body, token ?? owner.token);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 });
    return answer.body.data as ChargingRecordsData;
  }

  /** A wallbox's stored sessions, every column. */
  async function stored(deviceId: number) {
    const { rows } = (await context().server.database.db.execute(
      sql`select * from charging_sessions where device_id = ${deviceId} order by started_at`,
    )) as unknown as { rows: Record<string, unknown>[] };
    return rows;
  }

  return { plantOf, submit, flow, pile, records, stored };
}
