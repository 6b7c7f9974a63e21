import { localClock, localDate, utcOffsetMs } from '../calendar.ts';
import { bandAtInstant, type Tariff, type TariffBand } from '../tariffs.ts';
import {
  activeTarget,
  type ChargingMode,
  type ChargingPlan,
  feasiblePower,
  type PowerLimits,
  powerLimits,
} from './plan.ts';

/**
 * The charging planner: a pure function from a plan, the moment, the car, the tariff and the PV
 * forecast to the power the charger should draw in each quarter hour until the departure (24 hours
 * without a target), what that is expected to deliver, and whether the target is reached. The server
 * runs it for the preview and to make the windows it sends the charger; the web only draws its answer.
 *
 * Every planned power is 0 or one the charger can draw (`feasiblePower`), never above its maximum.
 * The mode gives a base: `fast` the maximum from now; `pv` the expected surplus where it reaches the
 * minimum; `min_pv` the minimum, more with surplus; `off_peak` the maximum in valley quarters;
 * `scheduled` nothing. With a target, `scheduled` takes the PV surplus first (free, in time order),
 * then every mode raises the cheapest grid quarters (by the band's price, earlier first among equals)
 * towards the maximum until the need is met; what cannot be met is the shortfall. `scheduled` and
 * `off_peak` plan only the need (their last quarter hour rounded up to a power the charger can draw),
 * as the charger ends its windows at the target; `fast`, `pv` and `min_pv` treat the target as a
 * floor and keep their own charging beyond it.
 */

export const SLOT_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
/** Without a target the plan looks this far ahead. */
export const PLAN_HORIZON_MS = 24 * HOUR_MS;

/** One hour of the PV forecast for the station: PV power and the surplus over the household's load, W. */
export interface ForecastHour {
  startMs: number;
  pvW: number;
  surplusW: number;
}

export interface PlannerInput {
  nowMs: number;
  /** The station's zone: weekly departures and tariff bands are on its wall clock. */
  zone: string;
  plan: ChargingPlan;
  /** Energy the car took in the session under way, Wh (0 without a session). */
  deliveredWh: number;
  /** The car's SOC now when the charger knows it (ISO 15118), else null. */
  carSocPct: number | null;
  tariff: Tariff | null;
  /** Price of a grid kWh without a tariff (the station's unit price); null when unknown. */
  unitPrice: number | null;
  /** Hourly PV forecast; null when the weather provider could not be asked (tariff alone then). */
  forecast: readonly ForecastHour[] | null;
}

export const chargingWarnings = [
  /** The target cannot be met by departure even at the maximum from now. */
  'targetUnreachable',
  /** No PV forecast: planned on the tariff alone. */
  'noForecast',
  /** Off-peak without a tariff: there is no valley to wait for. */
  'noTariff',
  /** A SOC target while the car does not report its SOC: planned from empty. */
  'carSocUnknown',
  /** PV surplus only, and the forecast shows none reaching the minimum before departure. */
  'noSurplusExpected',
] as const;
export type ChargingWarning = (typeof chargingWarnings)[number];

export interface PlannedSlot {
  startMs: number;
  endMs: number;
  /** What the charger should draw, W: 0 or feasible. */
  powerW: number;
  /**
   * What the charger draws by its mode alone, without windows, W: its maximum for `fast`, the
   * expected surplus it follows for `pv` and `min_pv` (never below the minimum for `min_pv`); nothing
   * for `off_peak` and `scheduled`, which charge only in the windows they are sent.
   */
  modeW: number;
  /** Of it, what the expected surplus covers, W; the rest is from the grid (or the battery). */
  pvW: number;
  /** The expected PV power of the station in the slot, W; null without a forecast. */
  expectedPvW: number | null;
  band: TariffBand | null;
  /** Price of a grid kWh in the slot; null when unknown. */
  price: number | null;
}

export interface ChargingForecastResult {
  mode: ChargingMode;
  slots: PlannedSlot[];
  target: {
    source: 'override' | 'weekly';
    departureMs: number;
    /** Energy still needed by departure, Wh. */
    needWh: number;
  } | null;
  /** What the slots deliver (by departure when there is a target), Wh. */
  expectedWh: number;
  /** Of it, from the expected PV surplus, Wh. */
  expectedPvWh: number;
  /** Expected cost of the grid part, in the station's currency; null when no price is known. */
  expectedCost: number | null;
  /** Null without a target. */
  reachable: boolean | null;
  shortfallWh: number;
  warnings: ChargingWarning[];
}

/** The lowest power the charger can draw that is not below `powerW` (its maximum at most). */
function ceilingPower(limits: PowerLimits, powerW: number): number {
  for (const [min, max] of limits.ranges) if (powerW <= max) return Math.max(min, powerW);
  return limits.maxW;
}

