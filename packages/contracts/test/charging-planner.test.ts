import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeTarget,
  type ChargingForecastResult,
  type ChargingMode,
  type ChargingPlan,
  chargingWindows,
  feasiblePower,
  isFeasiblePower,
  localClock,
  localDate,
  PLAN_HORIZON_MS,
  type PlannedSlot,
  type PlannerInput,
  planCharging,
  plannedHours,
  powerLimits,
  SLOT_MS,
  utcOffsetMs,
} from '../src/index.ts';
import { HOUR_MS, hoursOf, plannerInputArb, surplusAt } from './support/charging.ts';

/**
 * The charging planner's promises (charging/planner.ts), over any valid plan, tariff, forecast,
 * moment and zone, clock changes included: the charger is never asked for more than it can draw,
 * a feasible target is met, PV comes before the grid and the grid's cheapest quarters first.
 */

const runs = { numRuns: 200 };
const EPS = 1e-6;

function property(
  check: (input: PlannerInput, result: ChargingForecastResult) => void,
  inputs: fc.Arbitrary<PlannerInput> = plannerInputArb,
) {
  fc.assert(
    fc.property(inputs, (input) => check(input, planCharging(input))),
    runs,
  );
}

/** The same inputs, every plan in `mode`: with a target or without, as drawn (`any`), or only with (`some`) or without (`none`). */
function inMode(mode: ChargingMode, targets: 'any' | 'some' | 'none'): fc.Arbitrary<PlannerInput> {
  return plannerInputArb
    .map((input) => ({
      ...input,
      plan: { ...input.plan, mode, ...(targets === 'none' ? { weekly: [], override: null } : {}) },
    }))
    .filter(({ plan }) => targets !== 'some' || plan.weekly.length > 0 || plan.override !== null);
}

const sum = (slots: readonly PlannedSlot[], of: (slot: PlannedSlot) => number) =>
  slots.reduce((total, slot) => total + of(slot) * hoursOf(slot), 0);

/** What the charger draws by its mode alone with `surplusW` expected, from plan.ts's words on each mode. */
function modeAlone(plan: ChargingPlan, surplusW: number): number {
  const limits = powerLimits(plan);
  const surplus = feasiblePower(limits, surplusW);
  return {
    fast: limits.maxW,
    pv: surplus,
    min_pv: Math.max(limits.minW, surplus),
    off_peak: 0,
    scheduled: 0,
  }[plan.mode];
}

/** What the plan draws in a slot before any target: the mode alone, and off-peak its valley at the maximum. */
function baseOf(plan: ChargingPlan, slot: PlannedSlot, surplusW: number): number {
  if (plan.mode !== 'off_peak') return modeAlone(plan, surplusW);
  return slot.band === 'valley' ? powerLimits(plan).maxW : 0;
}

/** The energy a target still needs by departure, Wh (an SOC target from empty when the car does not say). */
function expectedNeed(input: PlannerInput, energyKwh: number | null, socPct: number | null): number {
  if (energyKwh !== null) return Math.max(0, energyKwh * 1000 - input.deliveredWh);
  const capacityWh = input.plan.car_capacity_kwh! * 1000;
  if (input.carSocPct === null) return Math.max(0, (socPct! / 100) * capacityWh - input.deliveredWh);
  return Math.max(0, ((socPct! - input.carSocPct) / 100) * capacityWh);
}

