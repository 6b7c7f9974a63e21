import { z } from 'zod';
import { localClock, localDate, weekdayOf } from './calendar.ts';
import { minutesOf } from './control/device-settings.ts';
import { consumptionKwh, type EnergyFigures } from './energy.ts';
import { price, requiredText, timeOfDay } from './validation/common.ts';
import type { ValidationMessageKey } from './validation/keys.ts';

/**
 * A station's peak-valley tariff (PRODUCT.md §8 "Peak-valley usage"): up to four seasons, each
 * covering some months (every month in exactly one season), each with time sets that put a
 * band (peak, shoulder, valley) on some weekdays from a start to an end time; a price per kWh per
 * band and a feed-in price, in the station's currency. The one rule of which band a local moment
 * is in is `bandAt`; the one check of a tariff is `tariffIssues`, run by the form and the server.
 *
 * Times follow SPEC.md §4 (start before end within one day) on the local wall clock: a time set
 * covers [start, end), the end excluded, and may end at "24:00" (the end of the day, the only time
 * written past 23:59), so 00:00–24:00 is a whole day and 08:00–12:00 then 12:00–18:00 touch
 * without overlapping. A period does not cross midnight: split it in two (22:00–24:00, 00:00–06:00).
 * Minutes no time set covers are `shoulder`. On a day the clocks change, bands follow the wall
 * clock: the repeated hour is priced twice as it reads, the skipped hour does not exist.
 */

export const tariffBands = ['peak', 'shoulder', 'valley'] as const;
export type TariffBand = (typeof tariffBands)[number];

/** The band of minutes that no time set covers. */
export const uncoveredBand: TariffBand = 'shoulder';

/** Seasons a tariff has at most, time sets a season has at most. */
export const tariffLimits = { seasons: 4, periodsPerSeason: 48, seasonNameMaxLength: 50 } as const;

/** The end of a time set: HH:mm from 00:01, or 24:00 for the end of the day. */
export const periodEndTime = z
  .string({ error: 'validation.timeFormat' })
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: 'validation.timeFormat' });

const isoWeekday = z
  .number({ error: 'validation.invalidValue' })
  .int({ error: 'validation.invalidValue' })
  .min(1, { error: 'validation.invalidValue' })
  .max(7, { error: 'validation.invalidValue' });

const monthNumber = z
  .number({ error: 'validation.invalidValue' })
  .int({ error: 'validation.invalidValue' })
  .min(1, { error: 'validation.invalidValue' })
  .max(12, { error: 'validation.invalidValue' });

/** Sorted without repeats: [3, 1, 3] is [1, 3]. */
const distinctSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** A time set: one band on some ISO weekdays (1 Monday … 7 Sunday) from `start` to `end` (excluded). */
export const tariffPeriod = z.object({
  band: z.enum(tariffBands, { error: 'validation.invalidValue' }),
  days: z
    .array(isoWeekday, { error: 'validation.weekdaysRequired' })
    .min(1, { error: 'validation.weekdaysRequired' })
    .transform(distinctSorted),
  start: timeOfDay,
  end: periodEndTime,
});
export type TariffPeriod = z.output<typeof tariffPeriod>;

/** A season: its name, the months (1–12) it covers and its time sets. */
export const tariffSeason = z.object({
  name: requiredText('validation.seasonNameRequired').max(tariffLimits.seasonNameMaxLength, {
    error: 'validation.textTooLong',
  }),
  months: z
    .array(monthNumber, { error: 'validation.seasonMonths' })
    .min(1, { error: 'validation.seasonMonths' })
    .transform(distinctSorted),
  periods: z
    .array(tariffPeriod, { error: 'validation.tariffPeriodRequired' })
    .max(tariffLimits.periodsPerSeason, { error: 'validation.invalidValue' }),
});
export type TariffSeason = z.output<typeof tariffSeason>;

/** A tariff's shape, without the rules between its parts (stored tariffs are read with it). */
export const tariffShape = z.object({
  seasons: z
    .array(tariffSeason, { error: 'validation.seasonMonths' })
    .min(1, { error: 'validation.seasonMonths' })
    .max(tariffLimits.seasons, { error: 'validation.invalidValue' }),
  /** Price of a kWh bought from the grid in each band, in the station's currency (≥ 0, ≤ 4 decimals). */
  prices: z.object({ peak: price, shoulder: price, valley: price }),
  /** Price of a kWh fed into the grid, in the station's currency (≥ 0, ≤ 4 decimals). */
  feed_in_price: price,
});
export type Tariff = z.output<typeof tariffShape>;

