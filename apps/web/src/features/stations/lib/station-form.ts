import {
  type CallBody,
  type ErrorCode,
  type StationItem,
  type StationType,
  type station,
  stationEditForm,
  stationForm,
} from '@helio/contracts';
import type { SchemaLike } from '../../../lib/form-problems.ts';

/**
 * The station dialog's values. Dates are kept as YYYY-MM-DD text (the pickers convert), so the
 * shared schemas of `@helio/contracts` check the form exactly as the server will.
 */
export interface StationFormValues {
  station_name?: string;
  station_type?: StationType;
  country_code?: string;
  province_code?: string | null;
  city?: string | null;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
  capacity_kwp?: number | null;
  commissioning_date?: string | null;
  grid_connection_date?: string | null;
  unit_price?: number | string | null;
  currency?: string;
  timezone?: string | null;
  photo_id?: string | null;
  installer_id?: number | null;
  end_user_id?: number | null;
}

export type StationFormField = keyof StationFormValues;

export const stationFormFields = [
  'station_name',
  'station_type',
  'country_code',
  'province_code',
  'city',
  'address',
  'latitude',
  'longitude',
  'capacity_kwp',
  'commissioning_date',
  'grid_connection_date',
  'unit_price',
  'currency',
  'timezone',
  'photo_id',
  'installer_id',
  'end_user_id',
] as const satisfies readonly StationFormField[];

/** The add form's checks; edit checks the same descriptive fields. */
export const stationFormSchema: SchemaLike = stationForm;

/** The form of an existing station, for editing it. */
export function valuesOfStation(item: StationItem): StationFormValues {
  return {
    station_name: item.station_name,
    station_type: item.station_type,
    country_code: item.country_code,
    province_code: item.province_code,
    city: item.city,
    address: item.address,
    latitude: item.latitude,
    longitude: item.longitude,
    capacity_kwp: item.capacity_kwp,
    commissioning_date: item.commissioning_date,
    grid_connection_date: item.grid_connection_date,
    unit_price: item.unit_price,
    currency: item.currency,
    timezone: item.timezone,
    photo_id: item.photo_id,
  };
}

/** Body of bg/station/add; throws (zod) when the form does not pass its checks. */
export function addBody(values: StationFormValues): CallBody<typeof station.add> {
  return stationForm.parse(values);
}

/** Body of bg/station/edit: the whole descriptive form again, without the bindings. */
export function editBody(stationId: number, values: StationFormValues): CallBody<typeof station.edit> {
  const { installer_id: _installer, end_user_id: _endUser, ...descriptive } = values;
  return stationEditForm.parse({ ...descriptive, station_id: stationId });
}

/**
 * The field a refusal of the station calls is about, so its message shows under that field too:
 * 3001 the name, 3002/3004/3007 the type (the station's devices or the type itself), the binding
 * rules (3005, 3006, 3008, 3009) the accounts.
 */
export const fieldOfStationCode: Partial<Record<ErrorCode, StationFormField>> = {
  '3001': 'station_name',
  '200210': 'station_name',
  '3002': 'station_type',
  '3004': 'station_type',
  '3007': 'station_type',
  '3005': 'end_user_id',
  '3006': 'installer_id',
  '3008': 'installer_id',
  '3009': 'end_user_id',
  '240401': 'photo_id',
};