describe('the planner never asks the charger for what it cannot draw', { timeout: 60_000 }, () => {
  it('plans 0 or a feasible power in every slot, never above the maximum; PV part within it', () => {
    property(({ plan, forecast }, result) => {
      const limits = powerLimits(plan);
      for (const slot of result.slots) {
        expect(isFeasiblePower(limits, slot.powerW), `${slot.powerW} W`).toBe(true);
        expect(slot.powerW).toBeLessThanOrEqual(limits.maxW);
        expect(slot.pvW).toBeGreaterThanOrEqual(0);
        expect(slot.pvW).toBeLessThanOrEqual(Math.min(slot.powerW, surplusAt(forecast, slot.startMs)) + EPS);
      }
    });
  });

  it('plans contiguous slots from now to the departure (24 h without a target), on quarter hours after the first', () => {
    property(({ nowMs }, result) => {
      const endMs = result.target ? result.target.departureMs : nowMs + PLAN_HORIZON_MS;
      expect(result.slots[0]!.startMs).toBe(nowMs);
      expect(result.slots.at(-1)!.endMs).toBe(endMs);
      for (const [index, slot] of result.slots.entries()) {
        expect(slot.endMs).toBeGreaterThan(slot.startMs);
        expect(slot.endMs - slot.startMs).toBeLessThanOrEqual(SLOT_MS);
        if (index > 0) {
          expect(slot.startMs).toBe(result.slots[index - 1]!.endMs);
          expect(slot.startMs % SLOT_MS).toBe(0);
        }
      }
    });
  });

  it('adds up what it expects to deliver, from PV and at what cost', () => {
    property((_input, result) => {
      expect(result.expectedWh).toBeCloseTo(
        sum(result.slots, (slot) => slot.powerW),
        6,
      );
      expect(result.expectedPvWh).toBeCloseTo(
        sum(result.slots, (slot) => slot.pvW),
        6,
      );
      const grid = result.slots.filter((slot) => slot.powerW > slot.pvW);
      if (grid.some((slot) => slot.price === null)) expect(result.expectedCost).toBeNull();
      else {
        const cost = grid.reduce(
          (total, slot) => total + ((slot.powerW - slot.pvW) * hoursOf(slot) * slot.price!) / 1000,
          0,
        );
        // Rounded to the currency's cents.
        expect(Math.abs(result.expectedCost! - cost)).toBeLessThanOrEqual(0.005 + EPS);
      }
    });
  });

  it('warns of what it had to do without', () => {
    property((input, result) => {
      expect(result.warnings.includes('noForecast')).toBe(input.forecast === null);
      expect(result.warnings.includes('noTariff')).toBe(
        input.plan.mode === 'off_peak' && input.tariff === null,
      );
      if (input.plan.mode === 'pv' && input.forecast) {
        const limits = powerLimits(input.plan);
        const some = result.slots.some(
          (slot) => feasiblePower(limits, surplusAt(input.forecast, slot.startMs)) > 0,
        );
        expect(result.warnings.includes('noSurplusExpected')).toBe(!some);
      } else expect(result.warnings).not.toContain('noSurplusExpected');
    });
  });
});

