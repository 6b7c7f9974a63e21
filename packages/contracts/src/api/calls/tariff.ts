import { z } from 'zod';
import { isRangeDate } from '../../energy.ts';
import { EmsRange, emsRangeUnit } from '../../enums.ts';
import { languages } from '../../i18n.ts';
import { tariffShape, validTariff } from '../../tariffs.ts';
import { calendarDate, formId, optionalField } from '../../validation/common.ts';
import { defineCall } from '../call.ts';
import { chartDownload } from './chart.ts';

/**
 * Peak-valley usage (PRODUCT.md §8): a station's tariff (contracts tariffs.ts), saved and loaded,
 * and its usage chart: the energy of each station-local day split by band, with what it cost,
 * earned and saved, written by the nightly split for the day before ("updates the next day").
 * Who may save: the station's installers, grantees and its end user; the demo reads only; a
 * station outside the caller's reach answers 9001 like one that does not exist.
 */

const tariffView = z.object({
  station_id: z.number().int(),
  /** Null: the station has no tariff yet. */
  tariff: tariffShape.nullable(),
  /** ISO 4217 code of the station's currency, in which every price is. */
  currency: z.string(),
  updated_at: z.string().nullable(),
  /** The newest station-local day already split, YYYY-MM-DD; null before the first night. */
  updated_through: z.string().nullable(),
  /** A recomputation asked and not finished yet: the days it splits again, both included. */
  recompute: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type TariffView = z.infer<typeof tariffView>;

export const updateEmbps = defineCall({
  path: 'api/station/updateEmbps',
  summary:
    'Saves a station’s peak-valley tariff; with recompute_from, the days from it to yesterday are split again with it',
  domain: 'tariff',
  access: 'user',
  kind: 'write',
  body: z.object({
    station_id: formId,
    tariff: validTariff,
    recompute_from: optionalField(calendarDate).describe(
      'Station-local date (within the last 400 days, up to yesterday) from which the split is done again',
    ),
  }),
  data: tariffView,
});

export const loadEmbps = defineCall({
  path: 'api/station/loadEmbps',
  summary: 'A station’s peak-valley tariff (null when none is set) and its currency',
  domain: 'tariff',
  access: 'user',
  kind: 'read',
  body: z.object({ station_id: formId }),
  data: tariffView,
});

/** Energy and money of a band (or of all bands) in a period: kWh, and the station's currency. */
export const usageFigures = z.object({
  import_kwh: z.number(),
  export_kwh: z.number(),
  charge_kwh: z.number(),
  discharge_kwh: z.number(),
  consumption_kwh: z.number(),
  pv_kwh: z.number(),
  /** Import × the band's price. */
  cost: z.number(),
  /** Export × the feed-in price. */
  feed_in: z.number(),
  /** Consumption × the band's price − cost + feed_in: what PV and battery saved. */
  saving: z.number(),
});
export type UsageFigures = z.infer<typeof usageFigures>;

/** A period's figures by band and all together; every one null when the period was not split. */
const usageSplit = z.object({
  peak: usageFigures.nullable(),
  shoulder: usageFigures.nullable(),
  valley: usageFigures.nullable(),
  total: usageFigures.nullable(),
});
export type UsageSplit = z.infer<typeof usageSplit>;

export const usageData = z.object({
  station_id: z.number().int(),
  timezone: z.string(),
  currency: z.string(),
  unit: z.enum(['day', 'month', 'year', 'total']),
  /** The date asked for (YYYY-MM-DD, YYYY-MM, YYYY); null for total. */
  date: z.string().nullable(),
  resolution: z.enum(['day', 'month', 'year']),
  /** The newest split day (YYYY-MM-DD): later days appear the day after they end. */
  updated_through: z.string().nullable(),
  /** Day: the one day; month: its days; year: its months; total: the years with figures. */
  rows: z.array(
    usageSplit.extend({
      /** YYYY-MM-DD, YYYY-MM or YYYY. */
      period: z.string(),
    }),
  ),
  /** The sums over `rows`. */
  totals: usageSplit,
});
export type UsageData = z.infer<typeof usageData>;

const emsTypes = Object.values(EmsRange) as number[];

export const usageChart = defineCall({
  path: 'api/station/embPs/chart',
  summary:
    'A station’s peak-valley usage (types 1 day, 2 month, 3 year, 4 total): import, export, charge, discharge, consumption and PV by band with cost, feed-in and saving, per day, month or year',
  domain: 'tariff',
  access: 'user',
  kind: 'read',
  body: z
    .object({
      station_id: formId,
      type: z.coerce
        .number({ error: 'validation.rangeType' })
        .int({ error: 'validation.rangeType' })
        .refine((value) => emsTypes.includes(value), { error: 'validation.rangeType' }),
      date: optionalField(z.string().trim().max(10)).describe(
        'day YYYY-MM-DD, month YYYY-MM, year YYYY; none for total',
      ),
      export: optionalField(z.coerce.number().int().min(0).max(1)).describe(
        '1: answer the address of an .xlsx export instead of the figures',
      ),
      language: optionalField(z.enum(languages)).describe(
        'Language of the export’s headings; the Lang header by default',
      ),
    })
    .superRefine((body, ctx) => {
      if (!emsTypes.includes(body.type)) return;
      if (!isRangeDate(emsRangeUnit(body.type as EmsRange), body.date))
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'validation.chartDate' });
    }),
  data: z.union([usageData, chartDownload]),
});

/** Days a recomputation goes back at most (`recompute_from`). */
export const RECOMPUTE_MAX_DAYS = 400;
