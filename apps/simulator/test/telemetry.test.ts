import { DeviceType, StationType, stationTypes } from '@helio/contracts';
import {
  decodeUp,
  type EnergyCounter,
  emsStateName,
  energyCounters,
  flattenValues,
  readCounters,
} from '@helio/contracts/device-link';
import { describe, expect, it } from 'vitest';
import { plantCountersFrom } from '../src/devices/telemetry/plant-counters.ts';
import { reportValues } from '../src/devices/telemetry/report-values.ts';
import type { EnergyCounters } from '../src/plant/model.ts';
import { stationComposition } from '../src/runtime/fleet-plan.ts';
import type { StationSimulation } from '../src/runtime/station.ts';
import { sampleStation } from './support/stations.ts';

const plantCounter: Record<EnergyCounter, keyof EnergyCounters> = {
  pv_kwh: 'pvKwh',
  charge_kwh: 'chargeKwh',
  discharge_kwh: 'dischargeKwh',
  import_kwh: 'importKwh',
  export_kwh: 'exportKwh',
  load_kwh: 'loadKwh',
  ev_kwh: 'evKwh',
  generator_kwh: 'generatorKwh',
};

interface Taken {
  deviceType: DeviceType;
  sn: string;
  ts: number;
  json: string;
  values: Record<string, unknown>;
}

/** Ticks a station every `intervalS` for `hours` and answers every device's readings. */
function run(station: StationSimulation, hours: number, intervalS = 300): Taken[] {
  const taken: Taken[] = [];
  const start = station.nextTickAfter(station.timeMs, intervalS);
  for (let ms = start; ms <= start + hours * 3_600_000; ms += intervalS * 1000) {
    const state = station.plant.advance(ms);
    for (const device of station.devices) {
      const reading = device.takeReading(state, { live: true });
      const parsed = JSON.parse(reading.json) as { values: Record<string, unknown> };
      taken.push({
        deviceType: device.deviceType,
        sn: device.sn,
        ts: ms,
        json: reading.json,
        values: parsed.values,
      });
    }
  }
  return taken;
}

