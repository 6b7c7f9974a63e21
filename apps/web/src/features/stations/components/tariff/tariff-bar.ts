import { bandAt, type TariffBand, type TariffSeason } from '@helio/contracts';

/**
 * A season's day as bands on a 24-hour bar, read through the contracts' `bandAt` (the rule the
 * nightly split uses: the first time set covering a minute wins, a minute none covers is
 * shoulder), so the bar shows what will be priced, not what was typed. Weekdays with the same
 * bands share one bar.
 */

export const DAY_MINUTES = 24 * 60;

export interface BandSegment {
  band: TariffBand;
  /** Minutes of the day, [start, end). */
  start: number;
  end: number;
}

export interface BandDay {
  /** ISO weekdays (1 Monday … 7 Sunday) whose day these segments are. */
  days: number[];
  segments: BandSegment[];
}

/** January 2024 began on a Monday: its first seven days are ISO weekdays 1–7. */
const dayOfWeekday = (weekday: number) => `2024-01-0${weekday}`;

const HH_MM = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The bands of one weekday of a season, merged into segments. */
function weekdaySegments(season: TariffSeason, weekday: number): BandSegment[] {
  // Only complete time sets can be drawn; the form names what is wrong with the others.
  const periods = season.periods.filter(
    (period) =>
      HH_MM.test(period.start) && HH_MM.test(period.end) && minutes(period.start) < minutes(period.end),
  );
  const tariff = {
    seasons: [{ ...season, months: [1], periods }],
    prices: { peak: 0, shoulder: 0, valley: 0 },
    feed_in_price: 0,
  };
  const cuts = new Set<number>([0, DAY_MINUTES]);
  for (const period of periods) {
    cuts.add(minutes(period.start));
    cuts.add(minutes(period.end));
  }
  const edges = [...cuts].sort((a, b) => a - b);
  const segments: BandSegment[] = [];
  for (let i = 0; i < edges.length - 1; i += 1) {
    const start = edges[i]!;
    const end = edges[i + 1]!;
    const band = bandAt(tariff, dayOfWeekday(weekday), start);
    const last = segments.at(-1);
    if (last && last.band === band) last.end = end;
    else segments.push({ band, start, end });
  }
  return segments;
}

const sameSegments = (a: BandSegment[], b: BandSegment[]) =>
  a.length === b.length &&
  a.every((one, i) => one.band === b[i]!.band && one.start === b[i]!.start && one.end === b[i]!.end);

/** The season's week as bars: weekdays with the same bands together, Monday first. */
export function seasonDays(season: TariffSeason): BandDay[] {
  const days: BandDay[] = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const segments = weekdaySegments(season, weekday);
    const same = days.find((day) => sameSegments(day.segments, segments));
    if (same) same.days.push(weekday);
    else days.push({ days: [weekday], segments });
  }
  return days;
}

/** Minutes of the day as HH:mm; the end of the day is 24:00. */
export function clockText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** A weekday's short name in the interface language (1 Monday … 7 Sunday). */
export function weekdayName(weekday: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

/** A month's name in the interface language (1 January … 12 December). */
export function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, month - 1, 15)),
  );
}

/**
 * Weekdays as short text: runs of three or more as a range (Mon–Fri), others listed (Sat, Sun).
 */
export function weekdaysText(days: readonly number[], language: string): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    if (j - i >= 2) parts.push(`${weekdayName(sorted[i]!, language)}–${weekdayName(sorted[j]!, language)}`);
    else for (let k = i; k <= j; k += 1) parts.push(weekdayName(sorted[k]!, language));
    i = j + 1;
  }
  return parts.join(', ');
}