describe('a target', { timeout: 60_000 }, () => {
  it('needs its energy, or its SOC of the car’s capacity less what the car has (from empty when unknown)', () => {
    property((input, result) => {
      const active = activeTarget(input.plan, input.nowMs, input.zone);
      if (!active) {
        expect(result.target).toBeNull();
        expect(result.warnings).not.toContain('carSocUnknown');
        return;
      }
      expect(result.target).toMatchObject({ source: active.source, departureMs: active.departureMs });
      expect(result.target!.needWh).toBeCloseTo(expectedNeed(input, active.energy_kwh, active.soc_pct), 6);
      expect(result.warnings.includes('carSocUnknown')).toBe(
        active.soc_pct !== null && input.carSocPct === null,
      );
    });
  });

  it('is met when the maximum from now reaches it; else says unreachable and by how much', () => {
    property(({ plan, nowMs }, result) => {
      if (!result.target) {
        expect(result.reachable).toBeNull();
        expect(result.shortfallWh).toBe(0);
        return;
      }
      const { maxW } = powerLimits(plan);
      const capacityWh = (maxW * (result.target.departureMs - nowMs)) / HOUR_MS;
      const need = result.target.needWh;
      if (need <= capacityWh) {
        expect(result.reachable).toBe(true);
        expect(result.expectedWh).toBeGreaterThanOrEqual(need - 1);
        expect(result.shortfallWh).toBe(0);
        expect(result.warnings).not.toContain('targetUnreachable');
      } else if (need > capacityWh + 1) {
        expect(result.reachable).toBe(false);
        expect(result.warnings).toContain('targetUnreachable');
        // Short of it, every quarter hour is at the maximum.
        for (const slot of result.slots) expect(slot.powerW).toBe(maxW);
        expect(result.expectedWh).toBeCloseTo(capacityWh, 6);
        expect(result.shortfallWh).toBeCloseTo(need - result.expectedWh, 6);
      }
    });
  });

  it('grid top-ups take the cheapest quarter hours first (valley, shoulder, peak; earlier among equals)', () => {
    property(({ plan, forecast }, result) => {
      if (!result.target) return;
      const { maxW } = powerLimits(plan);
      const raised = (slot: PlannedSlot) =>
        plan.mode === 'scheduled'
          ? slot.powerW - Math.min(slot.powerW, surplusAt(forecast, slot.startMs)) > EPS
          : slot.powerW > baseOf(plan, slot, surplusAt(forecast, slot.startMs)) + EPS;
      const order = result.slots
        .map((slot, index) => ({ slot, index }))
        .sort((a, b) => (a.slot.price ?? Infinity) - (b.slot.price ?? Infinity) || a.index - b.index);
      const last = order.findLastIndex(({ slot }) => raised(slot));
      for (const { slot } of order.slice(0, Math.max(0, last))) expect(slot.powerW).toBe(maxW);
      // Tariff prices rise from valley to peak: a band is only topped up once every cheaper one is full.
      const rank = { valley: 0, shoulder: 1, peak: 2 } as const;
      for (const slot of result.slots.filter(raised))
        for (const other of result.slots)
          if (slot.band && other.band && rank[other.band] < rank[slot.band]) expect(other.powerW).toBe(maxW);
    });
  });
});

describe('each mode', { timeout: 60_000 }, () => {
  it('scheduled plans the need (plus one slot’s rounding), PV surplus before any grid', () => {
    property(
      ({ plan, forecast }, result) => {
        if (!result.target) {
          for (const slot of result.slots) expect(slot.powerW).toBe(0);
          return;
        }
        const limits = powerLimits(plan);
        // The smallest step up the charger can take: its minimum, or from one phase's maximum to three's minimum.
        const [one, three] = limits.ranges;
        const stepW = Math.max(one![0], three ? three[0] - one![1] : 0);
        if (result.reachable)
          expect(result.expectedWh).toBeLessThanOrEqual(result.target.needWh + stepW * 0.25 + EPS);
        const grid = result.slots.some((slot) => slot.powerW - slot.pvW > EPS);
        if (grid)
          for (const slot of result.slots)
            expect(slot.powerW).toBeGreaterThanOrEqual(
              feasiblePower(limits, surplusAt(forecast, slot.startMs)),
            );
      },
      inMode('scheduled', 'some'),
    );
  });

  it('off-peak without a target charges at the maximum in valley quarters only', () => {
    property(
      ({ plan }, result) => {
        for (const slot of result.slots)
          expect(slot.powerW).toBe(slot.band === 'valley' ? powerLimits(plan).maxW : 0);
      },
      inMode('off_peak', 'none'),
    );
  });

  it('PV surplus without a target never draws from the grid', () => {
    property(
      ({ forecast }, result) => {
        for (const slot of result.slots) {
          expect(slot.powerW).toBeLessThanOrEqual(surplusAt(forecast, slot.startMs));
          expect(slot.pvW).toBe(slot.powerW);
        }
        expect(result.expectedCost).toBe(0);
      },
      inMode('pv', 'none'),
    );
  });

  it('minimum + PV draws the minimum, more with surplus (and what a target adds)', () => {
    property(
      ({ plan, forecast }, result) => {
        const limits = powerLimits(plan);
        for (const slot of result.slots) {
          const own = Math.max(limits.minW, feasiblePower(limits, surplusAt(forecast, slot.startMs)));
          if (result.target) expect(slot.powerW).toBeGreaterThanOrEqual(own);
          else expect(slot.powerW).toBe(own);
        }
      },
      inMode('min_pv', 'any'),
    );
  });

  it('fast draws the maximum from now, target or not', () => {
    property(
      ({ plan }, result) => {
        for (const slot of result.slots) expect(slot.powerW).toBe(powerLimits(plan).maxW);
      },
      inMode('fast', 'any'),
    );
  });
});

