import {
  bandAtInstant,
  charging,
  control,
  DeviceType,
  StationType,
  tariff,
  tariffShape,
} from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlantConfig } from '../../simulator/src/plant/model.ts';
import {
  eventually,
  online,
  type PortalStation,
  registeredStation,
  rows,
  testLink,
} from '../../simulator/test/support/portal.ts';
import { localMidnightMs, strategySite } from '../../simulator/test/support/strategy-sites.ts';
import { brokerKinds, brokerPortal } from './support/broker-portal.ts';
import { tariffWithValley } from './support/charging.ts';

/**
 * Wallbox charging end to end: a plan saved and a stop sent through the portal's calls → its broker
 * (embedded, or a real Mosquitto with per-device clients) → the simulator's wallbox, which follows
 * them on its plant → its readings back in the portal, where they become a charging record. The
 * site is a home near Munich with 10 kWp of PV, a 10 kWh battery, a meter and an 11 kW wallbox; a
 * car is brought at a known time. The portal's clock and the devices' run with the simulated time,
 * so the windows the portal plans are the ones the charger meets.
 */

const PASSWORD = 'device-pass-1';
const INTERVAL_S = 300;
const HOUR_MS = 3_600_000;

const siteConfig = (): PlantConfig => ({
  ...strategySite({ pvKwp: 10 }),
  stationType: StationType.residentialEssWallbox,
  wallbox: { maxPowerW: 11_000 },
});

interface PileRow {
  ms: number;
  state: string;
  power_w: number;
  session_kwh: number;
  remote_hold: number | null;
}

