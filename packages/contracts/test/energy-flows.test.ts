import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addFlowSums,
  autarkyPct,
  consumptionKwh,
  type EnergyFigures,
  type FlowDay,
  flowDay,
  flowSumFromTotals,
  powerFlows,
  type StationPowers,
  selfConsumptionFromFlowsPct,
  selfConsumptionPct,
  selfSufficiencyPct,
} from '../src/energy.ts';

/** A station's powers that balance as `stationPowers` makes them when the grid is measured. */
function balanced(pv: number, grid: number, battery: number, ev: number, soc: number | null): StationPowers {
  return {
    pv_w: pv,
    generator_w: null,
    grid_w: grid,
    battery_w: battery,
    soc_pct: soc,
    load_w: Math.max(0, pv + grid - battery - ev),
    ev_w: ev,
  };
}

const watts = (max: number) => fc.double({ min: -max, max, noNaN: true });
const bucket = fc.option(
  fc
    .tuple(
      fc.double({ min: 0, max: 8000, noNaN: true }),
      watts(10_000),
      watts(5000),
      fc.double({ min: 0, max: 11_000, noNaN: true }),
      fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
    )
    .map(([pv, grid, battery, ev, soc]) => balanced(pv, grid, battery, ev, soc)),
  { freq: 8 },
);
const day = fc.array(bucket, { maxLength: 300 });
const carry = fc.option(fc.record({ grid_share: fc.double({ min: 0, max: 1, noNaN: true }) }), {
  nil: undefined,
});

/** The day's energy totals as the counters would have them, from its flows. */
function totalsOf(result: FlowDay): EnergyFigures {
  const sum = (predicate: (from: string, to: string) => boolean) =>
    Object.entries(result.flows_kwh)
      .filter(([key]) => predicate(...(key.split('>') as [string, string])))
      .reduce((total, [, kwh]) => total + (kwh ?? 0), 0);
  return {
    pv_kwh: sum((from) => from === 'pv'),
    generator_kwh: sum((from) => from === 'generator'),
    import_kwh: sum((from) => from === 'grid'),
    export_kwh: sum((_, to) => to === 'grid'),
    charge_kwh: sum((_, to) => to === 'battery'),
    discharge_kwh: sum((from) => from === 'battery'),
    load_kwh: 0,
    ev_kwh: 0,
  };
}

/** No energy between grid and battery in this bucket. */
const gridAndBatteryApart = (powers: StationPowers | null) =>
  powers === null ||
  !powerFlows(powers).some(
    (flow) =>
      (flow.from === 'grid' && flow.to === 'battery') || (flow.from === 'battery' && flow.to === 'grid'),
  );

