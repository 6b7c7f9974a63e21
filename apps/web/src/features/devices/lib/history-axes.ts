import { energyScale, GAP_TEXT, powerScale, type Scale, scaleByThresholds } from '@helio/contracts';
import { kindUnit, type ValueKind, valueKind } from './reading-fields.ts';

/**
 * The units a device history is shown in, shared by its chart and its table: one axis (and one
 * unit) per kind of value, so watts never share a scale with percent. Power and energy take the
 * unit their largest magnitude reads best in (kW or MW; kWh or MWh), for the whole axis.
 */

/** One point of api/device/history. */
export interface HistoryPoint {
  ts: string;
  values: Record<string, number | null>;
}

export interface HistoryAxis {
  /** What the axis measures; fields of one kind share it. */
  kind: ValueKind;
  /** The unit its numbers are in, e.g. kW; '' for plain numbers. */
  unit: string;
  /** Base-unit value / factor = the number shown. */
  factor: number;
  decimals: number;
  fields: string[];
}

/** Decimals of the kinds shown in their own unit (SPEC.md §9). */
const kindDecimals: Partial<Record<ValueKind, number>> = {
  percent: 1,
  voltage: 1,
  current: 1,
  temperature: 1,
  frequency: 2,
  signal: 0,
  duration: 0,
  count: 0,
};

/** The kinds that share the axis of plain numbers: they have no unit to tell them apart. */
const unitless = new Set<ValueKind>(['ratio', 'count', 'plain', 'state', 'pileState']);

function scaledUnit(
  scale: Scale<string>,
  largest: number,
): { unit: string; factor: number; decimals: number } {
  const { unit } = scaleByThresholds(largest, scale);
  const step = scale.find((candidate) => candidate.unit === unit) ?? scale[0];
  return { unit: step.unit, factor: step.factor, decimals: step.decimals };
}

/** The axes the chosen fields need, in the order their first field was chosen. */
export function historyAxes(fields: readonly string[], points: readonly HistoryPoint[]): HistoryAxis[] {
  const axes: HistoryAxis[] = [];
  for (const field of fields) {
    const kind = unitless.has(valueKind(field)) ? 'plain' : valueKind(field);
    const axis = axes.find((known) => known.kind === kind);
    if (axis) axis.fields.push(field);
    else
      axes.push({
        kind,
        unit: kindUnit[kind],
        factor: 1,
        decimals: kindDecimals[kind] ?? 2,
        fields: [field],
      });
  }
  for (const axis of axes) {
    if (axis.kind !== 'power' && axis.kind !== 'energy') continue;
    let largest = 0;
    for (const point of points) {
      for (const field of axis.fields) largest = Math.max(largest, Math.abs(point.values[field] ?? 0));
    }
    Object.assign(axis, scaledUnit(axis.kind === 'power' ? powerScale : energyScale, largest));
  }
  return axes;
}

/** A value in its axis' unit, as a number (for the chart); null stays a gap. */
export function axisNumber(axis: HistoryAxis, value: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Number((value / axis.factor).toFixed(axis.decimals));
}

/** A value in its axis' unit as text, without the unit (the column header or legend says it). */
export function axisText(axis: HistoryAxis, value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return GAP_TEXT;
  const text = (value / axis.factor).toFixed(axis.decimals);
  return Number(text) === 0 ? text.replace('-', '') : text;
}

/** A field's label with its axis' unit, e.g. "AC power (kW)". */
export function labelWithUnit(label: string, axis: HistoryAxis | undefined): string {
  return axis?.unit ? `${label} (${axis.unit})` : label;
}

/** The axis a field is on. */
export function axisOf(axes: readonly HistoryAxis[], field: string): HistoryAxis | undefined {
  return axes.find((axis) => axis.fields.includes(field));
}
