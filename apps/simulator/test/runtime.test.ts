import { DeviceType, StationType } from '@helio/contracts';
import { faultByCode, faultCatalogue, faultsOf, mayRaise } from '@helio/contracts/device-link';
import { describe, expect, it } from 'vitest';
import { emptyCounters } from '../src/devices/link.ts';
import { strategyOf } from '../src/devices/strategy.ts';
import { SimulationClock } from '../src/runtime/clock.ts';
import { simulatorSn, stationComposition } from '../src/runtime/fleet-plan.ts';
import { placesNamed } from '../src/runtime/places.ts';
import type { StationSimulation } from '../src/runtime/station.ts';
import { TimerWheel } from '../src/runtime/wheel.ts';
import { sampleStation } from './support/stations.ts';

/** Every reading of every device of a station over `hours`, as sent. */
function readings(station: StationSimulation, hours: number, intervalS = 300): string[] {
  const out: string[] = [];
  const start = station.nextTickAfter(station.timeMs, intervalS);
  for (let ms = start; ms <= start + hours * 3_600_000; ms += intervalS * 1000) {
    const state = station.plant.advance(ms);
    for (const device of station.devices)
      out.push(`${device.sn} ${device.takeReading(state, { live: false }).json}`);
  }
  return out;
}

/** Attaches a run that never connects, so faults are drawn (and alarms queued) without a broker. */
function withFaults(station: StationSimulation, faultRate: number): StationSimulation {
  const wheel = new TimerWheel();
  for (const device of station.devices) {
    device.attach({
      brokerUrl: 'mqtt://127.0.0.1:1',
      wheel,
      now: () => 0,
      intervalS: 300,
      faultRate,
      upgradeFailureRate: 0,
      selfTestFailureRate: 0,
      timing: { workMs: 1, stepMs: 1, rebootMs: 1 },
      counters: emptyCounters(),
    });
  }
  return station;
}

describe('determinism', () => {
  it('the same seed and station list give the same readings, faults included; another seed does not', () => {
    const make = (seed: number) =>
      withFaults(
        sampleStation(StationType.commercialEss, {
          seed,
          types: stationComposition(StationType.commercialEss, 5),
        }),
        20,
      );
    const first = readings(make(42), 72);
    const second = readings(make(42), 72);
    const other = readings(make(43), 72);
    expect(first.length).toBeGreaterThan(1000);
    expect(second).toEqual(first);
    expect(other).not.toEqual(first);
    // with 20 faults a day some part was stopped at some point
    expect(first.some((line) => line.includes('"state":6'))).toBe(true);
  });
});

describe('buffer', () => {
  it('a device that cannot deliver for long thins out its older readings instead of growing without end', () => {
    const station = withFaults(sampleStation(StationType.wallbox), 0);
    const [wallbox] = station.devices;
    const start = station.nextTickAfter(station.timeMs, 60);
    let last = '';
    for (let index = 0; index < 10_200; index += 1) {
      last = wallbox!.takeReading(station.plant.advance(start + index * 60_000), { live: true }).json;
    }
    expect(wallbox!.buffered).toBeLessThanOrEqual(10_080);
    expect(wallbox!.buffered).toBeGreaterThan(7000);
    expect(last).toContain(`"ts":${start + 10_199 * 60_000}`);
  });
});

describe('strategies and slots', () => {
  it('the latest of a strategy and the settings slots decides', () => {
    const station = sampleStation(StationType.residentialEss, {
      types: stationComposition(StationType.residentialEss, 4),
    });
    station.control({ slots: [{ kind: 'charge', startMin: 60, endMin: 300 }] });
    const { program } = strategyOf(
      { mode: 'time_of_use', grid_charge: true, charge_1_start: '02:00', charge_1_end: '04:00' },
      null,
    );
    station.plant.applyStrategy(program!);
    expect(station.plant.config.battery).toMatchObject({
      slots: [],
      strategy: { mode: 'time_of_use', slots: [{ kind: 'charge', startMin: 120, endMin: 240 }] },
    });
    // a setting that leaves the slots alone keeps the strategy
    station.control({ dischargeStopSocPct: 20 });
    expect(station.plant.config.battery?.strategy?.mode).toBe('time_of_use');
    // written slots end it
    station.control({ slots: [{ kind: 'discharge', startMin: 1020, endMin: 1260 }] });
    expect(station.plant.config.battery?.strategy).toBeUndefined();
    expect(station.plant.config.battery?.slots).toEqual([
      { kind: 'discharge', startMin: 1020, endMin: 1260 },
    ]);
  });
});

describe('fault catalogue', () => {
  it('holds 20–40 faults with unique codes and keys, grouped by hundreds', () => {
    expect(faultCatalogue.length).toBeGreaterThanOrEqual(20);
    expect(faultCatalogue.length).toBeLessThanOrEqual(40);
    expect(new Set(faultCatalogue.map((fault) => fault.code)).size).toBe(faultCatalogue.length);
    expect(new Set(faultCatalogue.map((fault) => fault.key)).size).toBe(faultCatalogue.length);
    for (const fault of faultCatalogue) {
      expect(fault.code).toBeGreaterThanOrEqual(100);
      expect(fault.code).toBeLessThan(800);
      expect(fault.key).toMatch(/^[a-z0-9_]+$/);
      expect(faultByCode(fault.code)).toBe(fault);
      // an EMS 5000 names the part of each of its alarms
      expect(fault.deviceTypes.includes(DeviceType.energyManagementBox)).toBe((fault.parts?.length ?? 0) > 0);
    }
  });

  it('gives every device type and every EMS part faults of its own', () => {
    for (const type of [1, 2, 3, 4, 6, 7, 8, 9] as DeviceType[])
      expect(faultsOf(type).length, `type ${type}`).toBeGreaterThan(0);
    for (const part of ['pcs', 'pvs', 'bms', 'sts', 'generator', 'meter'] as const)
      expect(faultsOf(DeviceType.energyManagementBox, part).length, part).toBeGreaterThan(0);
    expect(mayRaise(DeviceType.inverter, 101)).toBe(true);
    expect(mayRaise(DeviceType.inverter, 101, 'pcs')).toBe(false);
    expect(mayRaise(DeviceType.energyManagementBox, 101, 'pcs')).toBe(true);
    expect(mayRaise(DeviceType.energyManagementBox, 101)).toBe(false);
    expect(mayRaise(DeviceType.meter, 601)).toBe(false);
  });
});

