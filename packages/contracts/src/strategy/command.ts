import {
  minutesOf,
  type SettingValue,
  SLOT_COUNT,
  type SlotKind,
  slotEndName,
  slotKinds,
  slotStartName,
} from '../control/device-settings.ts';
import { slotIssues } from '../control/settings-check.ts';
import { HH_MM } from '../validation/common.ts';

/**
 * The device protocol's `strategy` command (docs/device-protocol.md §8.4.2): a complete battery
 * strategy in flat params. A device replaces its strategy with the one a command carries, so every
 * name left out takes its default. One check (`strategyCommandIssues`) for the portal that sends a
 * strategy and the device that takes it; `parseStrategy` turns checked params into the program a
 * device runs.
 */

/** What the battery does (§8.4.2 says each one's behaviour). */
export const strategyModes = [
  'manual',
  'time_of_use',
  'time_of_use_power',
  'self_consumption',
  'peak_shaving',
  'backup_reserve',
  'cut_off',
  'generator_support',
] as const;
export type StrategyMode = (typeof strategyModes)[number];

/**
 * Where PV surplus goes on the grid: `load` PV → home → battery → grid; `battery` PV → battery
 * first, the grid covers the rest of the home; `grid` PV → home → grid, no charging from surplus.
 */
export const strategyPriorities = ['load', 'battery', 'grid'] as const;
export type StrategyPriority = (typeof strategyPriorities)[number];

/** The names of a slot's power (W) and SOC target (%). */
export const strategySlotPowerName = (kind: SlotKind, index: number) => `${kind}_${index}_power_w`;
export const strategySlotSocName = (kind: SlotKind, index: number) => `${kind}_${index}_soc_pct`;

/** Every param a `strategy` command may carry, in the document's order. */
export const strategyParamNames: readonly string[] = [
  'mode',
  'priority',
  'max_soc_pct',
  'min_soc_pct',
  'grid_charge',
  'max_grid_w',
  'max_consumption_w',
  'days',
  ...slotKinds.flatMap((kind) =>
    Array.from({ length: SLOT_COUNT }, (_, i) => [
      slotStartName(kind, i + 1),
      slotEndName(kind, i + 1),
      strategySlotPowerName(kind, i + 1),
      strategySlotSocName(kind, i + 1),
    ]).flat(),
  ),
  'manual_power_w',
];

/** Defaults of the names a command leaves out. */
export const strategyDefaults = {
  priority: 'load',
  maxSocPct: 100,
  minSocPct: 10,
  gridCharge: false,
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: '1234567',
  manualPowerW: 0,
} as const;

/** SOC params' range, % (integers). */
export const strategySocRange = { min: 5, max: 100 } as const;
/** The largest power a strategy names, W: the settings catalogue's bound of a power. */
export const strategyPowerMaxW = 1_000_000;

/** A refused param and why: a key of validation/keys.ts. */
export type StrategyIssue = {
  field: string;
  message:
    | 'validation.settingUnknown'
    | 'validation.invalidValue'
    | 'validation.strategyFieldRequired'
    | 'validation.strategyRange'
    | 'validation.aboveRating'
    | 'validation.timeFormat'
    | 'validation.timeRangeOrder'
    | 'validation.slotOverlap'
    | 'validation.socOrder';
};

/** What a strategy is checked against: the device's rating, W (null: not known, the bound only). */
export interface StrategyContext {
  ratedPowerW: number | null;
}

/** A timed slot of the program, minutes of the device's local day, [startMin, endMin). */
export interface StrategySlot {
  kind: SlotKind;
  startMin: number;
  endMin: number;
  /** Charge: the fixed power (time_of_use_power) or the cap; discharge likewise, W. Absent: the device's most. */
  powerW?: number;
  /** Charge: the SOC it charges up to; discharge: the SOC it discharges down to, %. */
  socPct: number;
}

/** A checked strategy with its defaults filled: what a device runs. */
export interface StrategyProgram {
  mode: StrategyMode;
  priority: StrategyPriority;
  /** Charging stops here, %. */
  maxSocPct: number;
  /** Discharging stops here (the cut-off, the reserve), %. */
  minSocPct: number;
  /** May the battery charge from the grid. */
  gridCharge: boolean;
  /** The most the site imports, W; a peak shaving's limit. Absent: no limit. */
  maxGridW?: number;
  /** The most the battery gives to the site, W. Absent: the device's rating. */
  maxConsumptionW?: number;
  /** ISO weekdays (1 Monday … 7 Sunday) the slots apply on, ascending. */
  days: number[];
  /** Active slots (not 00:00–00:00), by start. */
  slots: StrategySlot[];
  /** `manual`: the battery's power, W, + charge / − discharge. */
  manualPowerW: number;
}

const DAYS = /^1?2?3?4?5?6?7?$/;

const known = new Set(strategyParamNames);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Why a `strategy` command's params are refused, by field (none: the device may run it). Every name
 * known; each value of its type and range; min_soc_pct below max_soc_pct (defaults included);
 * `max_grid_w` given for peak shaving; slots by the contracts' one slot rule (`slotIssues`), a slot
 * given whole (start and end); no power above the device's rating (`max_grid_w` is the site's, not
 * the device's, so it is not bounded by the rating).
 */
