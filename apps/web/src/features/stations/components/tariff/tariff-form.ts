import {
  isValidationMessageKey,
  type Tariff,
  type TariffBand,
  tariffIssues,
  tariffShape,
  type ValidationMessageKey,
} from '@helio/contracts';

/**
 * The tariff form's values and their check. The check is the contracts' own: the tariff's shape
 * (names, months, weekdays, HH:mm times, prices) and `tariffIssues` (a time set per season, start
 * before end, no overlap on a shared weekday, every month in one season), the rule the server
 * applies. Each problem is keyed by the dotted field it names (`seasons.0.periods.1.end`), which
 * is the form field's name path joined by dots.
 */

export interface PeriodValues {
  band: TariffBand;
  days: number[];
  start: string;
  end: string;
}

export interface SeasonValues {
  name: string;
  months: number[];
  periods: PeriodValues[];
}

export interface TariffFormValues {
  seasons: SeasonValues[];
  prices: Record<TariffBand, number | null>;
  feed_in_price: number | null;
}

export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
export const WORKDAYS = [1, 2, 3, 4, 5];
export const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** A new time set: peak on workdays, times to fill in. */
export function newPeriod(): PeriodValues {
  return { band: 'peak', days: [...WORKDAYS], start: '', end: '' };
}

/** A new season: no months yet (they move over from another season), one time set. */
export function newSeason(): SeasonValues {
  return { name: '', months: [], periods: [newPeriod()] };
}

/**
 * Where a station without a tariff starts: one season for the whole year, valley nights every day
 * and a peak on workday evenings, prices to fill in.
 */
export function startingValues(seasonName: string): TariffFormValues {
  return {
    seasons: [
      {
        name: seasonName,
        months: [...ALL_MONTHS],
        periods: [
          { band: 'valley', days: [...ALL_DAYS], start: '00:00', end: '07:00' },
          { band: 'peak', days: [...WORKDAYS], start: '17:00', end: '21:00' },
        ],
      },
    ],
    prices: { peak: null, shoulder: null, valley: null },
    feed_in_price: null,
  };
}

/** The form's values of a saved tariff. */
export function formValuesOf(tariff: Tariff): TariffFormValues {
  return {
    seasons: tariff.seasons.map((season) => ({
      name: season.name,
      months: [...season.months],
      periods: season.periods.map((period) => ({ ...period, days: [...period.days] })),
    })),
    prices: { ...tariff.prices },
    feed_in_price: tariff.feed_in_price,
  };
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The values as a tariff for `tariffIssues`, however unfinished: missing lists are empty and
 * times as typed (a time that is no HH:mm is refused by the shape, and compares with nothing).
 */
function roughTariff(values: Partial<TariffFormValues>): Tariff {
  const seasons = Array.isArray(values.seasons) ? values.seasons : [];
  return {
    seasons: seasons.map((season) => ({
      name: text(season?.name),
      months: numbers(season?.months),
      periods: (Array.isArray(season?.periods) ? season.periods : []).map((period) => ({
        band: period?.band ?? 'shoulder',
        days: numbers(period?.days),
        start: text(period?.start),
        end: text(period?.end),
      })),
    })),
    prices: { peak: 0, shoulder: 0, valley: 0 },
    feed_in_price: 0,
  };
}

/** What a form value is sent as: texts trimmed. */
function trimmed(values: Partial<TariffFormValues>): unknown {
  return {
    ...values,
    seasons: (values.seasons ?? []).map((season) => ({
      ...season,
      name: text(season?.name),
      periods: (season?.periods ?? []).map((period) => ({
        ...period,
        start: text(period?.start),
        end: text(period?.end),
      })),
    })),
  };
}

/**
 * The problems of the values, by dotted field, each a validation message key: the shape's first,
 * then `tariffIssues`' (one per field, the first found).
 */
export function tariffProblems(values: Partial<TariffFormValues>): Map<string, ValidationMessageKey> {
  const problems = new Map<string, ValidationMessageKey>();
  const shape = tariffShape.safeParse(trimmed(values));
  if (!shape.success) {
    for (const issue of shape.error.issues) {
      const field = issue.path.join('.');
      if (!problems.has(field))
        problems.set(
          field,
          isValidationMessageKey(issue.message) ? issue.message : 'validation.invalidValue',
        );
    }
  }
  for (const issue of tariffIssues(roughTariff(values))) {
    if (!problems.has(issue.field)) problems.set(issue.field, issue.message);
  }
  return problems;
}

/** The tariff the values make, or undefined while they have a problem. */
export function tariffOf(values: Partial<TariffFormValues>): Tariff | undefined {
  const shape = tariffShape.safeParse(trimmed(values));
  if (!shape.success || tariffIssues(shape.data).length > 0) return undefined;
  return shape.data;
}

/** The dotted field of a form field's name path (`['seasons', 0, 'name']` → `seasons.0.name`). */
export function fieldKey(name: readonly (string | number)[]): string {
  return name.join('.');
}

export { fieldPath } from '../../../../hooks/use-checked-form.ts';