/** Why a tariff is refused: a dotted field (`seasons.0.periods.1.end`) and a validation message key. */
export interface TariffIssue {
  field: string;
  message: Extract<
    ValidationMessageKey,
    | 'validation.timeRangeOrder'
    | 'validation.slotOverlap'
    | 'validation.tariffPeriodRequired'
    | 'validation.seasonMonths'
  >;
}

/** Minutes of the local day a time set covers, [start, end). */
function periodMinutes(period: Pick<TariffPeriod, 'start' | 'end'>): { start: number; end: number } {
  return { start: minutesOf(period.start), end: minutesOf(period.end) };
}

/**
 * The rules between a tariff's parts (its shape checked first): each season has at least one
 * time set (SPEC.md §5); each time set starts before it ends; two time sets of a season that
 * share a weekday do not overlap (named on the later one); every month is in exactly one season
 * (a repeated month named on the later season's `months`, missing months on `seasons`).
 */
export function tariffIssues(tariff: Tariff): TariffIssue[] {
  const issues: TariffIssue[] = [];
  const monthSeen = new Set<number>();
  tariff.seasons.forEach((season, s) => {
    const at = `seasons.${s}`;
    if (season.periods.length === 0)
      issues.push({ field: `${at}.periods`, message: 'validation.tariffPeriodRequired' });
    if (season.months.some((month) => monthSeen.has(month)))
      issues.push({ field: `${at}.months`, message: 'validation.seasonMonths' });
    for (const month of season.months) monthSeen.add(month);
    const ordered: { index: number; start: number; end: number; days: number[] }[] = [];
    season.periods.forEach((period, p) => {
      const { start, end } = periodMinutes(period);
      if (start >= end) {
        issues.push({ field: `${at}.periods.${p}.end`, message: 'validation.timeRangeOrder' });
        return;
      }
      const clash = ordered.some(
        (other) =>
          other.start < end && start < other.end && other.days.some((day) => period.days.includes(day)),
      );
      if (clash) issues.push({ field: `${at}.periods.${p}.start`, message: 'validation.slotOverlap' });
      ordered.push({ index: p, start, end, days: period.days });
    });
  });
  if (monthSeen.size < 12) issues.push({ field: 'seasons', message: 'validation.seasonMonths' });
  return issues;
}

/** A tariff as calls take it: its shape and `tariffIssues`, each issue at its field. */
export const validTariff = tariffShape.superRefine((value, ctx) => {
  for (const issue of tariffIssues(value))
    ctx.addIssue({
      code: 'custom',
      path: issue.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      message: issue.message,
    });
});

/**
 * The band of a local moment: the season holding the month of local date `day`, its first time
 * set on that ISO weekday covering `minuteOfDay` (0–1439 of the wall clock), else `shoulder`.
 */
export function bandAt(tariff: Tariff, day: string, minuteOfDay: number): TariffBand {
  const month = Number(day.slice(5, 7));
  const season = tariff.seasons.find((candidate) => candidate.months.includes(month));
  if (!season) return uncoveredBand;
  const weekday = weekdayOf(day);
  for (const period of season.periods) {
    if (!period.days.includes(weekday)) continue;
    const { start, end } = periodMinutes(period);
    if (minuteOfDay >= start && minuteOfDay < end) return period.band;
  }
  return uncoveredBand;
}

/** The band of an instant in a station's zone (its local date and wall-clock minute). */
export function bandAtInstant(tariff: Tariff, ms: number, timeZone: string): TariffBand {
  return bandAt(tariff, localDate(ms, timeZone), minutesOf(localClock(ms, timeZone)));
}

/** Money of one band's energy, in the station's currency. */
export interface BandMoney {
  /** Import × the band's price: what was paid. */
  cost: number;
  /** Export × the feed-in price: what was earned. */
  feed_in: number;
  /**
   * What the consumption would have cost from the grid alone (no PV, no battery), less what was
   * paid, plus what was earned: consumption × price − cost + feed_in.
   */
  saving: number;
}

/** The money of one band's energy figures (consumption by contracts' `consumptionKwh`). */
export function bandMoney(tariff: Tariff, band: TariffBand, figures: EnergyFigures): BandMoney {
  const unit = tariff.prices[band];
  const cost = figures.import_kwh * unit;
  const feedIn = figures.export_kwh * tariff.feed_in_price;
  return { cost, feed_in: feedIn, saving: consumptionKwh(figures) * unit - cost + feedIn };
}