function surplusAt(
  forecast: readonly ForecastHour[] | null,
  ms: number,
): { pvW: number; surplusW: number } | null {
  if (!forecast) return null;
  for (const hour of forecast) if (ms >= hour.startMs && ms < hour.startMs + HOUR_MS) return hour;
  return null;
}

/** The energy a target still needs, Wh, and whether the car's SOC had to be assumed. */
function needOf(
  input: PlannerInput,
  target: { energy_kwh: number | null; soc_pct: number | null },
): { needWh: number; socUnknown: boolean } {
  if (target.energy_kwh !== null)
    return { needWh: Math.max(0, target.energy_kwh * 1000 - input.deliveredWh), socUnknown: false };
  const capacityWh = (input.plan.car_capacity_kwh ?? 0) * 1000;
  const targetPct = target.soc_pct ?? 0;
  if (input.carSocPct === null)
    return { needWh: Math.max(0, (targetPct / 100) * capacityWh - input.deliveredWh), socUnknown: true };
  return { needWh: Math.max(0, ((targetPct - input.carSocPct) / 100) * capacityWh), socUnknown: false };
}

/** What the charger draws in a slot by its mode alone, without windows (`PlannedSlot.modeW`). */
function modePower(mode: ChargingMode, limits: PowerLimits, surplusW: number): number {
  switch (mode) {
    case 'fast':
      return limits.maxW;
    case 'pv':
      return feasiblePower(limits, surplusW);
    case 'min_pv':
      return Math.max(limits.minW, feasiblePower(limits, surplusW));
    case 'off_peak':
    case 'scheduled':
      return 0;
  }
}

/** The base power of a mode in a slot, before any target: see the file's comment. */
function basePower(
  mode: ChargingMode,
  limits: PowerLimits,
  surplusW: number,
  band: TariffBand | null,
): number {
  if (mode === 'off_peak') return band === 'valley' ? limits.maxW : 0;
  return modePower(mode, limits, surplusW);
}

export function planCharging(input: PlannerInput): ChargingForecastResult {
  const { plan, nowMs, zone, tariff } = input;
  const limits = powerLimits(plan);
  const warnings = new Set<ChargingWarning>();
  const active = activeTarget(plan, nowMs, zone);
  let target: ChargingForecastResult['target'] = null;
  if (active) {
    const need = needOf(input, active);
    if (need.socUnknown) warnings.add('carSocUnknown');
    target = { source: active.source, departureMs: active.departureMs, needWh: need.needWh };
  }
  if (!input.forecast) warnings.add('noForecast');
  if (plan.mode === 'off_peak' && !tariff) warnings.add('noTariff');

  // Quarter hours from now (the first one partial) to the departure or the horizon.
  const endMs = target ? target.departureMs : nowMs + PLAN_HORIZON_MS;
  const slots: PlannedSlot[] = [];
  for (let start = nowMs; start < endMs; ) {
    const next = Math.min(endMs, (Math.floor(start / SLOT_MS) + 1) * SLOT_MS);
    const hour = surplusAt(input.forecast, start);
    const band = tariff ? bandAtInstant(tariff, start, zone) : null;
    const price = tariff && band ? tariff.prices[band] : input.unitPrice;
    slots.push({
      startMs: start,
      endMs: next,
      powerW: 0,
      modeW: 0,
      pvW: Math.max(0, hour?.surplusW ?? 0),
      expectedPvW: hour ? Math.max(0, hour.pvW) : null,
      band,
      price,
    });
    start = next;
  }
  const hours = (slot: PlannedSlot) => (slot.endMs - slot.startMs) / HOUR_MS;
  // The surplus each slot expects; pvW is then what of it the plan uses.
  const surplus = slots.map((slot) => slot.pvW);
  for (const [index, slot] of slots.entries()) {
    slot.modeW = modePower(plan.mode, limits, surplus[index]!);
    slot.powerW = basePower(plan.mode, limits, surplus[index]!, slot.band);
  }

  if (target && plan.mode === 'off_peak') {
    // The charger ends its windows at the target (the command's target_wh): so the valley charges
    // only what the target needs, in time order, and the preview shows what the charger will do.
    let left = target.needWh;
    for (const slot of slots) {
      if (slot.powerW <= 0) continue;
      slot.powerW = left > 1e-6 ? Math.min(slot.powerW, ceilingPower(limits, left / hours(slot))) : 0;
      left -= slot.powerW * hours(slot);
    }
  }
  if (target) {
    let planned = slots.reduce((sum, slot) => sum + slot.powerW * hours(slot), 0);
    /** The power of a slot raised by what is still missing, not past it (and at most the maximum). */
    const raised = (slot: PlannedSlot, fromW: number) =>
      Math.min(limits.maxW, ceilingPower(limits, fromW + (target.needWh - planned) / hours(slot)));
    if (plan.mode === 'scheduled') {
      // PV first: every slot whose surplus reaches the minimum, in time order.
      for (const [index, slot] of slots.entries()) {
        if (planned >= target.needWh) break;
        const power = Math.min(feasiblePower(limits, surplus[index]!), raised(slot, 0));
        if (power <= 0) continue;
        slot.powerW = power;
        planned += power * hours(slot);
      }
    }
    // Then the grid: cheapest first (unknown prices last), earlier first among equals.
    const order = slots
      .map((slot, index) => ({ slot, index }))
      .sort(
        (a, b) =>
          (a.slot.price ?? Number.POSITIVE_INFINITY) - (b.slot.price ?? Number.POSITIVE_INFINITY) ||
          a.index - b.index,
      );
    for (const { slot } of order) {
      if (planned >= target.needWh - 1e-6) break;
      if (slot.powerW >= limits.maxW) continue;
      const power = raised(slot, slot.powerW);
      planned += (power - slot.powerW) * hours(slot);
      slot.powerW = power;
    }
  }

  let expectedWh = 0;
  let expectedPvWh = 0;
  let cost: number | null = 0;
  for (const [index, slot] of slots.entries()) {
    slot.pvW = Math.min(slot.powerW, surplus[index]!);
    const h = hours(slot);
    expectedWh += slot.powerW * h;
    expectedPvWh += slot.pvW * h;
    const gridWh = (slot.powerW - slot.pvW) * h;
    if (gridWh > 0) cost = slot.price === null || cost === null ? null : cost + (gridWh / 1000) * slot.price;
  }
  let reachable: boolean | null = null;
  let shortfallWh = 0;
  if (target) {
    shortfallWh = Math.max(0, target.needWh - expectedWh);
    // A watt-hour short is rounding, not a miss.
    reachable = shortfallWh < 1;
    if (!reachable) warnings.add('targetUnreachable');
    else shortfallWh = 0;
  }
  if (
    plan.mode === 'pv' &&
    input.forecast &&
    !surplus.some((surplusW) => feasiblePower(limits, surplusW) > 0)
  )
    warnings.add('noSurplusExpected');
  return {
    mode: plan.mode,
    slots,
    target,
    expectedWh,
    expectedPvWh,
    expectedCost: cost === null ? null : Math.round(cost * 100) / 100,
    reachable,
    shortfallWh,
    warnings: [...warnings],
  };
}

