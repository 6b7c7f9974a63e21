import { z } from 'zod';
import { type StationType, stationTypes } from '../enums.ts';
import { calendarDate, decimalField, formId, optionalField, price, requiredText } from './common.ts';
import { validationLimits } from './keys.ts';

/**
 * The station form (SPEC.md §3 station fields, §5 "a detailed address must be chosen on the map"),
 * for bg/station/add and bg/station/edit. Whether a country, province, currency or time zone is
 * known is checked by the server against its reference data; these schemas check the shape.
 */

/** Station name: 1–100 characters after trimming; unique within the owning installer tree (3001). */
export const stationName = requiredText('validation.stationNameRequired').max(
  validationLimits.stationNameMaxLength,
  { error: 'validation.stationNameLength' },
);

/** Station type 1, 4, 5, 6, 8 or 9 (PRODUCT.md §4); any other is 3007. */
export const stationTypeField = z.coerce
  .number<number | string>({ error: 'validation.stationTypeInvalid' })
  .pipe(
    z.literal(stationTypes as [StationType, ...StationType[]], { error: 'validation.stationTypeInvalid' }),
  );

/** ISO 3166-1 alpha-2 country code, upper-cased. */
export const countryCode = requiredText('validation.countryRequired')
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'validation.countryRequired' });

/** First-level ISO 3166-2 subdivision code such as PL-14; it must belong to the country. */
export const provinceCode = z
  .string({ error: 'validation.provinceInvalid' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, { error: 'validation.provinceInvalid' });

/** Free text of the station's address (city, detailed address): at most 255 characters. */
const stationText = (required: 'validation.addressRequired') =>
  requiredText(required).max(validationLimits.stationTextMaxLength, { error: 'validation.textTooLong' });

/** Latitude in degrees, −90 (south) … 90 (north), from the map. */
export const latitude = decimalField('validation.locationRequired', 'validation.latitudeRange', {
  min: -90,
  max: 90,
});
/** Longitude in degrees, −180 (west) … 180 (east), from the map. */
export const longitude = decimalField('validation.locationRequired', 'validation.longitudeRange', {
  min: -180,
  max: 180,
});

/** Installed PV capacity in kWp: more than 0, at most 1,000,000, at most 3 decimals. */
export const capacityKwp = decimalField('validation.capacityRequired', 'validation.capacityRange', {
  above: 0,
  max: validationLimits.capacityMaxKwp,
  decimals: validationLimits.capacityDecimals,
});

/** ISO 4217 alphabetic code, upper-cased; it must be one of api/com/currency's. */
export const currencyCode = requiredText('validation.currencyRequired')
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'validation.currencyRequired' });

/** IANA zone name as api/com/timezone lists it; absent → proposed from the coordinates. */
export const timezoneName = z
  .string({ error: 'validation.timezoneUnknown' })
  .trim()
  .max(64, { error: 'validation.timezoneUnknown' });

/** Id of an uploaded photo (bg/station/photo): 32 hex digits and the image's extension. */
export const photoId = z
  .string({ error: 'validation.photoInvalid' })
  .regex(/^[0-9a-f]{32}\.(jpg|png|webp)$/, { error: 'validation.photoInvalid' });

/** The descriptive fields of a station, shared by add and edit (edit takes the whole form again). */
export const stationFields = {
  station_name: stationName,
  station_type: stationTypeField,
  country_code: countryCode,
  province_code: optionalField(provinceCode),
  city: optionalField(
    z.string().trim().max(validationLimits.stationTextMaxLength, { error: 'validation.textTooLong' }),
  ),
  address: stationText('validation.addressRequired'),
  latitude,
  longitude,
  capacity_kwp: capacityKwp,
  /** Day the plant started producing, YYYY-MM-DD. */
  commissioning_date: optionalField(calendarDate),
  /** Day it was connected to the grid, YYYY-MM-DD; not before commissioning. */
  grid_connection_date: optionalField(calendarDate),
  /** Price of a kWh in `currency`: income = PV energy × unit price. */
  unit_price: price,
  currency: currencyCode,
  timezone: optionalField(timezoneName),
  photo_id: optionalField(photoId),
};

type DatedForm = {
  country_code?: unknown;
  province_code?: unknown;
  commissioning_date?: unknown;
  grid_connection_date?: unknown;
};

/** Adds the cross-field rules: the province belongs to the country; grid connection not before commissioning. */
export function withStationRules<T extends z.ZodType<DatedForm>>(schema: T): T {
  return schema
    .refine(
      (form) =>
        typeof form.province_code !== 'string' ||
        typeof form.country_code !== 'string' ||
        form.province_code.startsWith(`${form.country_code}-`),
      { path: ['province_code'], error: 'validation.provinceInvalid' },
    )
    .refine(
      (form) =>
        typeof form.commissioning_date !== 'string' ||
        typeof form.grid_connection_date !== 'string' ||
        form.grid_connection_date >= form.commissioning_date,
      { path: ['grid_connection_date'], error: 'validation.gridBeforeCommissioning' },
    );
}

/** The accounts a new station is bound to, checked by the server; an installer naming neither is bound itself. */
export const stationBindingFields = {
  installer_id: optionalField(formId),
  end_user_id: optionalField(formId),
};

/** Body of bg/station/add. */
export const stationForm = withStationRules(z.object({ ...stationFields, ...stationBindingFields }));
export type StationForm = z.output<typeof stationForm>;

/** Body of bg/station/edit: the descriptive fields again; bindings change through bind/unbind. */
export const stationEditForm = withStationRules(z.object({ station_id: formId, ...stationFields }));
export type StationEditForm = z.output<typeof stationEditForm>;