describe('what the charger is sent and the preview', { timeout: 60_000 }, () => {
  it('windows cover exactly the quarter hours that need more than the mode draws alone, merged', () => {
    property(({ plan, forecast }, result) => {
      const own = (slot: PlannedSlot) => modeAlone(plan, surplusAt(forecast, slot.startMs));
      const windows = chargingWindows(result);
      for (const slot of result.slots) {
        expect(slot.modeW).toBe(own(slot));
        const holding = windows.filter(
          (window) => window.startMs < slot.endMs && slot.startMs < window.endMs,
        );
        if (slot.powerW > own(slot)) {
          expect(holding).toHaveLength(1);
          expect(holding[0]).toMatchObject({ powerW: slot.powerW });
          expect(holding[0]!.startMs).toBeLessThanOrEqual(slot.startMs);
          expect(holding[0]!.endMs).toBeGreaterThanOrEqual(slot.endMs);
        } else expect(holding).toEqual([]);
      }
      for (const [index, window] of windows.entries()) {
        expect(window.endMs).toBeGreaterThan(window.startMs);
        const previous = windows[index - 1];
        if (previous) {
          expect(window.startMs).toBeGreaterThanOrEqual(previous.endMs);
          if (window.startMs === previous.endMs) expect(window.powerW).not.toBe(previous.powerW);
        }
      }
      if (plan.mode === 'fast') expect(windows).toEqual([]);
    });
  });

  it('sums the slots by station-local hour, each hour after the first on the hour, the repeated hour twice', () => {
    property(({ zone }, result) => {
      const hours = plannedHours(result, zone);
      const wall = (ms: number) =>
        `${localDate(ms, zone)} ${localClock(ms, zone).slice(0, 2)} ${utcOffsetMs(ms, zone)}`;
      expect(hours[0]!.startMs).toBe(result.slots[0]!.startMs);
      for (const [index, hour] of hours.entries()) {
        const endMs = hours[index + 1]?.startMs ?? result.slots.at(-1)!.endMs;
        const slots = result.slots.filter((slot) => slot.startMs >= hour.startMs && slot.startMs < endMs);
        expect(slots.length).toBeGreaterThan(0);
        expect(new Set(slots.map((slot) => wall(slot.startMs))).size).toBe(1);
        expect(endMs - hour.startMs).toBeLessThanOrEqual(HOUR_MS);
        if (index > 0) expect(localClock(hour.startMs, zone).slice(3)).toBe('00');
        if (index > 0) expect(wall(hour.startMs)).not.toBe(wall(hours[index - 1]!.startMs));
        expect(hour.plannedWh).toBeCloseTo(
          sum(slots, (slot) => slot.powerW),
          6,
        );
        expect(hour.pvWh).toBeCloseTo(
          sum(slots, (slot) => slot.pvW),
          6,
        );
        expect(hour.band).toBe(slots[0]!.band);
      }
      expect(hours.reduce((total, hour) => total + hour.plannedWh, 0)).toBeCloseTo(result.expectedWh, 6);
      expect(hours.reduce((total, hour) => total + hour.pvWh, 0)).toBeCloseTo(result.expectedPvWh, 6);
    });
  });
});
