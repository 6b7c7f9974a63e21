import { type CallDef, control, DeviceType, StationType, strategy, utcOffsetMs } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlantConfig } from '../../simulator/src/plant/model.ts';
import {
  eventually,
  online,
  registeredStation,
  rows,
  testLink,
} from '../../simulator/test/support/portal.ts';
import {
  localMidnightMs,
  meterRoundingW,
  peakShavingSite,
  socRoundingPct,
  strategySite,
} from '../../simulator/test/support/strategy-sites.ts';
import { brokerKinds, brokerPortal } from './support/broker-portal.ts';

/**
 * Each strategy kind through the portal for a simulated day: applied with `api/mode/update` (a
 * system template, a custom one made through `api/mode/{tcd,tcdp,ps}/add`, or a mode's
 * parameters) to the inverter of a simulated battery plant, over the portal's broker (embedded, or
 * a real Mosquitto), until it is applied; then the plant runs a local day reporting every five
 * minutes, and the behaviour is judged from what the portal stored: the meter's `grid_power_w`
 * (+ import) and `load_power_w`, the battery's `power_w` (+ charge) and `soc_pct`, the inverter's
 * `ac_power_w` (PV on the AC side). A reading is the plant's state at its instant, so a limit the plant holds at every
 * step holds in every reading, up to the devices' rounding (strategy-sites.ts).
 */

const PASSWORD = 'device-pass-1';
const INTERVAL_S = 300;
const DAY_MS = 86_400_000;