/** A window the charger is sent: from, to and the power to draw at least, W. */
export interface ChargingWindow {
  startMs: number;
  endMs: number;
  powerW: number;
}

/**
 * The windows a charger is sent: where the plan needs more than the mode does on its own (`modeW`:
 * grid top-ups for `pv` and `min_pv`, every planned slot for `off_peak` and `scheduled`; none for
 * `fast`), neighbouring slots of the same power merged.
 */
export function chargingWindows(result: ChargingForecastResult): ChargingWindow[] {
  const windows: ChargingWindow[] = [];
  for (const slot of result.slots) {
    if (slot.powerW <= slot.modeW) continue;
    const last = windows[windows.length - 1];
    if (last && last.endMs === slot.startMs && last.powerW === slot.powerW) last.endMs = slot.endMs;
    else windows.push({ startMs: slot.startMs, endMs: slot.endMs, powerW: slot.powerW });
  }
  return windows;
}

/** One station-local hour of a plan, for the preview's bar (kWh in the hour). */
export interface PlannedHour {
  startMs: number;
  plannedWh: number;
  pvWh: number;
  expectedPvWh: number | null;
  band: TariffBand | null;
  price: number | null;
}

/**
 * The plan's slots summed by station-local hour (a zone half an hour off UTC still gets its own
 * hours, and the hour the clocks repeat is two hours, as it is lived); band and price are the
 * hour's first slot's.
 */
export function plannedHours(result: ChargingForecastResult, zone: string): PlannedHour[] {
  const hoursOut: PlannedHour[] = [];
  let key = '';
  for (const slot of result.slots) {
    const slotKey = `${localDate(slot.startMs, zone)}T${localClock(slot.startMs, zone).slice(0, 2)}${utcOffsetMs(slot.startMs, zone)}`;
    const h = (slot.endMs - slot.startMs) / HOUR_MS;
    let hour = hoursOut[hoursOut.length - 1];
    if (!hour || slotKey !== key) {
      hour = {
        startMs: slot.startMs,
        plannedWh: 0,
        pvWh: 0,
        expectedPvWh: null,
        band: slot.band,
        price: slot.price,
      };
      hoursOut.push(hour);
      key = slotKey;
    }
    hour.plannedWh += slot.powerW * h;
    hour.pvWh += slot.pvW * h;
    if (slot.expectedPvW !== null) hour.expectedPvWh = (hour.expectedPvWh ?? 0) + slot.expectedPvW * h;
  }
  return hoursOut;
}
