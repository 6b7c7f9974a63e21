/**
 * Display rules of SPEC.md §9 as pure functions: which unit a figure is shown in and with how many
 * decimals. Every figure the web app shows goes through here, so a rule changes in one place.
 *
 * Conventions shared by all formatters:
 * - A gap (null, undefined, NaN, ±Infinity) is shown as `GAP_TEXT`, never as 0.
 * - A negative value keeps its sign; the unit is chosen from its magnitude.
 * - The unit is chosen after rounding: a value that rounds up to the next unit's threshold is shown in
 *   that unit (9,999.96 kWh reads "10.00 MWh", not "10000.0 kWh"; 999,999.6 W reads "1.00 MW").
 * - A value that rounds to zero is shown without a sign ("0.0", never "-0.0").
 * - Magnitudes of 1e21 or more in the chosen unit fall back to exponent notation ("1e+21").
 */

/** What a gap in the data is shown as. */
export const GAP_TEXT = '--';

/** A formatted figure: the number as text and the unit it is in. */
export type Figure<U extends string> = { value: string; unit: U };

/** One unit of a scale: shown from `from` (in base units) upward, as base value / `factor`. */
export type ScaleStep<U extends string> = {
  unit: U;
  factor: number;
  from: number;
  decimals: number;
};

/** The steps of a scale, smallest unit first; the first step starts at 0. */
export type Scale<U extends string> = readonly [ScaleStep<U>, ...ScaleStep<U>[]];

/** Energy in kWh: kWh with 1 decimal below 10,000 kWh, then MWh, then GWh from 1,000,000 kWh (2 decimals). */
export const energyScale = [
  { unit: 'kWh', factor: 1, from: 0, decimals: 1 },
  { unit: 'MWh', factor: 1e3, from: 1e4, decimals: 2 },
  { unit: 'GWh', factor: 1e6, from: 1e6, decimals: 2 },
] as const satisfies Scale<string>;
export type EnergyUnit = (typeof energyScale)[number]['unit'];

/** Power in W: kW below 1,000,000 W, MW from there, GW from 1e9 W; 2 decimals (an "other value"). */
export const powerScale = [
  { unit: 'kW', factor: 1e3, from: 0, decimals: 2 },
  { unit: 'MW', factor: 1e6, from: 1e6, decimals: 2 },
  { unit: 'GW', factor: 1e9, from: 1e9, decimals: 2 },
] as const satisfies Scale<string>;
export type PowerUnit = (typeof powerScale)[number]['unit'];

/**
 * Saved CO2 in kg: kg below 10,000 kg, tonnes from 10,000 kg. SPEC.md gives no decimals for it;
 * we show kg with 1 decimal (like energy's small unit) and t with 2 (like its large units).
 */
export const co2Scale = [
  { unit: 'kg', factor: 1, from: 0, decimals: 1 },
  { unit: 't', factor: 1e3, from: 1e4, decimals: 2 },
] as const satisfies Scale<string>;
export type Co2Unit = (typeof co2Scale)[number]['unit'];

/** A reading is a finite number; anything else is a gap. */
function isReading(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Puts the sign back on a rounded magnitude, but never on zero. */
function signed(negative: boolean, text: string): string {
  return negative && Number(text) !== 0 ? `-${text}` : text;
}

/**
 * Shows a base-unit value in the largest unit of `scale` whose threshold its rounded magnitude reaches.
 * Exported so that a chart can also pick one unit for a whole axis from its largest value.
 */
export function scaleByThresholds<U extends string>(
  value: number | null | undefined,
  scale: Scale<U>,
): Figure<U> {
  if (!isReading(value)) return { value: GAP_TEXT, unit: scale[0].unit };
  const magnitude = Math.abs(value);
  const render = (step: ScaleStep<U>) => (magnitude / step.factor).toFixed(step.decimals);
  let index = 0;
  while (index + 1 < scale.length && magnitude >= scale[index + 1]!.from) index++;
  let text = render(scale[index]!);
  // Rounding can carry a value just below a threshold onto it: show it in the next unit then.
  while (index + 1 < scale.length && Number(text) >= scale[index + 1]!.from / scale[index]!.factor) {
    index++;
    text = render(scale[index]!);
  }
  return { value: signed(value < 0, text), unit: scale[index]!.unit };
}

/** Energy given in kWh, e.g. 12_345 → { value: '12.35', unit: 'MWh' }. */
export function formatEnergy(kWh: number | null | undefined): Figure<EnergyUnit> {
  return scaleByThresholds(kWh, energyScale);
}

/** Power given in W, e.g. 1_500 → { value: '1.50', unit: 'kW' }. */
export function formatPower(watts: number | null | undefined): Figure<PowerUnit> {
  return scaleByThresholds(watts, powerScale);
}

/** Saved CO2 given in kg, e.g. 12_345 → { value: '12.35', unit: 't' }. */
export function formatCo2(kg: number | null | undefined): Figure<Co2Unit> {
  return scaleByThresholds(kg, co2Scale);
}

/** Kinds of measured value with their own number of decimals (SPEC.md §9). */
export type QuantityKind = 'current' | 'voltage' | 'temperature' | 'frequency' | 'other';

/** Decimals per kind: current, voltage and temperature 1; frequency and other values 2. */
export const quantityDecimals = {
  current: 1,
  voltage: 1,
  temperature: 1,
  frequency: 2,
  other: 2,
} as const satisfies Record<QuantityKind, number>;

/** A measured value in its own unit with the decimals of its kind, e.g. (229.96, 'voltage') → '230.0'. */
export function formatQuantity(value: number | null | undefined, kind: QuantityKind): string {
  if (!isReading(value)) return GAP_TEXT;
  return signed(value < 0, Math.abs(value).toFixed(quantityDecimals[kind]));
}

/** A ratio 0..1 (self-consumption, autarky) as a percentage with 1 decimal, clamped to 0..100 %. */
export function formatPercent(ratio: number | null | undefined): Figure<'%'> {
  if (!isReading(ratio)) return { value: GAP_TEXT, unit: '%' };
  const percent = Math.min(100, Math.max(0, ratio * 100));
  return { value: percent.toFixed(1), unit: '%' };
}
