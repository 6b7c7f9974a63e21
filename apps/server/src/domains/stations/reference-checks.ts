import type { FieldIssue } from '@helio/contracts';
import { Refusal } from '../../core/refusal.ts';
import {
  canonicalZone,
  isCountryCode,
  isCurrencyCode,
  isProvinceOf,
  proposeTimezone,
} from '../common/reference/index.ts';

export interface PlaceInput {
  country_code: string;
  province_code?: string | undefined;
  currency: string;
  timezone?: string | undefined;
  latitude: number;
  longitude: number;
}

/**
 * Checks a station form's codes against the reference data of the common calls (the same lists
 * the dialogs offer) and settles its time zone: the given one under its current IANA name, or
 * the one proposed from the coordinates. Unknown codes are 200005 with the field's issue.
 */
export function settlePlace(form: PlaceInput): { timezone: string } {
  const issues: FieldIssue[] = [];
  if (!isCountryCode(form.country_code)) {
    issues.push({ path: 'country_code', message: 'validation.countryRequired' });
  } else if (form.province_code !== undefined && !isProvinceOf(form.country_code, form.province_code)) {
    issues.push({ path: 'province_code', message: 'validation.provinceInvalid' });
  }
  if (!isCurrencyCode(form.currency))
    issues.push({ path: 'currency', message: 'validation.currencyRequired' });
  let timezone: string | undefined;
  if (form.timezone !== undefined) {
    timezone = canonicalZone(form.timezone);
    if (!timezone) issues.push({ path: 'timezone', message: 'validation.timezoneUnknown' });
  } else {
    // Only non-numeric coordinates give no proposal, and the contract has already refused those.
    timezone = proposeTimezone(form.latitude, form.longitude, form.country_code) ?? 'UTC';
  }
  if (issues.length > 0 || !timezone) throw new Refusal('200005', issues);
  return { timezone };
}