/** One five-minute reading of the site as stored: local minute of the day and the powers. */
interface Sample {
  minute: number;
  gridW: number;
  loadW: number;
  batteryW: number;
  socPct: number;
  pvW: number;
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const between = (from: string, to: string) => (s: Sample) =>
  s.minute >= minuteOf(from) && s.minute < minuteOf(to);
const max = (values: number[]) => Math.max(...values);
const min = (values: number[]) => Math.min(...values);
/** The mean power the battery gave over `samples`, W. */
const meanDischargeW = (samples: Sample[]) =>
  samples.reduce((sum, s) => sum + Math.max(0, -s.batteryW), 0) / samples.length;

type Apply = { template_id: number } | { mode: Record<string, unknown> & { kind: string } };

describe.each(brokerKinds)('through the %s broker', (broker) => {
  const setup = brokerPortal(broker, { clientId: 'helio-strategy-day-test', accountPrefix: 'sday' });

  async function systemTemplate(kind: string): Promise<number> {
    const answer = await setup.server.call(strategy.list, { source: 'system', kind }, setup.installer.token);
    return (answer.body.data as { list: { template_id: number }[] }).list[0]!.template_id;
  }

  async function added(call: CallDef, body: Record<string, unknown>): Promise<number> {
    const answer = await setup.server.call(
      call,
      { name: `${body.name} ${broker}`, ...body },
      setup.installer.token,
    );
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(1);
    return (answer.body.data as { template_id: number }).template_id;
  }

  /**
   * A battery plant on `config` from local midnight of `date` at `socPct`, its strategy applied
   * through the portal, run for that local day; answers the day's stored readings.
   */
  async function day(config: PlantConfig, date: string, socPct: number, apply: Apply): Promise<Sample[]> {
    const midnightMs = localMidnightMs(date, config.timeZone);
    const portal = await registeredStation(setup.server, setup.installer, StationType.residentialEss, {
      types: [DeviceType.inverter, DeviceType.battery, DeviceType.meter],
      config,
      startMs: midnightMs,
      initialSocPct: socPct,
    });
    const run = testLink(setup.brokerUrl, { intervalS: INTERVAL_S });
    for (const device of portal.station.devices) run.attach(device);
    await Promise.all(portal.station.devices.map(online));
    const idOf = (type: DeviceType) => {
      const device = portal.station.devices.find((candidate) => candidate.deviceType === type)!;
      return { sn: device.sn, id: portal.deviceIds.get(device.sn)! };
    };
    const [inverter, battery, meter] = [DeviceType.inverter, DeviceType.battery, DeviceType.meter].map(idOf);
    await setup.server.call(
      control.setDevicePassword,
      { equ_sn: inverter!.sn, pwd: PASSWORD },
      setup.installer.token,
    );
    await setup.server.call(control.unlock, { equ_sn: inverter!.sn, pwd: PASSWORD }, setup.installer.token);

    const applied = await setup.server.call(
      strategy.update,
      { key: crypto.randomUUID(), equ_sns: [inverter!.sn], ...apply },
      setup.installer.token,
    );
    expect(applied.body.code, JSON.stringify(applied.body)).toBe(1);
    const batchId = (applied.body.data as { batch_id: string }).batch_id;
    const state = await eventually(async () => {
      const answer = await setup.server.call(strategy.batch, { batch_id: batchId }, setup.installer.token);
      const [row] = (answer.body.data as { list: { state: string }[] }).list;
      if (row!.state === 'pending') throw new Error('still pending');
      return row!.state;
    });
    expect(state).toBe('applied');

    let steps = 0;
    for (let atMs = portal.station.nextTickAfter(midnightMs, INTERVAL_S); atMs < midnightMs + DAY_MS; ) {
      portal.station.tick(atMs, true);
      atMs += INTERVAL_S * 1000;
      steps += 1;
    }
    await Promise.all(portal.station.devices.map((device) => device.drained()));
    const [from, to] = [new Date(midnightMs).toISOString(), new Date(midnightMs + DAY_MS).toISOString()];
    // a real broker acknowledges on its own: the portal stores them a moment later
    const stored = await eventually(async () => {
      const found = await rows<{
        ms: number;
        grid_w: number;
        load_w: number;
        battery_w: number;
        soc_pct: number;
        pv_w: number;
      }>(
        setup.server,
        sql`select extract(epoch from m.ts) * 1000 as ms,
              (m.values->>'grid_power_w')::float8 as grid_w, (m.values->>'load_power_w')::float8 as load_w,
              (b.values->>'power_w')::float8 as battery_w, (b.values->>'soc_pct')::float8 as soc_pct,
              (i.values->>'ac_power_w')::float8 as pv_w
            from readings m
            join readings b on b.device_id = ${battery!.id} and b.ts = m.ts
            join readings i on i.device_id = ${inverter!.id} and i.ts = m.ts
            where m.device_id = ${meter!.id} and m.ts >= ${from} and m.ts < ${to}
            order by m.ts`,
      );
      if (found.length < steps) throw new Error(`${found.length} of ${steps} readings stored`);
      return found;
    }, 30_000);
    await Promise.all(portal.station.devices.map((device) => device.disconnect()));
    run.wheel.stop();
    return stored.map((row) => {
      const ms = Number(row.ms);
      const localMs = ms + utcOffsetMs(ms, config.timeZone);
      return {
        minute: Math.floor((((localMs % DAY_MS) + DAY_MS) % DAY_MS) / 60_000),
        gridW: row.grid_w,
        loadW: row.load_w,
        batteryW: row.battery_w,
        socPct: row.soc_pct,
        pvW: row.pv_w,
      };
    });
  }

  it('peak shaving at 5 kW (a custom ps template): the import never above 5 kW while the load peaks above it, SOC above the cut-off, the valley refills', async () => {
    const templateId = await added(strategy.ps.add, {
      name: 'Shave 5 kW',
      max_grid_w: 5000,
      min_soc_pct: 20,
      grid_charge: true,
      charge_slots: [{ start: '00:00', end: '06:00' }],
    });
    const samples = await day(peakShavingSite(), '2025-01-15', 70, { template_id: templateId });
    expect(samples.length).toBe(288);
    // the load alone would have broken the limit for over an hour: the battery held the import down
    expect(max(samples.map((s) => s.loadW))).toBeGreaterThan(6500);
    expect(samples.filter((s) => s.loadW > 5000).length).toBeGreaterThan(12);
    expect(max(samples.map((s) => s.gridW))).toBeLessThanOrEqual(5000 + meterRoundingW);
    expect(min(samples.map((s) => s.socPct))).toBeGreaterThanOrEqual(20 - socRoundingPct);
    expect(min(samples.map((s) => s.batteryW))).toBeLessThan(-1000);
    // the valley refilled it from the grid, within the limit
    expect(max(samples.filter(between('00:00', '06:00')).map((s) => s.batteryW))).toBeGreaterThan(1000);
  });

  it('time of use (the system template): charges from the grid in the night slot to its SOC, covers the home in the evening slot', async () => {
    const samples = await day(strategySite({}), '2025-01-15', 20, {
      template_id: await systemTemplate('tou'),
    });
    // slot 01:00–05:00 up to 90 %, at the battery's power; slot 17:00–21:00 down to 10 %
    const charging = samples.filter(between('01:00', '05:00'));
    expect(charging.length).toBe(48);
    for (const s of charging) expect(s.pvW).toBe(0);
    expect(charging[0]!.batteryW).toBe(5000);
    // with no PV every watt charged came through the meter
    for (const s of charging.filter((s) => s.batteryW > 0))
      expect(s.gridW).toBeGreaterThanOrEqual(s.batteryW);
    expect(charging.at(-1)!.socPct).toBeGreaterThan(charging[0]!.socPct + 50);
    expect(max(charging.map((s) => s.socPct))).toBeCloseTo(90, 0);
    expect(max(charging.map((s) => s.socPct))).toBeLessThanOrEqual(90 + socRoundingPct);
    // once there it holds
    expect(charging.at(-1)!.batteryW).toBe(0);
    // the evening slot has no power: the battery covers the home and exports nothing
    const discharging = samples.filter(between('17:00', '21:00'));
    const covering = discharging.filter((s) => s.socPct > 10 + 1 && s.loadW - s.pvW < 5000);
    expect(covering.length).toBeGreaterThan(12);
    for (const s of covering) expect(Math.abs(s.gridW)).toBeLessThanOrEqual(meterRoundingW);
    expect(min(discharging.map((s) => s.gridW))).toBeGreaterThanOrEqual(-meterRoundingW);
    expect(discharging.at(-1)!.socPct).toBeLessThan(discharging[0]!.socPct - 5);
    expect(min(samples.map((s) => s.socPct))).toBeGreaterThanOrEqual(10 - socRoundingPct);
  });

  it('time of use, fixed power (a custom tcdp template): each slot holds its power, no grid charging outside', async () => {
    const templateId = await added(strategy.tcdp.add, {
      name: 'Fixed',
      grid_charge: true,
      charge_slots: [{ start: '02:00', end: '04:00', power_w: 2000 }],
      discharge_slots: [{ start: '07:00', end: '08:30', power_w: 1500 }],
    });
    const samples = await day(strategySite({}), '2025-01-15', 30, { template_id: templateId });
    const charging = samples.filter(between('02:00', '04:00'));
    const discharging = samples.filter(between('07:00', '08:30'));
    expect([charging.length, discharging.length]).toEqual([24, 18]);
    for (const s of charging) expect(s.batteryW).toBe(2000);
    for (const s of discharging) expect(s.batteryW).toBe(-1500);
    for (const s of samples.filter(between('04:00', '07:00'))) expect(s.batteryW).toBeLessThanOrEqual(0);
  });

  it('self-consumption (a mode): the battery takes the surplus and covers the home, so the site neither imports nor exports while it can', async () => {
    const samples = await day(strategySite({}), '2025-06-18', 30, { mode: { kind: 'self_consumption' } });
    // Inside its window (floor 10 %, ceiling 100 %) and its 5 kW either way. 1 % short of either
    // end: a minute's step never takes the battery past its limit, so near one it may take or give
    // less (1 % of 10 kWh is 6 kW over a minute, above the battery's power).
    const able = samples.filter(
      (s) => s.socPct > 10 + 1 && s.socPct < 100 - 1 && Math.abs(s.pvW - s.loadW) < 5000,
    );
    // most of the day (211 of 288 readings on this plant's weather): the check is not empty
    expect(able.length).toBeGreaterThan(144);
    for (const s of able) expect(Math.abs(s.gridW)).toBeLessThanOrEqual(meterRoundingW);
    // the sun filled it, and it served the evening
    expect(max(samples.map((s) => s.batteryW))).toBeGreaterThan(1000);
    expect(min(samples.map((s) => s.batteryW))).toBeLessThan(-200);
    expect(max(samples.map((s) => s.socPct))).toBeGreaterThan(60);
    for (const s of samples.filter((s) => s.batteryW > 0))
      expect(s.gridW).toBeLessThanOrEqual(meterRoundingW);
  });

  it('backup reserve 50 % (a mode): refills from the grid first, then never goes below the reserve', async () => {
    const samples = await day(strategySite({}), '2025-01-15', 20, {
      mode: { kind: 'backup', min_soc_pct: 50, grid_charge: true },
    });
    const refilled = samples.findIndex((s) => s.socPct >= 50);
    // at night, from the grid, at the battery's full power: within the first hour
    expect(refilled).toBeGreaterThan(0);
    expect(refilled).toBeLessThan(12);
    expect(samples[0]!.batteryW).toBe(5000);
    expect(samples[0]!.gridW).toBeGreaterThanOrEqual(5000);
    const after = samples.slice(refilled);
    expect(min(after.map((s) => s.socPct))).toBeGreaterThanOrEqual(50 - socRoundingPct);
    // it served the home down to the reserve
    expect(min(after.map((s) => s.batteryW))).toBeLessThan(-200);
    expect(min(after.map((s) => s.socPct))).toBeLessThan(50.5);
  });

  it('cut-off 35 % (a mode): discharging stops at the cut-off and the home imports', async () => {
    const samples = await day(strategySite({}), '2025-01-15', 45, {
      mode: { kind: 'cut_off', min_soc_pct: 35 },
    });
    expect(min(samples.map((s) => s.socPct))).toBeGreaterThanOrEqual(35 - socRoundingPct);
    const empty = samples.filter((s) => s.socPct <= 35);
    expect(empty.length).toBeGreaterThan(12);
    // There it gives next to nothing: only the last bits above the cut-off that the SOC's 0.1 %
    // hides (0.05 % of 10 kWh is 5 Wh, up to 300 W over a minute's step), and what the sun put in.
    expect(meanDischargeW(empty)).toBeLessThan(30);
    expect(empty.filter((s) => s.gridW > 0).length).toBeGreaterThan(empty.length * 0.8);
  });

  it('manual −1.5 kW (a mode): the battery gives its set power until the floor, then stops', async () => {
    const samples = await day(strategySite({}), '2025-01-15', 80, {
      mode: { kind: 'manual', manual_power_w: -1500, min_soc_pct: 20 },
    });
    const above = samples.filter((s) => s.socPct > 20 + 0.5);
    expect(above.length).toBeGreaterThan(36);
    for (const s of above) expect(s.batteryW).toBe(-1500);
    const floor = samples.filter((s) => s.socPct <= 20);
    expect(floor.length).toBeGreaterThan(12);
    expect(meanDischargeW(floor)).toBeLessThan(30);
    expect(min(samples.map((s) => s.socPct))).toBeGreaterThanOrEqual(20 - socRoundingPct);
  });
});