export function strategyCommandIssues(
  params: Readonly<Record<string, unknown>>,
  context: StrategyContext,
): StrategyIssue[] {
  const issues: StrategyIssue[] = [];
  const add = (field: string, message: StrategyIssue['message']) => {
    if (!issues.some((issue) => issue.field === field)) issues.push({ field, message });
  };
  const choice = (name: string, options: readonly string[]) => {
    const value = params[name];
    if (value !== undefined && (typeof value !== 'string' || !options.includes(value)))
      add(name, 'validation.invalidValue');
  };
  const integer = (name: string, min: number, max: number) => {
    const value = params[name];
    if (value === undefined) return;
    if (!isNumber(value)) add(name, 'validation.invalidValue');
    else if (!Number.isInteger(value) || value < min || value > max) add(name, 'validation.strategyRange');
  };
  const power = (name: string, min = 0) => {
    integer(name, min, strategyPowerMaxW);
    const value = params[name];
    if (isNumber(value) && context.ratedPowerW !== null && Math.abs(value) > context.ratedPowerW)
      add(name, 'validation.aboveRating');
  };

  for (const name of Object.keys(params)) if (!known.has(name)) add(name, 'validation.settingUnknown');

  if (params.mode === undefined) add('mode', 'validation.strategyFieldRequired');
  choice('mode', strategyModes);
  choice('priority', strategyPriorities);
  integer('max_soc_pct', strategySocRange.min, strategySocRange.max);
  integer('min_soc_pct', strategySocRange.min, strategySocRange.max);
  if (params.grid_charge !== undefined && typeof params.grid_charge !== 'boolean')
    add('grid_charge', 'validation.invalidValue');
  integer('max_grid_w', 0, strategyPowerMaxW);
  if (params.mode === 'peak_shaving' && params.max_grid_w === undefined)
    add('max_grid_w', 'validation.strategyFieldRequired');
  power('max_consumption_w');
  power('manual_power_w', -strategyPowerMaxW);
  const days = params.days;
  if (days !== undefined && (typeof days !== 'string' || days === '' || !DAYS.test(days)))
    add('days', 'validation.invalidValue');

  // The SOC window, defaults included: the one given is named (min_soc_pct when both are).
  const max = params.max_soc_pct ?? strategyDefaults.maxSocPct;
  const min = params.min_soc_pct ?? strategyDefaults.minSocPct;
  if (isNumber(max) && isNumber(min) && min >= max)
    add(params.min_soc_pct !== undefined ? 'min_soc_pct' : 'max_soc_pct', 'validation.socOrder');

  // Slots: each given whole and as HH:mm, then the one slot rule on the well-formed ones.
  const times: Record<string, SettingValue> = {};
  for (const kind of slotKinds) {
    for (let i = 1; i <= SLOT_COUNT; i += 1) {
      const startName = slotStartName(kind, i);
      const endName = slotEndName(kind, i);
      const start = params[startName];
      const end = params[endName];
      power(strategySlotPowerName(kind, i));
      integer(strategySlotSocName(kind, i), strategySocRange.min, strategySocRange.max);
      if (start === undefined && end === undefined) continue;
      const startOk = typeof start === 'string' && HH_MM.test(start);
      const endOk = typeof end === 'string' && HH_MM.test(end);
      if (!startOk) add(startName, 'validation.timeFormat');
      if (!endOk) add(endName, 'validation.timeFormat');
      if (startOk && endOk) {
        times[startName] = start;
        times[endName] = end;
      }
    }
  }
  for (const issue of slotIssues(times)) add(issue.field, issue.message);
  return issues;
}

/**
 * The program of checked params, defaults filled (throws when `strategyCommandIssues` finds any
 * issue without a rating: check with the device's rating first).
 */
export function parseStrategy(params: Readonly<Record<string, unknown>>): StrategyProgram {
  const issues = strategyCommandIssues(params, { ratedPowerW: null });
  if (issues.length > 0)
    throw new Error(
      `strategy refused: ${issues.map((issue) => `${issue.field} (${issue.message})`).join(', ')}`,
    );
  const number = (name: string) => params[name] as number | undefined;
  const maxSocPct = number('max_soc_pct') ?? strategyDefaults.maxSocPct;
  const minSocPct = number('min_soc_pct') ?? strategyDefaults.minSocPct;
  const slots: StrategySlot[] = [];
  for (const kind of slotKinds) {
    for (let i = 1; i <= SLOT_COUNT; i += 1) {
      const start = params[slotStartName(kind, i)];
      const end = params[slotEndName(kind, i)];
      if (typeof start !== 'string' || typeof end !== 'string' || start === end) continue;
      const powerW = number(strategySlotPowerName(kind, i));
      slots.push({
        kind,
        startMin: minutesOf(start),
        endMin: minutesOf(end),
        ...(powerW === undefined ? {} : { powerW }),
        socPct: number(strategySlotSocName(kind, i)) ?? (kind === 'charge' ? maxSocPct : minSocPct),
      });
    }
  }
  const maxGridW = number('max_grid_w');
  const maxConsumptionW = number('max_consumption_w');
  return {
    mode: params.mode as StrategyMode,
    priority: (params.priority as StrategyPriority | undefined) ?? strategyDefaults.priority,
    maxSocPct,
    minSocPct,
    gridCharge: (params.grid_charge as boolean | undefined) ?? strategyDefaults.gridCharge,
    ...(maxGridW === undefined ? {} : { maxGridW }),
    ...(maxConsumptionW === undefined ? {} : { maxConsumptionW }),
    days: [...((params.days as string | undefined) ?? strategyDefaults.days)].map(Number),
    slots: slots.sort((a, b) => a.startMin - b.startMin),
    manualPowerW: number('manual_power_w') ?? strategyDefaults.manualPowerW,
  };
}
