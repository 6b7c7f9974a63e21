import { control, DeviceType, ems5000, StationType, strategy } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlantConfig } from '../../simulator/src/plant/model.ts';
import {
  eventually,
  fastTiming,
  online,
  type PortalStation,
  registeredStation,
  rows,
  testLink,
} from '../../simulator/test/support/portal.ts';
import {
  localMidnightMs,
  meterRoundingW,
  peakShavingSite,
  socRoundingPct,
} from '../../simulator/test/support/strategy-sites.ts';
import { brokerKinds, brokerPortal } from './support/broker-portal.ts';

/**
 * The EMS 5000 console end to end: the portal's calls → its broker (embedded, or a real Mosquitto
 * with per-device clients) → the simulator's EMS 5000, which reads and applies its parts'
 * parameters and runs the mode it is given on its plant → its answers and its readings back in the
 * portal. The site is a small C&I plant (a 40 kWh, 8 kW battery, 8 kWp PV, a commercial load
 * peaking above 6.5 kW) whose EMS alone reports it (PCS, PVS, BMS, STS, meter), on a January
 * Wednesday in Munich.
 */

const PASSWORD = 'device-pass-1';
const INTERVAL_S = 300;
const DAY_MS = 86_400_000;
const DATE = '2025-01-15';

const siteConfig = (): PlantConfig => ({ ...peakShavingSite(), stationType: StationType.commercialEss });

