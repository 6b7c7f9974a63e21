import {
  addDays,
  addMonths,
  periodEnd as calendarPeriodEnd,
  periodStart as calendarPeriodStart,
  EmsRange,
  isLocalDate,
  isTimeZone,
  localDate,
  type RangeUnit,
  rangeDateFormat,
  StationRange,
} from '@helio/contracts';

/**
 * The date selector of the station charts (SPEC.md §3–4) as pure functions of calendar days
 * written YYYY-MM-DD, in the station's own time zone. A chosen range is a unit and the day it is
 * anchored on: switching unit keeps the day (day 2024-05-10 → month 2024-05 → back to the 10th),
 * and the date a call sends is that day in the unit's format (a week sends its Monday). Nothing
 * after the station's today can be chosen. The days, weeks (from Monday), months and years are the
 * calendar's of the contracts.
 */

/** Station charts have 1 day … 5 total; energy-management charts 1 day, 2 month, 3 year, 4 total. */
export type RangeFamily = 'station' | 'ems';

export const familyUnits: Record<RangeFamily, readonly RangeUnit[]> = {
  station: ['day', 'week', 'month', 'year', 'total'],
  ems: ['day', 'month', 'year', 'total'],
};

/** A chosen range: its unit and the station-local day it is anchored on (YYYY-MM-DD). */
export interface ChartRange {
  unit: RangeUnit;
  day: string;
}

/** The `type` a chart call takes for a unit of its family. */
export function rangeType(family: RangeFamily, unit: RangeUnit): number {
  if (family === 'ems') {
    if (unit === 'week') throw new Error('energy-management charts have no week');
    return EmsRange[unit];
  }
  return StationRange[unit];
}

export function isFamilyUnit(family: RangeFamily, unit: string | null | undefined): unit is RangeUnit {
  return familyUnits[family].includes(unit as RangeUnit);
}

/** True for a real calendar day written YYYY-MM-DD, from 1970 on (as the chart calls accept). */
export function isDay(text: string | null | undefined): text is string {
  return !!text && isLocalDate(text) && text >= EARLIEST_DAY;
}

/** The first day of the period of `unit` holding `day` (a week starts on Monday); total: the day. */
export function periodStart(unit: RangeUnit, day: string): string {
  return unit === 'total' ? day : calendarPeriodStart(unit, day);
}

/** The last day of the period of `unit` holding `day`; total: the day. */
export function periodEnd(unit: RangeUnit, day: string): string {
  return unit === 'total' ? day : calendarPeriodEnd(unit, day);
}

/**
 * The `date` a chart call sends for a range (SPEC.md §4): day and week YYYY-MM-DD (a week its
 * Monday), month YYYY-MM, year YYYY; total none.
 */
export function requestDate(range: ChartRange): string | undefined {
  const format = rangeDateFormat[range.unit];
  if (format === null) return undefined;
  const start = periodStart(range.unit, range.day);
  return start.slice(0, format.length);
}

/** `day`, or `today` when it is later. */
export function clampDay(day: string, today: string): string {
  return day > today ? today : day;
}

/** The earliest day a chart can show: the chart calls take years from 1970. */
export const EARLIEST_DAY = '1970-01-01';

/**
 * The range one period before (`step` −1) or after (+1), or undefined where there is none: total
 * has no neighbours, nothing lies after the period holding `today`, nothing before 1970. Going
 * forward into the current period lands on today at the latest.
 */
export function shiftRange(range: ChartRange, step: -1 | 1, today: string): ChartRange | undefined {
  let day: string;
  switch (range.unit) {
    case 'total':
      return undefined;
    case 'day':
      day = addDays(range.day, step);
      break;
    case 'week':
      day = addDays(range.day, step * 7);
      break;
    case 'month':
      day = addMonths(range.day, step);
      break;
    case 'year':
      day = addMonths(range.day, step * 12);
      break;
  }
  if (periodStart(range.unit, day) > today) return undefined;
  if (periodEnd(range.unit, day) < EARLIEST_DAY || day < EARLIEST_DAY) return undefined;
  return { unit: range.unit, day: clampDay(day, today) };
}

/** Whether a day offered by the picker of `unit` lies after the period holding `today`. */
export function isAfterToday(unit: RangeUnit, day: string, today: string): boolean {
  return periodStart(unit, day) > periodStart(unit, today);
}

/** Whether the range's period holds `today` (its figures still grow: the chart is asked again). */
export function holdsToday(range: ChartRange, today: string): boolean {
  if (range.unit === 'total') return true;
  return periodStart(range.unit, range.day) === periodStart(range.unit, today);
}

/**
 * The range the address asks for (`?range=month&date=2024-05-10`), for a chart family: an unknown
 * unit is a day, a date that is not a day (or lies ahead) is today; a month or year written short
 * (2024-05, 2024) stands for its first day.
 */
export function rangeFromParams(
  family: RangeFamily,
  params: { range: string | null; date: string | null },
  today: string,
): ChartRange {
  const unit = isFamilyUnit(family, params.range) ? params.range : 'day';
  let day = params.date ?? '';
  if (/^\d{4}$/.test(day)) day = `${day}-01-01`;
  else if (/^\d{4}-\d{2}$/.test(day)) day = `${day}-01`;
  return { unit, day: isDay(day) ? clampDay(day, today) : today };
}

/** The parameters of the address for a range (the inverse of `rangeFromParams`). */
export function rangeParams(range: ChartRange): { range: RangeUnit; date: string } {
  return { range: range.unit, date: range.day };
}

/**
 * Today in `zone` (an IANA zone) as YYYY-MM-DD: a plant's day is its own, wherever it is looked
 * at from. An unknown zone falls back to the browser's.
 */
export function zonedToday(zone: string, nowMs: number = Date.now()): string {
  return localDate(nowMs, isTimeZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone);
}