describe('self-sufficiency and self-consumption from the flows', () => {
  it('stays within 0–100 % whatever the powers, over one day or many', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(day, carry), { minLength: 1, maxLength: 4 }), (days) => {
        const results = days.map(([buckets, origin]) => flowDay(buckets, { carry: origin }));
        for (const sum of [...results, addFlowSums(...results)]) {
          for (const rate of [selfSufficiencyPct(sum), selfConsumptionFromFlowsPct(sum)]) {
            if (rate === null) continue;
            expect(rate).toBeGreaterThanOrEqual(0);
            expect(rate).toBeLessThanOrEqual(100);
          }
        }
        for (const result of results) {
          expect(result.battery.grid_share).toBeGreaterThanOrEqual(0);
          expect(result.battery.grid_share).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('equals the day-total rates when no energy moves between grid and battery', () => {
    fc.assert(
      fc.property(day, (buckets) => {
        const apart = buckets.map((powers) =>
          gridAndBatteryApart(powers) ? powers : { ...(powers as StationPowers), battery_w: 0 },
        );
        fc.pre(apart.every(gridAndBatteryApart));
        const result = flowDay(apart);
        const totals = totalsOf(result);
        const consumption = consumptionKwh(totals);
        expect(result.consumption_kwh).toBeCloseTo(consumption, 6);
        const [flowAutarky, dayAutarky] = [
          selfSufficiencyPct(result),
          autarkyPct(consumption, totals.import_kwh),
        ];
        if (dayAutarky === null || flowAutarky === null) expect(result.consumption_kwh).toBeLessThan(1e-9);
        else expect(flowAutarky).toBeCloseTo(dayAutarky, 6);
        const [flowOwn, dayOwn] = [
          selfConsumptionFromFlowsPct(result),
          selfConsumptionPct(totals.pv_kwh, totals.export_kwh),
        ];
        expect(flowOwn === null).toBe(dayOwn === null);
        if (flowOwn !== null && dayOwn !== null) expect(flowOwn).toBeCloseTo(dayOwn, 6);
        // the fallback of a day without flows is the same rule
        const fallback = flowSumFromTotals(totals);
        expect(fallback.self_supplied_kwh).toBeCloseTo(result.self_supplied_kwh, 6);
        expect(fallback.pv_on_site_kwh).toBeCloseTo(result.pv_on_site_kwh, 6);
      }),
    );
  });

  /** A night charging the battery from the grid (and the home from the grid), a day using it. */
  function gridChargedNightThenDay(pvW: number, fromSoc = 0) {
    // the battery idle at its first SOC for a bucket, then 6 h of 1083 W into it (6.5 kWh) and
    // 467 W to the home (2.8 kWh), its SOC rising to 85 %
    const night = [
      balanced(0, 0, 0, 0, fromSoc),
      ...Array.from({ length: 12 * 6 }, (_, index) =>
        balanced(0, 1550, 1083.33, 0, fromSoc + ((index + 1) * (85 - fromSoc)) / 72),
      ),
    ];
    const evening = Array.from({ length: 12 * 6 }, (_, index) =>
      // 6 h of home load: PV covers `pvW`, the battery the rest (500 W)
      balanced(pvW, 0, -500, 0, 85 - ((index + 1) * 30) / 72),
    );
    return [...night, ...evening];
  }

  it('counts grid-charged battery energy as bought: above 0 where PV helped, below 100', () => {
    fc.assert(
      fc.property(fc.double({ min: 10, max: 400, noNaN: true }), (pvW) => {
        const result = flowDay(gridChargedNightThenDay(pvW));
        const rate = selfSufficiencyPct(result) as number;
        expect(rate).toBeGreaterThan(0);
        expect(rate).toBeLessThan(100);
        // everything in the battery came from the grid: only the PV to the home is the home's own
        expect(result.self_supplied_kwh).toBeCloseTo((pvW * 6) / 1000, 3);
      }),
    );
  });

  it('turns the day-total 0 % of a Garching-like day into the share PV and own battery energy gave', () => {
    const buckets = gridChargedNightThenDay(133.33);
    const result = flowDay(buckets);
    const totals = totalsOf(result);
    expect(totals.import_kwh).toBeCloseTo(9.3, 1);
    expect(totals.charge_kwh).toBeCloseTo(6.5, 1);
    expect(result.consumption_kwh).toBeCloseTo(6.6, 1);
    expect(autarkyPct(consumptionKwh(totals), totals.import_kwh)).toBe(0);
    expect(selfSufficiencyPct(result)).toBeCloseTo(12.1, 1);
    // own energy carried in at 20 % SOC: a quarter of what the battery holds at 85 % is own
    const carried = flowDay(gridChargedNightThenDay(133.33, 20), { carry: { grid_share: 0 } });
    expect(carried.battery.grid_share).toBeCloseTo(65 / 85, 6);
    expect(selfSufficiencyPct(carried)).toBeGreaterThan(selfSufficiencyPct(result) as number);
    // the carry goes on: a day that only discharges keeps the origin
    expect(flowDay([balanced(0, 0, -500, 0, 50)], { carry: carried.battery }).battery.grid_share).toBeCloseTo(
      65 / 85,
      6,
    );
  });

  it('has no rate without consumption or without PV', () => {
    const empty = flowDay([]);
    expect(selfSufficiencyPct(empty)).toBeNull();
    expect(selfConsumptionFromFlowsPct(empty)).toBeNull();
    expect(empty.buckets_with_data).toBe(0);
  });
});