describe.each(brokerKinds)('through the %s broker', (broker) => {
  const setup = brokerPortal(broker, { clientId: 'helio-ems-test', accountPrefix: 'emsrt' });

  /** The site from local midnight of DATE at `socPct`, its EMS online and unlocked. */
  async function site(socPct: number) {
    const config = siteConfig();
    const midnightMs = localMidnightMs(DATE, config.timeZone);
    const portal: PortalStation = await registeredStation(
      setup.server,
      setup.installer,
      StationType.commercialEss,
      { types: [DeviceType.energyManagementBox], config, startMs: midnightMs, initialSocPct: socPct },
    );
    const run = testLink(setup.brokerUrl, { intervalS: INTERVAL_S });
    for (const device of portal.station.devices) run.attach(device);
    await Promise.all(portal.station.devices.map(online));
    const ems = portal.station.devices[0]!;
    const sn = ems.sn;
    await setup.server.call(control.setDevicePassword, { equ_sn: sn, pwd: PASSWORD }, setup.installer.token);
    await setup.server.call(control.unlock, { equ_sn: sn, pwd: PASSWORD }, setup.installer.token);
    return { portal, run, sn, deviceId: portal.deviceIds.get(sn)!, midnightMs };
  }

  async function close(plant: Awaited<ReturnType<typeof site>>) {
    await Promise.all(plant.portal.station.devices.map((device) => device.disconnect()));
    plant.run.wheel.stop();
  }

  const call = async (def: { path: string }, body: object) =>
    (await setup.server.post(def.path, body, { token: setup.installer.token })).body;

  /** Polls a command by id until the EMS answered it; answers every reply seen (7005s included). */
  async function polled(commandId: string, part: string) {
    const seen: string[] = [];
    const reply = await eventually(async () => {
      const answer = await call(ems5000.pollingReply, { command_id: commandId, part });
      seen.push(answer.msg);
      if (answer.msg === '7005') throw new Error('not answered yet');
      expect(answer.code, JSON.stringify(answer)).toBe(1);
      return ems5000.pollingReply.data.parse(answer.data);
    }, 15_000);
    return { reply, seen };
  }

  /** Runs the plant from `fromMs` until `toMs`, reporting every interval; answers the EMS's stored readings of that span. */
  async function runPlant(plant: Awaited<ReturnType<typeof site>>, fromMs: number, toMs: number) {
    let steps = 0;
    for (let atMs = plant.portal.station.nextTickAfter(fromMs, INTERVAL_S); atMs < toMs; ) {
      plant.portal.station.tick(atMs, true);
      atMs += INTERVAL_S * 1000;
      steps += 1;
    }
    await Promise.all(plant.portal.station.devices.map((device) => device.drained()));
    // a real broker acknowledges on its own: the portal stores them a moment later
    return eventually(async () => {
      const found = await rows<{
        ms: number;
        pcs_w: number;
        grid_w: number;
        soc_pct: number;
        load_w: number;
        mode: string | null;
      }>(
        setup.server,
        sql`select extract(epoch from ts) * 1000 as ms, (values->>'pcs.ac_power_w')::float8 as pcs_w,
              (values->>'meter.grid_power_w')::float8 as grid_w, (values->>'bms.soc_pct')::float8 as soc_pct,
              (values->>'load_power_w')::float8 as load_w, values->>'mode' as mode
            from readings where device_id = ${plant.deviceId}
              and ts >= ${new Date(fromMs).toISOString()} and ts < ${new Date(toMs).toISOString()}
            order by ts`,
      );
      if (found.length < steps) throw new Error(`${found.length} of ${steps} readings stored`);
      return found;
    }, 30_000);
  }

  it('reads a part: 7005 while the EMS works on it, then its values, which sys/rw shows', async () => {
    const plant = await site(60);
    // the EMS takes its time over this read: the portal has the command pending meanwhile
    plant.run.link.timing = { ...fastTiming, workMs: 3000 };
    const read = await call(ems5000.sysRw, { station_id: plant.portal.stationId, part: 'pcs', read: true });
    expect(read.code, JSON.stringify(read)).toBe(1);
    const commandId = ems5000.sysRw.data.parse(read.data).reading!;
    expect((await call(ems5000.pollingReply, { command_id: commandId, part: 'pcs' })).msg).toBe('7005');
    const { reply, seen } = await polled(commandId, 'pcs');
    expect(seen[0]).toBe('7005');
    expect(reply).toMatchObject({ name: 'read', state: 'succeeded', error: null });
    expect(reply.values).toMatchObject({
      max_charge_w: expect.any(Number),
      max_discharge_w: expect.any(Number),
    });
    expect(Object.keys(reply.values!).every((name) => !name.includes('.'))).toBe(true);
    plant.run.link.timing = fastTiming;
    const view = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: plant.portal.stationId, part: 'pcs' })).data,
    );
    expect(view.reading).toBeNull();
    expect(view.parameters.find((parameter) => parameter.name === 'max_discharge_w')?.value).toBe(
      reply.values!.max_discharge_w,
    );
    await close(plant);
  });

  it('writes a part: the PCS’s discharge cap, applied by the EMS, shown by sys/rw and held in the next readings', async () => {
    const plant = await site(80);
    const saved = await call(ems5000.setSave, {
      station_id: plant.portal.stationId,
      part: 'pcs',
      key: crypto.randomUUID(),
      changes: { max_discharge_w: 2000 },
    });
    expect(saved.code, JSON.stringify(saved)).toBe(1);
    const { reply } = await polled(ems5000.setSave.data.parse(saved.data).command_id, 'pcs');
    expect(reply).toMatchObject({ name: 'settings', state: 'succeeded' });
    expect(reply.values).toMatchObject({ max_discharge_w: 2000 });
    const view = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: plant.portal.stationId, part: 'pcs' })).data,
    );
    expect(view.parameters.find((parameter) => parameter.name === 'max_discharge_w')?.value).toBe(2000);

    // the working day's afternoon into the evening: the load is above the PV, the battery full
    const readings = await runPlant(
      plant,
      plant.midnightMs + 14 * 3_600_000,
      plant.midnightMs + 20 * 3_600_000,
    );
    expect(readings.length).toBe(72);
    // without the cap it would give the site more than 2 kW at its peak
    expect(Math.max(...readings.map((row) => row.load_w))).toBeGreaterThan(4000);
    expect(Math.min(...readings.map((row) => row.pcs_w))).toBeLessThan(-1000);
    for (const row of readings) expect(row.pcs_w).toBeGreaterThanOrEqual(-2000 - 0.5);
    await close(plant);
  });

  it('switches the mode: peak shaving at 5 kW on the EMS holds the import for a simulated day while the battery has charge', async () => {
    const plant = await site(70);
    const applied = await call(strategy.update, {
      key: crypto.randomUUID(),
      equ_sns: [plant.sn],
      mode: {
        kind: 'peak_shaving',
        max_grid_w: 5000,
        min_soc_pct: 20,
        grid_charge: true,
        charge_slots: [{ start: '00:00', end: '06:00' }],
      },
    });
    expect(applied.code, JSON.stringify(applied)).toBe(1);
    const show = await eventually(async () => {
      const answer = ems5000.modeShow.data.parse(
        (await call(ems5000.modeShow, { station_id: plant.portal.stationId })).data,
      );
      if (answer.pending) throw new Error('still pending');
      return answer;
    });
    expect(show.active).toMatchObject({ kind: 'peak_shaving', state: 'applied' });

    const readings = await runPlant(plant, plant.midnightMs, plant.midnightMs + DAY_MS);
    expect(readings.length).toBe(288);
    // the load alone would have broken the limit for over an hour
    expect(readings.filter((row) => row.load_w > 5000).length).toBeGreaterThan(12);
    const charged = readings.filter((row) => row.soc_pct > 20 + socRoundingPct);
    expect(charged.length).toBeGreaterThan(200);
    for (const row of charged) expect(row.grid_w).toBeLessThanOrEqual(5000 + meterRoundingW);
    expect(Math.min(...readings.map((row) => row.pcs_w))).toBeLessThan(-1000);
    // the EMS reports the mode it runs
    expect(readings.at(-1)!.mode).toBe('peak_shaving');
    const reported = ems5000.modeShow.data.parse(
      (await call(ems5000.modeShow, { station_id: plant.portal.stationId })).data,
    );
    expect(reported.reported).toBe('peak_shaving');
    await close(plant);
  });
});
