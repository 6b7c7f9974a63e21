import { DeviceType, StationType } from '@helio/contracts';
import { type EmsPart, mayRaise } from '@helio/contracts/device-link';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../server/test/support/accounts.ts';
import type { TestServer } from '../../server/test/support/server.ts';
import { backfill } from '../src/runtime/backfill.ts';
import { startFleet } from '../src/runtime/fleet.ts';
import { eventually, online, registeredStation, rows, startPortal, testLink } from './support/portal.ts';

/**
 * Simulated devices against the real portal: its API registers them, its embedded broker checks
 * their secrets and topics, its ingestion stores their readings, alarms and backfills.
 */

let server: TestServer;
let installer: Account;
let brokerUrl: string;

beforeAll(async () => {
  ({ server, installer, brokerUrl } = await startPortal());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('faults', () => {
  it('raise alarms from the catalogue and later clear them; the portal opens and ends them', async () => {
    const intervalS = 300;
    const start = Date.now() - 3 * 86_400_000;
    const { station, deviceIds } = await registeredStation(server, installer, StationType.commercialEss, {
      types: [DeviceType.energyManagementBox, DeviceType.dataLogger],
      startMs: start,
    });
    const run = testLink(brokerUrl, { intervalS });
    run.link.faultRate = 24;
    for (const device of station.devices) run.attach(device);
    await Promise.all(station.devices.map(online));
    const [ems] = station.devices;
    let atMs = station.nextTickAfter(start, intervalS);
    for (let index = 0; index < 2 * 288; index += 1) {
      station.tick(atMs, true);
      atMs += intervalS * 1000;
      if (index % 48 === 47) await Promise.all(station.devices.map((device) => device.drained()));
    }
    await Promise.all(station.devices.map((device) => device.drained()));
    const emsId = deviceIds.get(ems!.sn)!;
    const alarms = await rows<{ code: number; part: string; raised_ms: number; cleared_ms: number | null }>(
      server,
      sql`select code, part, (extract(epoch from raised_at) * 1000)::float8 as raised_ms,
                 (extract(epoch from cleared_at) * 1000)::float8 as cleared_ms
          from device_alarms where device_id = ${emsId} order by raised_at`,
    );
    expect(alarms.length).toBeGreaterThan(5);
    for (const alarm of alarms) {
      expect(
        mayRaise(DeviceType.energyManagementBox, alarm.code, alarm.part as EmsPart),
        `${alarm.code} ${alarm.part}`,
      ).toBe(true);
      if (alarm.cleared_ms !== null) expect(alarm.cleared_ms).toBeGreaterThan(alarm.raised_ms);
    }
    expect(alarms.filter((alarm) => alarm.cleared_ms !== null).length).toBeGreaterThan(0);
    // what is still open in the portal is what the device has now
    const open = alarms
      .filter((alarm) => alarm.cleared_ms === null)
      .map((alarm) => `${alarm.code}|${alarm.part}`)
      .sort();
    expect(open).toEqual(
      ems!
        .activeAlarms()
        .map((alarm) => `${alarm.code}|${alarm.part}`)
        .sort(),
    );
    const [row] = await rows<{ status: string }>(
      server,
      sql`select status from devices where device_id = ${emsId}`,
    );
    expect(row!.status).toBe(open.length > 0 ? 'alarm' : 'online');
    await Promise.all(station.devices.map((device) => device.disconnect()));
    run.wheel.stop();
  });
});

describe('offline periods and backfill', () => {
  it('a device that drops offline buffers its readings and backfills them, oldest first, ≤ 500 a message; the portal stores each once', async () => {
    const intervalS = 10;
    const start = Date.now() - 2 * 86_400_000;
    const { station, deviceIds } = await registeredStation(server, installer, StationType.onGrid, {
      types: [DeviceType.inverter, DeviceType.meter],
      startMs: start,
    });
    const run = testLink(brokerUrl, { intervalS });
    for (const device of station.devices) run.attach(device);
    await Promise.all(station.devices.map(online));
    let atMs = station.nextTickAfter(start, intervalS);
    const tick = () => {
      station.tick(atMs, true);
      atMs += intervalS * 1000;
    };
    for (let index = 0; index < 5; index += 1) {
      tick();
      await Promise.all(station.devices.map((device) => device.drained()));
    }
    const [inverter] = station.devices;
    const inverterId = deviceIds.get(inverter!.sn)!;
    // the uplink drops: no DISCONNECT, so the broker publishes the will and the portal marks it offline
    for (const device of station.devices) device.dropConnection(1500);
    await eventually(async () => {
      const [row] = await rows<{ status: string }>(
        server,
        sql`select status from devices where device_id = ${inverterId}`,
      );
      expect(row!.status).toBe('offline');
    });
    for (let index = 0; index < 620; index += 1) tick();
    expect(inverter!.buffered).toBe(620);
    await Promise.all(station.devices.map((device) => device.connect()));
    await Promise.all(station.devices.map((device) => device.drained()));
    for (let index = 0; index < 3; index += 1) {
      tick();
      await Promise.all(station.devices.map((device) => device.drained()));
    }

    const sent = run.traced.filter((entry) => entry.sn === inverter!.sn);
    const backfills = sent
      .filter((entry) => entry.kind === 'backfill')
      .map((entry) => entry.message.readings as { ts: number }[]);
    expect(backfills.map((readings) => readings.length)).toEqual([500, 120]);
    const backfilled = backfills.flat().map((reading) => reading.ts);
    expect(backfilled).toEqual([...backfilled].sort((a, b) => a - b));
    // after the online status, not before
    const kinds = sent.map((entry) => entry.kind);
    expect(kinds.lastIndexOf('status')).toBeLessThan(kinds.indexOf('backfill'));
    expect(kinds.at(-1)).toBe('telemetry');

    for (const [sn, deviceId] of deviceIds) {
      const [stored] = await rows<{ count: number; distinct_ts: number }>(
        server,
        sql`select count(*)::int as count, count(distinct ts)::int as distinct_ts from readings where device_id = ${deviceId}`,
      );
      expect(stored, sn).toEqual({ count: 628, distinct_ts: 628 });
    }
    const [row] = await rows<{ status: string }>(
      server,
      sql`select status from devices where device_id = ${inverterId}`,
    );
    expect(row!.status).toBe('online');
    await Promise.all(station.devices.map((device) => device.disconnect()));
    run.wheel.stop();
  });

  it('backfill writes a day of history through the protocol; the live run then carries on with continuous counters', async () => {
    const now = Date.now();
    const fromMs = now - 86_400_000;
    const { station, stationId, deviceIds } = await registeredStation(
      server,
      installer,
      StationType.residentialEss,
      {
        startMs: fromMs,
      },
    );
    const progress: number[] = [];
    const result = await backfill({
      brokerUrl,
      stations: [station],
      fromMs,
      toMs: now,
      intervalS: 300,
      keepConnected: true,
      onProgress: (state) => progress.push(state.readings),
    });
    expect(result.total).toBe(4 * 288);
    expect(result.readings).toBe(result.total);
    expect(progress.at(-1)).toBe(result.total);
    for (const deviceId of deviceIds.values()) {
      const [stored] = await rows<{ count: number }>(
        server,
        sql`select count(*)::int as count from readings where device_id = ${deviceId}`,
      );
      expect(stored!.count).toBe(288);
    }
    // the portal's energy of the day is the plant's: the counters' rise from the first reading on
    const inverterId = [...deviceIds].find(([sn]) => sn.startsWith('INV'))![1];
    const [first] = await rows<{ pv: number }>(
      server,
      sql`select (values->>'pv_kwh')::float8 as pv from readings where device_id = ${inverterId} order by ts limit 1`,
    );
    const [energy] = await rows<{ pv: number }>(
      server,
      sql`select coalesce(sum(pv_kwh), 0)::float8 as pv from station_energy where station_id = ${stationId} and period = 'd'`,
    );
    const counters = station.plant.current().counters;
    expect(energy!.pv).toBeCloseTo(counters.pvKwh - first!.pv, 2);
    const [lastBackfilled] = await rows<{ seq: number; pv: number }>(
      server,
      sql`select seq::int as seq, (values->>'pv_kwh')::float8 as pv from readings where device_id = ${inverterId} order by ts desc limit 1`,
    );

    const fleet = startFleet({ brokerUrl, stations: [station], intervalS: 1, speedUp: 1, faultRate: 0 });
    await fleet.ready;
    await eventually(async () => {
      const [live] = await rows<{ count: number }>(
        server,
        sql`select count(*)::int as count from readings where device_id = ${inverterId} and ts > to_timestamp(${now / 1000})`,
      );
      expect(live!.count).toBeGreaterThanOrEqual(2);
    });
    await fleet.stop();
    const live = await rows<{ seq: number; pv: number }>(
      server,
      sql`select seq::int as seq, (values->>'pv_kwh')::float8 as pv from readings
          where device_id = ${inverterId} and ts > to_timestamp(${now / 1000}) order by ts`,
    );
    expect(live[0]!.seq).toBe(lastBackfilled!.seq + 1);
    expect(live[0]!.pv).toBeGreaterThanOrEqual(lastBackfilled!.pv);
    expect(fleet.stats().totals.readings).toBeGreaterThanOrEqual(live.length);
  });
});
