import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chart } from '../src/api/calls/index.ts';
import type { EnergyCounter } from '../src/device-link/values.ts';
import {
  autarkyPct,
  CO2_KG_PER_KWH,
  co2SavedKg,
  consumptionKwh,
  type EnergyFigures,
  FLOW_THRESHOLD_W,
  incomeOf,
  isRangeDate,
  powerFlows,
  selfConsumptionPct,
  stationMeasures,
  stationPowers,
  stationPvPowerW,
} from '../src/energy.ts';
import { DeviceType, deviceTypes, stationStateOf } from '../src/enums.ts';

const kwh = fc.double({ min: 0, max: 1e6, noNaN: true });
const figures = fc.record<EnergyFigures>({
  pv_kwh: kwh,
  charge_kwh: kwh,
  discharge_kwh: kwh,
  import_kwh: kwh,
  export_kwh: kwh,
  load_kwh: fc.oneof(fc.constant(0), kwh),
  ev_kwh: kwh,
  generator_kwh: kwh,
} satisfies Record<EnergyCounter, fc.Arbitrary<number>>);

describe('rates, income and CO2', () => {
  it('keeps self-consumption and autarky within 0–100 % whatever the counters say', () => {
    fc.assert(
      fc.property(figures, (f) => {
        const consumption = consumptionKwh(f);
        expect(consumption).toBeGreaterThanOrEqual(0);
        for (const rate of [
          selfConsumptionPct(f.pv_kwh, f.export_kwh),
          autarkyPct(consumption, f.import_kwh),
        ]) {
          if (rate === null) continue;
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('has no rate without PV or without consumption', () => {
    expect(selfConsumptionPct(0, 3)).toBeNull();
    expect(autarkyPct(0, 3)).toBeNull();
  });

  it('balances consumption from the flows, or takes a measured load with the wallbox', () => {
    const base = {
      pv_kwh: 10,
      charge_kwh: 2,
      discharge_kwh: 1,
      import_kwh: 3,
      export_kwh: 4,
      load_kwh: 0,
      ev_kwh: 1.5,
      generator_kwh: 0,
    };
    expect(consumptionKwh(base)).toBeCloseTo(10 + 3 + 1 - 4 - 2, 9);
    expect(consumptionKwh({ ...base, load_kwh: 6 })).toBeCloseTo(7.5, 9);
    expect(selfConsumptionPct(10, 4)).toBeCloseTo(60, 9);
    expect(autarkyPct(8, 3)).toBeCloseTo(62.5, 9);
  });

  it('prices PV energy to the cent and saves CO2 by the documented factor', () => {
    expect(incomeOf(46, 0.85)).toBe(39.1);
    expect(incomeOf(0.333, 0.5)).toBe(0.17);
    expect(co2SavedKg(100)).toBeCloseTo(100 * CO2_KG_PER_KWH, 9);
  });
});

describe('station powers and flows', () => {
  const watts = fc.double({ min: -20_000, max: 20_000, noNaN: true });
  const positive = fc.double({ min: 0, max: 20_000, noNaN: true });

  it('balance: what leaves each source and enters each sink equals its power', () => {
    fc.assert(
      fc.property(positive, positive, watts, watts, positive, (pv, generator, grid, battery, ev) => {
        const powers = stationPowers([
          { device_type: DeviceType.inverter, values: { pv_power_w: pv } },
          { device_type: DeviceType.battery, values: { power_w: battery, soc_pct: 50 } },
          { device_type: DeviceType.meter, values: { grid_power_w: grid } },
          { device_type: DeviceType.chargingPile, values: { power_w: ev } },
          { device_type: DeviceType.energyManagementBox, values: { 'generator.power_w': generator } },
        ]);
        const load = powers.load_w ?? 0;
        const supply = pv + generator + Math.max(0, grid) + Math.max(0, -battery);
        const demand = load + ev + Math.max(0, battery) + Math.max(0, -grid);
        // unbalanced inputs only when the load would have to be negative
        fc.pre(Math.abs(supply - demand) < 1e-6);
        const flows = powerFlows(powers);
        const sum = (pick: (f: (typeof flows)[number]) => boolean) =>
          flows.filter(pick).reduce((total, f) => total + f.power_w, 0);
        const tolerance = FLOW_THRESHOLD_W * 8;
        expect(Math.abs(sum((f) => f.from === 'pv') - pv)).toBeLessThan(tolerance);
        expect(Math.abs(sum((f) => f.to === 'load') - load)).toBeLessThan(tolerance);
        expect(Math.abs(sum((f) => f.to === 'ev') - ev)).toBeLessThan(tolerance);
        for (const flow of flows) {
          expect(flow.power_w).toBeGreaterThanOrEqual(FLOW_THRESHOLD_W);
          expect(flow.from).not.toBe(flow.to);
        }
      }),
    );
  });

  it('knows a station’s measures from its device types; the load follows the grid', () => {
    expect([...stationMeasures([DeviceType.inverter])]).toEqual(['pv_w']);
    expect(stationMeasures([DeviceType.inverter, DeviceType.meter]).has('load_w')).toBe(true);
    expect(stationMeasures([DeviceType.offGrid]).has('load_w')).toBe(true);
    expect(stationMeasures([DeviceType.chargingPile]).has('pv_w')).toBe(false);
  });

  it('counts a power measured twice once: the battery beside an off-grid inverter, the PVS beside a hybrid', () => {
    const offGrid = stationPowers([
      {
        device_type: DeviceType.offGrid,
        values: { pv_power_w: 900, battery_power_w: 700, soc_pct: 80, load_power_w: 200 },
      },
      { device_type: DeviceType.battery, values: { power_w: 700, soc_pct: 81 } },
    ]);
    expect(offGrid).toMatchObject({ pv_w: 900, battery_w: 700, soc_pct: 81, load_w: 200, grid_w: null });
    const commercial = stationPowers([
      { device_type: DeviceType.commercialHybrid, values: { pv_power_w: 5000, battery_power_w: 1000 } },
      {
        device_type: DeviceType.energyManagementBox,
        values: { 'pvs.pv_power_w': 5000, 'pcs.ac_power_w': 1000, 'meter.grid_power_w': -1000 },
      },
    ]);
    expect(commercial).toMatchObject({ pv_w: 5000, battery_w: 1000, grid_w: -1000, load_w: 3000 });
  });

  it('averages SOC over the batteries and leaves unmeasured powers null', () => {
    const powers = stationPowers([
      { device_type: DeviceType.battery, values: { power_w: 100, soc_pct: 40 } },
      { device_type: DeviceType.battery, values: { power_w: -300, soc_pct: 60 } },
    ]);
    expect(powers).toMatchObject({ battery_w: -200, soc_pct: 50, grid_w: null, load_w: null, pv_w: null });
  });
});

describe('a station’s headline PV power', () => {
  it('is the PV of the devices not offline, from the best source, and null without one', () => {
    const ems = { device_type: DeviceType.energyManagementBox, values: { 'pvs.pv_power_w': 4000 } };
    const inverter = { device_type: DeviceType.inverter, values: { pv_power_w: 1500 } };
    expect(
      stationPvPowerW([
        { ...ems, status: 'online' },
        { ...inverter, status: 'alarm' },
      ]),
    ).toBe(4000);
    expect(
      stationPvPowerW([
        { ...ems, status: 'offline' },
        { ...inverter, status: 'alarm' },
      ]),
    ).toBe(1500);
    expect(
      stationPvPowerW([
        { ...inverter, status: 'online' },
        { ...inverter, status: 'online' },
      ]),
    ).toBe(3000);
    expect(stationPvPowerW([{ ...inverter, status: 'offline' }])).toBeNull();
    expect(
      stationPvPowerW([{ device_type: DeviceType.meter, values: { grid_power_w: 5 }, status: 'online' }]),
    ).toBeNull();
  });

  it('is stationPowers’ PV over the same devices once the offline ones are left out', () => {
    const device = fc.record({
      device_type: fc.constantFrom(...deviceTypes),
      status: fc.constantFrom('online' as const, 'offline' as const, 'alarm' as const),
      values: fc.dictionary(
        fc.constantFrom('pv_power_w', 'pvs.pv_power_w', 'power_w'),
        fc.double({ min: -1e5, max: 1e5, noNaN: true }),
      ),
    });
    fc.assert(
      fc.property(fc.array(device, { maxLength: 8 }), (devices) => {
        const online = devices.filter((one) => one.status !== 'offline');
        expect(stationPvPowerW(devices)).toBe(stationPowers(online).pv_w);
      }),
    );
  });
});

describe('a station’s state from its devices', () => {
  it('is alarm with any device in alarm, else online with any online, else offline, else no_device', () => {
    expect(stationStateOf([])).toBe('no_device');
    expect(stationStateOf(['offline', 'offline'])).toBe('offline');
    expect(stationStateOf(['offline', 'online'])).toBe('online');
    expect(stationStateOf(['online', 'alarm', 'offline'])).toBe('alarm');
  });
});

describe('chart dates', () => {
  it.each([
    ['day', '2026-03-29', true],
    ['day', '2026-02-29', false],
    ['day', '2026-03', false],
    ['week', '2024-02-29', true],
    ['month', '2026-03', true],
    ['month', '2026-13', false],
    ['month', '2026-03-01', false],
    ['year', '2026', true],
    ['year', '26', false],
    ['total', undefined, true],
    ['total', 'anything', true],
  ] as const)('%s %s → %s', (unit, date, valid) => {
    expect(isRangeDate(unit, date)).toBe(valid);
  });

  it('a chart body refuses a date in another type’s format', () => {
    expect(chart.chart.body.safeParse({ station_id: 1, type: 3, date: '2026-03' }).success).toBe(true);
    expect(chart.chart.body.safeParse({ station_id: 1, type: 3, date: '2026-03-01' }).success).toBe(false);
    expect(chart.emsStationChart.body.safeParse({ station_id: 1, type: 2, date: '2026-03' }).success).toBe(
      true,
    );
    expect(chart.emsStationChart.body.safeParse({ station_id: 1, type: 5 }).success).toBe(false);
  });
});
