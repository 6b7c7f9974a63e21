import type { common, Language } from '@helio/contracts';
import type { z } from 'zod';

export type CurrencyItem = z.infer<typeof common.currencyItem>;
export type TimezoneItem = z.infer<typeof common.timezoneItem>;
export type AreaItem = z.infer<typeof common.areaItem>;
export type { Language };