describe.each(brokerKinds)('through the %s broker', (broker) => {
  const setup = brokerPortal(broker, { clientId: 'helio-charging-test', accountPrefix: 'chgrt' });

  /** The site from `startMs` (the portal's clock set there), its devices online, the wallbox unlocked. */
  async function site(startMs: number) {
    setup.server.clock.advance(startMs - setup.server.clock.now().getTime());
    const config = siteConfig();
    const portal: PortalStation = await registeredStation(
      setup.server,
      setup.installer,
      StationType.residentialEssWallbox,
      {
        types: [DeviceType.inverter, DeviceType.battery, DeviceType.chargingPile, DeviceType.meter],
        config,
        startMs,
        initialSocPct: 90,
      },
    );
    const run = testLink(setup.brokerUrl, { intervalS: INTERVAL_S });
    // the devices' clock is the portal's: a command's expiry and the windows are told in it
    run.link.now = () => setup.server.clock.now().getTime();
    for (const device of portal.station.devices) run.attach(device);
    await Promise.all(portal.station.devices.map(online));
    const wallbox = portal.station.devices.find((device) => device.deviceType === DeviceType.chargingPile)!;
    const sn = wallbox.sn;
    await setup.server.call(control.setDevicePassword, { equ_sn: sn, pwd: PASSWORD }, setup.installer.token);
    await setup.server.call(control.unlock, { equ_sn: sn, pwd: PASSWORD }, setup.installer.token);
    return { portal, run, sn, deviceId: portal.deviceIds.get(sn)!, config };
  }
  type Site = Awaited<ReturnType<typeof site>>;

  async function close(plant: Site) {
    await Promise.all(plant.portal.station.devices.map((device) => device.disconnect()));
    plant.run.wheel.stop();
  }

  const call = async (def: { path: string }, body: object) =>
    (await setup.server.post(def.path, body, { token: setup.installer.token })).body;

  /** Waits until the charger answered command `commandId`; answers its final state. */
  async function answered(commandId: string) {
    return eventually(async () => {
      const [row] = await rows<{ state: string }>(
        setup.server,
        sql`select state from device_commands where command_id = ${commandId}`,
      );
      if (row?.state !== 'succeeded' && row?.state !== 'failed') throw new Error(`still ${row?.state}`);
      return row.state;
    }, 15_000);
  }

  /** Runs the plant from `fromMs` to `toMs`, the portal's clock with it; answers the wallbox's readings of the span. */
  async function runPlant(plant: Site, fromMs: number, toMs: number): Promise<PileRow[]> {
    let steps = 0;
    for (let atMs = plant.portal.station.nextTickAfter(fromMs, INTERVAL_S); atMs < toMs; ) {
      setup.server.clock.advance(atMs - setup.server.clock.now().getTime());
      plant.portal.station.tick(atMs, true);
      atMs += INTERVAL_S * 1000;
      steps += 1;
    }
    await Promise.all(plant.portal.station.devices.map((device) => device.drained()));
    return eventually(async () => {
      const found = await rows<PileRow>(
        setup.server,
        sql`select extract(epoch from ts) * 1000 as ms, values->>'pile_state' as state,
              (values->>'power_w')::float8 as power_w, (values->>'session_kwh')::float8 as session_kwh,
              (values->>'remote_hold')::int as remote_hold
            from readings where device_id = ${plant.deviceId}
              and ts >= ${new Date(fromMs).toISOString()} and ts < ${new Date(toMs).toISOString()}
            order by ts`,
      );
      if (found.length < steps) throw new Error(`${found.length} of ${steps} readings stored`);
      return found.map((row) => ({ ...row, ms: Number(row.ms) }));
    }, 30_000);
  }

  /** The station's charging records once the sessions job has counted every reading. */
  async function records(plant: Site) {
    setup.server.clock.advance(10 * 60_000);
    await setup.server.jobs.runAllNow();
    const answer = await call(charging.records, { station_id: plant.portal.stationId });
    expect(answer.code, JSON.stringify(answer)).toBe(1);
    const data = charging.records.data.parse(answer.data);
    if (!('list' in data)) throw new Error('an export answered');
    return data;
  }

  it('PV surplus: the car charges from the sun, with next to nothing from the grid', async () => {
    const startMs = localMidnightMs('2025-06-14', 'Europe/Berlin') + 8 * HOUR_MS;
    const plant = await site(startMs);
    const saved = await call(charging.savePlan, {
      equ_sn: plant.sn,
      plan: { mode: 'pv', min_current_a: 6, max_current_a: 16, phases: 'auto' },
      key: crypto.randomUUID(),
    });
    expect(saved.code, JSON.stringify(saved)).toBe(1);
    expect(await answered(charging.savePlan.data.parse(saved.data).command_id)).toBe('succeeded');
    plant.portal.station.plant.bringCar({
      arrivalMs: startMs + HOUR_MS,
      departureMs: startMs + 9 * HOUR_MS,
      capacityKwh: 77,
      socPct: 20,
      maxW: 11_000,
    });
    const readings = await runPlant(plant, startMs, startMs + 10 * HOUR_MS);
    expect(readings.some((row) => row.state === 'charging')).toBe(true);
    const data = await records(plant);
    // the brought car's session (a drawn car may come after it has gone)
    const record = data.list.find(
      (row) => Math.abs(Date.parse(row.started_at) - (startMs + HOUR_MS)) < 60_000,
    )!;
    expect(record, JSON.stringify(data.list)).toBeDefined();
    expect(record).toMatchObject({ sn: plant.sn, state: 'ended', start: 'plan' });
    expect(record.energy_kwh).toBeGreaterThan(10);
    // the car took the surplus: what the grid gave it is under 5 % of its energy
    expect(record.grid_kwh / record.energy_kwh).toBeLessThan(0.05);
    expect(record.pv_share_pct).toBeGreaterThan(90);
    expect(record.pv_kwh + record.battery_kwh + record.grid_kwh).toBeCloseTo(record.energy_kwh, 2);
    await close(plant);
  });

  it('off-peak: the car waits for the valley and charges only in it', async () => {
    const startMs = localMidnightMs('2025-01-15', 'Europe/Berlin') + 17 * HOUR_MS;
    const plant = await site(startMs);
    const valley = tariffWithValley();
    expect(
      (await call(tariff.updateEmbps, { station_id: plant.portal.stationId, tariff: valley })).code,
    ).toBe(1);
    const saved = await call(charging.savePlan, {
      equ_sn: plant.sn,
      plan: { mode: 'off_peak', min_current_a: 6, max_current_a: 16, phases: '3p' },
      key: crypto.randomUUID(),
    });
    expect(saved.code, JSON.stringify(saved)).toBe(1);
    expect(await answered(charging.savePlan.data.parse(saved.data).command_id)).toBe('succeeded');
    plant.portal.station.plant.bringCar({
      arrivalMs: startMs + HOUR_MS,
      departureMs: startMs + 14 * HOUR_MS,
      capacityKwh: 58,
      socPct: 30,
      maxW: 11_000,
    });
    const readings = await runPlant(plant, startMs, startMs + 14 * HOUR_MS);
    const parsed = tariffShape.parse(valley);
    const charged = readings.filter((row) => row.power_w > 0);
    expect(charged.length).toBeGreaterThan(0);
    // a reading tells the power of the step that ends at it: that step lies in the valley
    for (const row of charged)
      expect(
        bandAtInstant(parsed, row.ms - INTERVAL_S * 1000, 'Europe/Berlin'),
        new Date(row.ms).toISOString(),
      ).toBe('valley');
    // plugged from 18:00, nothing before 22:00
    expect(readings.some((row) => row.state === 'plugged' && row.ms < startMs + 5 * HOUR_MS)).toBe(true);
    const record = (await records(plant)).list[0]!;
    expect(record.energy_kwh).toBeGreaterThan(5);
    // valley energy at the valley's price (the battery may give some of it)
    expect(record.cost).toBeCloseTo(record.grid_kwh * valley.prices.valley, 1);
    await close(plant);
  });

  it('a remote stop ends the charging: the car stays plugged, held, and takes no more', async () => {
    const startMs = localMidnightMs('2025-01-15', 'Europe/Berlin') + 18 * HOUR_MS;
    const plant = await site(startMs);
    const saved = await call(charging.savePlan, {
      equ_sn: plant.sn,
      plan: { mode: 'fast', min_current_a: 6, max_current_a: 16, phases: '3p' },
      key: crypto.randomUUID(),
    });
    expect(await answered(charging.savePlan.data.parse(saved.data).command_id)).toBe('succeeded');
    plant.portal.station.plant.bringCar({
      arrivalMs: startMs + 10 * 60_000,
      departureMs: startMs + 12 * HOUR_MS,
      capacityKwh: 77,
      socPct: 20,
      maxW: 11_000,
    });
    const before = await runPlant(plant, startMs, startMs + HOUR_MS);
    expect(before.at(-1)).toMatchObject({ state: 'charging' });
    // the hour run through outlived the unlock of half an hour
    await setup.server.call(control.unlock, { equ_sn: plant.sn, pwd: PASSWORD }, setup.installer.token);
    const stop = await call(charging.remote, { equ_sn: plant.sn, action: 'stop', key: crypto.randomUUID() });
    expect(stop.code, JSON.stringify(stop)).toBe(1);
    expect(await answered(charging.remote.data.parse(stop.data).command_id)).toBe('succeeded');
    const after = await runPlant(plant, startMs + HOUR_MS, startMs + 2 * HOUR_MS);
    // the step under way when the stop came may still carry power; every later one none
    for (const row of after.slice(1))
      expect(row).toMatchObject({ state: 'plugged', power_w: 0, remote_hold: 1 });
    expect(after.at(-1)!.session_kwh).toBeCloseTo(after[1]!.session_kwh, 3);
    const record = (await records(plant)).list[0]!;
    expect(record.state).toBe('plugged');
    expect(record.ended_at).toBeNull();
    await close(plant);
  });
});
