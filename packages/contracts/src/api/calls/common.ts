import { z } from 'zod';
import { languages } from '../../i18n.ts';
import { defineCall } from '../call.ts';
import { pageOf } from '../paging.ts';

/**
 * Reference lists are small and read whole by the dialogs that use them, so they page with a
 * large default; they still answer `{total, list}` like every list call.
 */
const referencePaging = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(5000).default(5000),
};
const language = z
  .enum(languages)
  .optional()
  .describe('Language of the names; default the Lang header, else en');

export const getWebVer = defineCall({
  path: 'api/com/getWebVer',
  summary: 'Version of the web portal, shown in the footer',
  domain: 'common',
  access: 'public',
  kind: 'read',
  body: z.object({}),
  data: z.string().describe('Version text such as v1.0.1'),
});

export const currencyItem = z.object({
  currency_code: z.string().length(3).describe('ISO 4217 alphabetic code'),
  name: z.string(),
  digits: z.number().int().min(0).describe('Minor-unit digits'),
});
export const currency = defineCall({
  path: 'api/com/currency',
  summary: 'ISO 4217 currencies for station unit prices',
  domain: 'common',
  access: 'user',
  kind: 'read',
  body: z.object({ ...referencePaging, language, keyword: z.string().max(50).optional() }),
  data: pageOf(currencyItem),
});

export const timezoneItem = z.object({
  timezone: z.string().describe('IANA zone name, e.g. Europe/Warsaw'),
  utc_offset: z.string().describe('Current offset from UTC, e.g. +01:00'),
  offset_minutes: z.number().int(),
});
export const timezone = defineCall({
  path: 'api/com/timezone',
  summary: 'IANA time zones with their current UTC offsets',
  domain: 'common',
  access: 'user',
  kind: 'read',
  body: z.object({ ...referencePaging, keyword: z.string().max(50).optional() }),
  data: pageOf(timezoneItem),
});

export const areaItem = z.object({
  area_code: z
    .string()
    .describe('ISO 3166-1 alpha-2 for countries, ISO 3166-2 for subdivisions, an id for cities'),
  name: z.string(),
  level: z.enum(['country', 'province', 'city']),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});
export const areainfo = defineCall({
  path: 'api/areainfo',
  summary: 'Countries; with country_code its subdivisions; with province_code too, its cities',
  domain: 'common',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...referencePaging,
    language,
    country_code: z.string().length(2).toUpperCase().optional(),
    province_code: z.string().min(3).max(10).toUpperCase().optional(),
    keyword: z.string().max(50).optional(),
  }),
  data: pageOf(areaItem),
});
