import { axisOf, axisText, type HistoryAxis, type HistoryPoint } from './history-axes.ts';
import { formatZonedDateTime } from './zoned-time.ts';

/**
 * The words of a device history chart, as a pure function of its points: for each field shown,
 * its lowest, highest and latest value in the unit of its axis (as the chart's axis and the table
 * show it) and when the latest was read, in the station's zone. A field without a reading in the
 * range says so.
 */
export type FieldSummary =
  | { field: string; kind: 'range'; min: string; max: string; latest: string; at: string }
  | { field: string; kind: 'empty' };

export function historySummaries(input: {
  points: readonly HistoryPoint[];
  fields: readonly string[];
  axes: readonly HistoryAxis[];
  zone: string;
  language: string;
}): FieldSummary[] {
  const { points, fields, axes, zone, language } = input;
  return fields.map((field): FieldSummary => {
    const axis = axisOf(axes, field);
    const read = points.filter(
      (point): point is HistoryPoint =>
        typeof point.values[field] === 'number' && Number.isFinite(point.values[field]),
    );
    const last = read[read.length - 1];
    if (!axis || !last) return { field, kind: 'empty' };
    const values = read.map((point) => point.values[field] as number);
    const text = (value: number) => {
      const number = axisText(axis, value);
      return axis.unit ? `${number} ${axis.unit}` : number;
    };
    return {
      field,
      kind: 'range',
      min: text(Math.min(...values)),
      max: text(Math.max(...values)),
      latest: text(last.values[field] as number),
      at: formatZonedDateTime(last.ts, zone, language),
    };
  });
}