describe('simulated clock', () => {
  it('catches up from the past at the speed-up, then runs with the real clock, never ahead', () => {
    const start = 1_000_000_000_000;
    let real = start;
    const clock = new SimulationClock({ simStartMs: start - 3_600_000, speedUp: 61, realNow: () => real });
    expect(clock.now()).toBe(start - 3_600_000);
    real += 30_000; // 30 s real = 30.5 min simulated
    expect(clock.now()).toBe(start - 3_600_000 + 30_000 * 61);
    expect(clock.caughtUp).toBe(false);
    real += 30_000; // an hour behind, gaining 60 ms per ms: caught up after 60 s
    expect(clock.now()).toBe(real);
    expect(clock.caughtUp).toBe(true);
    real += 10_000;
    expect(clock.now()).toBe(real);
    expect(clock.realAt(clock.now() + 5000)).toBe(real + 5000);
  });

  it('answers when a simulated instant comes in real time', () => {
    const real = 2_000_000_000_000;
    const clock = new SimulationClock({ simStartMs: real - 100_000, speedUp: 11, realNow: () => real });
    expect(clock.realAt(real - 100_000)).toBe(real);
    expect(clock.realAt(real - 100_000 + 11_000)).toBe(real + 1000);
    expect(Math.abs(clock.simAt(clock.realAt(real - 50_000)) - (real - 50_000))).toBeLessThan(0.01);
  });

  it('starts now when asked to start in the future, and a speed-up without a past runs in real time', () => {
    const real = 3_000_000_000_000;
    const clock = new SimulationClock({ simStartMs: real + 60_000, speedUp: 100, realNow: () => real });
    expect(clock.now()).toBe(real);
    expect(clock.caughtUp).toBe(true);
  });
});

describe('timer wheel', () => {
  it('runs tasks in due order, ties in scheduling order, and skips cancelled ones', async () => {
    // the wheel's clock is the test's: every task is due once it moves on, whatever the machine's load
    let now = 1_000_000;
    const wheel = new TimerWheel({ now: () => now });
    const ran: string[] = [];
    wheel.at(now + 30, () => ran.push('c'));
    wheel.at(now + 10, () => ran.push('a'));
    wheel.at(now + 10, () => ran.push('b'));
    wheel.at(now + 20, () => ran.push('never')).cancel();
    wheel.after(40, () => ran.push('d'));
    now += 40;
    // due with 'd' and scheduled after it, so it runs last
    await wheel.sleep(0);
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
    wheel.stop();
  });

  it('keeps one timer for many tasks and yields to I/O in long turns', async () => {
    const wheel = new TimerWheel({ budgetMs: 5 });
    let ran = 0;
    let ioTurns = 0;
    const now = Date.now();
    for (let index = 0; index < 20_000; index += 1) {
      wheel.at(now, () => {
        ran += 1;
        const until = performance.now() + 0.002;
        while (performance.now() < until) {
          // busy: a task that takes a little time
        }
      });
    }
    const io = setInterval(() => {
      ioTurns += 1;
    }, 1);
    await wheel.sleep(1);
    while (ran < 20_000) await new Promise((resolve) => setTimeout(resolve, 5));
    clearInterval(io);
    expect(ran).toBe(20_000);
    expect(ioTurns).toBeGreaterThan(2);
    wheel.stop();
  });
});

describe('fleet plan', () => {
  it('makes SNs of the protocol scheme, unique per station and device', () => {
    const sns = new Set<string>();
    for (let station = 0; station < 200; station += 1)
      for (let device = 0; device < 8; device += 1)
        sns.add(simulatorSn(DeviceType.inverter, 'ab12cd', station, device));
    expect(sns.size).toBe(1600);
    for (const sn of sns) expect(sn).toMatch(/^INV[A-Z0-9]{12}$/);
  });

  it('knows places on three continents and refuses unknown ones', () => {
    expect(new Set(placesNamed(['all']).map((place) => place.region))).toEqual(
      new Set(['europe', 'south_america', 'asia']),
    );
    expect(placesNamed(['warsaw', 'asia']).length).toBeGreaterThan(5);
    expect(() => placesNamed(['atlantis'])).toThrow(/atlantis/);
  });

  it('gives a wallbox station its one wallbox, and a C&I station its EMS first', () => {
    expect(stationComposition(StationType.wallbox, 5)).toEqual([DeviceType.chargingPile]);
    expect(stationComposition(StationType.commercialEss, 2)).toEqual([
      DeviceType.energyManagementBox,
      DeviceType.dataLogger,
    ]);
    expect(
      stationComposition(StationType.onGrid, 5).filter((type) => type === DeviceType.meter),
    ).toHaveLength(1);
  });
});