describe('telemetry of every device type', () => {
  const covered = new Set<DeviceType>();

  it.each(stationTypes)(
    'station type %i: every reading decodes with the contracts, live and as backfill',
    (type) => {
      const station = sampleStation(type, { types: stationComposition(type, 6) });
      const taken = run(station, 48);
      for (const reading of taken) {
        covered.add(reading.deviceType);
        const telemetry = decodeUp(
          reading.deviceType,
          'telemetry',
          `{"v":1,"interval_s":300,${reading.json.slice(1)}`,
        );
        expect(telemetry, `${reading.sn} at ${reading.ts}`).toMatchObject({ ok: true });
      }
      for (const device of station.devices) {
        // 60 EMS readings (with up to 16 BMS clusters each) stay under the 256 KiB limit; the
        // device itself cuts by bytes too
        const mine = taken.filter((reading) => reading.sn === device.sn).slice(0, 60);
        const payload = `{"v":1,"interval_s":300,"readings":[${mine.map((reading) => reading.json).join(',')}]}`;
        expect(decodeUp(device.deviceType, 'backfill', payload)).toMatchObject({ ok: true });
      }
    },
  );

  it('covers every device type of the protocol', () => {
    expect([...covered].sort()).toEqual(
      [
        DeviceType.inverter,
        DeviceType.battery,
        DeviceType.offGrid,
        DeviceType.chargingPile,
        DeviceType.meter,
        DeviceType.commercialHybrid,
        DeviceType.energyManagementBox,
        DeviceType.dataLogger,
      ].sort(),
    );
  });

  it.each(stationTypes)(
    'station type %i: each counter comes from one kind of device and adds up to the plant',
    (type) => {
      const station = sampleStation(type, { types: stationComposition(type, 6) });
      const taken = run(station, 30);
      const last = taken.at(-1)!.ts;
      const counters = station.plant.current().counters;
      for (const name of energyCounters) {
        const reporters = taken
          .filter((reading) => reading.ts === last)
          .map((reading) => ({
            reading,
            value: readCounters(reading.deviceType, flattenValues(reading.values))[name],
          }))
          .filter(({ value }) => value !== undefined);
        // one kind of device per counter: a counter measured twice would count the energy twice
        expect(new Set(reporters.map(({ reading }) => reading.deviceType)).size, name).toBeLessThanOrEqual(1);
        if (reporters.length === 0) continue;
        const sum = reporters.reduce((total, { value }) => total + value!, 0);
        expect(Math.abs(sum - counters[plantCounter[name]]), name).toBeLessThanOrEqual(
          0.0005 * reporters.length + 1e-9,
        );
      }
      // what a site of this type measures is reported by someone
      const expected: Record<number, EnergyCounter[]> = {
        [StationType.onGrid]: ['pv_kwh', 'import_kwh', 'export_kwh'],
        [StationType.residentialEss]: ['pv_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh'],
        [StationType.offGrid]: ['pv_kwh', 'load_kwh', 'charge_kwh', 'discharge_kwh'],
        [StationType.residentialEssWallbox]: [
          'pv_kwh',
          'charge_kwh',
          'discharge_kwh',
          'import_kwh',
          'export_kwh',
          'ev_kwh',
        ],
        [StationType.wallbox]: ['ev_kwh'],
        [StationType.commercialEss]: [
          'pv_kwh',
          'charge_kwh',
          'discharge_kwh',
          'import_kwh',
          'export_kwh',
          'generator_kwh',
        ],
      };
      const reported = new Set(
        taken.flatMap((reading) =>
          Object.keys(readCounters(reading.deviceType, flattenValues(reading.values))),
        ),
      );
      for (const name of expected[type]!) expect(reported, name).toContain(name);
    },
  );

  it("a plant restarted from its devices' latest readings carries on with the same counters", () => {
    const station = sampleStation(StationType.commercialEss, {
      types: stationComposition(StationType.commercialEss, 6),
    });
    const taken = run(station, 26);
    const last = taken.filter((reading) => reading.ts === taken.at(-1)!.ts);
    const counters = plantCountersFrom(
      last.map((reading) => ({ deviceType: reading.deviceType, values: flattenValues(reading.values) })),
    );
    const plant = station.plant.current().counters;
    for (const [name, value] of Object.entries(counters)) {
      expect(value, name).toBeCloseTo(plant[name as keyof EnergyCounters], 2);
    }
    expect(Object.keys(counters).sort()).toEqual(
      ['chargeKwh', 'dischargeKwh', 'exportKwh', 'generatorKwh', 'importKwh', 'pvKwh'].sort(),
    );
  });

  it('counters never go backwards and follow the plant reading by reading', () => {
    const station = sampleStation(StationType.residentialEss, {
      types: stationComposition(StationType.residentialEss, 4),
    });
    const previous = new Map<string, Record<string, number>>();
    const start = station.nextTickAfter(station.timeMs, 60);
    for (let ms = start; ms < start + 86_400_000; ms += 60_000) {
      const state = station.plant.advance(ms);
      for (const device of station.devices) {
        const { json } = device.takeReading(state, { live: true });
        const counters = readCounters(device.deviceType, flattenValues(JSON.parse(json).values)) as Record<
          string,
          number
        >;
        const before = previous.get(device.sn) ?? {};
        for (const [name, value] of Object.entries(counters))
          expect(value).toBeGreaterThanOrEqual(before[name] ?? 0);
        previous.set(device.sn, counters);
      }
      const battery = station.devices.find((device) => device.deviceType === DeviceType.battery)!;
      expect(
        readCounters(DeviceType.battery, flattenValues(battery.peekValues(state))).charge_kwh,
      ).toBeCloseTo(state.counters.chargeKwh, 3);
    }
  });

  it('an EMS 5000 reports its parts with states from the plant, and a meter beside it no counters', () => {
    const station = sampleStation(StationType.commercialEss);
    const taken = run(station, 48, 600);
    const ems = taken.filter((reading) => reading.deviceType === DeviceType.energyManagementBox);
    const meter = taken.filter((reading) => reading.deviceType === DeviceType.meter);
    expect(ems.length).toBeGreaterThan(0);
    expect(meter.length).toBeGreaterThan(0);
    for (const reading of meter) {
      expect(reading.values.import_kwh).toBeUndefined();
      expect(reading.values.grid_power_w).toEqual(expect.any(Number));
    }
    const seen = new Set<string>();
    for (const { values } of ems) {
      const parts = values as Record<string, Record<string, number>>;
      expect(Object.keys(values).sort()).toEqual([
        'bms',
        'generator',
        'load_power_w',
        'meter',
        'mode',
        'pcs',
        'pvs',
        'state',
        'sts',
      ]);
      expect(emsStateName('ems', values.state)).toBe('grid_tied');
      expect(values.mode).toBe('peak_shaving');
      const pcs = parts.pcs!;
      const pcsState = emsStateName('pcs', pcs.state);
      if (pcsState !== 'derating') {
        if (pcs.ac_power_w! > 20) expect(pcsState).toBe('charging');
        else if (pcs.ac_power_w! < -20) expect(pcsState).toBe('discharging');
        else expect(pcsState).toBe('grid_tied');
      }
      const pvsState = emsStateName('pvs', parts.pvs!.state);
      if (parts.pvs!.pv_power_w! > 0) expect(['mppt', 'derating']).toContain(pvsState);
      else expect(pvsState).toBe('standby');
      expect(emsStateName('sts', parts.sts!.state)).toBe('grid');
      // on the grid the generator rests
      expect(emsStateName('generator', parts.generator!.state)).toBe('stopped');
      expect(parts.generator!.power_w).toBe(0);
      expect(emsStateName('meter', parts.meter!.state)).toBe('normal');
      seen.add(`pcs:${pcsState}`);
      seen.add(`pvs:${pvsState}`);
    }
    // over two days the PCS charges and rests, the PV runs and rests
    for (const key of ['pcs:charging', 'pvs:mppt', 'pvs:standby']) expect(seen).toContain(key);
  });

  it('a stopped device or part reports the fault state', () => {
    const station = sampleStation(StationType.commercialEss);
    const state = station.plant.advance(station.timeMs + 12 * 3_600_000);
    const [ems, logger] = station.devices;
    expect(ems!.deviceType).toBe(DeviceType.energyManagementBox);
    const values = ems!.peekValues(state, { stopped: new Set(['bms']) }) as Record<
      string,
      Record<string, number>
    >;
    expect(emsStateName('bms', values.bms!.state)).toBe('fault');
    expect(emsStateName('pcs', values.pcs!.state)).not.toBe('fault');
    const meterDown = ems!.peekValues(state, { stopped: new Set(['meter']) }) as Record<
      string,
      Record<string, number>
    >;
    expect(emsStateName('meter', meterDown.meter!.state)).toBe('communication_fault');
    expect(logger!.deviceType).toBe(DeviceType.dataLogger);
    const wallbox = sampleStation(StationType.wallbox);
    const pile = wallbox.devices[0]!;
    const pileState = wallbox.plant.advance(wallbox.timeMs + 3_600_000);
    expect(pile.peekValues(pileState, { stopped: new Set(['device']) }).pile_state).toBe('fault');
  });

  it('a data logger reports its signal, the readings waiting and its uptime', () => {
    const station = sampleStation(StationType.onGrid);
    const logger = station.devices.find((device) => device.deviceType === DeviceType.dataLogger)!;
    const state = station.plant.advance(station.timeMs + 3_600_000);
    const values = logger.peekValues(state, { buffered: 12, uptimeS: 3600.7 });
    expect(values).toMatchObject({ buffered: 12, uptime_s: 3600 });
    expect(values.signal_dbm).toBeLessThan(-40);
    expect(values.signal_dbm).toBeGreaterThan(-120);
    // the plan helper is what reportValues uses for every type
    expect(typeof reportValues).toBe('function');
  });
});
