import type { StationItem, StationState, StationType } from '@helio/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The one SELECT a station is answered from (list, detail, every write): its fields, the names of
 * its installer and end user, its device count and the status derived from its devices.
 */

/**
 * Station status from its devices (contracts `stationStates`): alarm if any device is in alarm,
 * else online if any is online, else offline if it has devices, else no_device. It reads the
 * columns `alarm`, `online` and `device_count` of a subquery named `fleet`.
 */
export const derivedStatus = sql`case
  when fleet.alarm > 0 then 'alarm'
  when fleet.online > 0 then 'online'
  when fleet.device_count > 0 then 'offline'
  else 'no_device' end`;

/** `select … from stations s …` with every column of a station item; add `where` and order after it. */
export function stationSelect(where: SQL): SQL {
  return sql`select s.station_id, s.station_name, s.station_type, s.country_code, s.province_code, s.city,
      s.address, s.latitude, s.longitude, s.capacity_kwp::float8 as capacity_kwp,
      to_char(s.commissioning_date, 'YYYY-MM-DD') as commissioning_date,
      to_char(s.grid_connection_date, 'YYYY-MM-DD') as grid_connection_date,
      s.unit_price::float8 as unit_price, s.currency, s.timezone, s.photo_id,
      s.installer_id, installer.user_name as installer_name, s.end_user_id, end_user.user_name as end_user_name,
      coalesce(fleet.device_count, 0) as device_count, happening.alarm_count,
      ${derivedStatus} as status,
      -- live columns: PV power of the devices reporting now, PV energy of the station-local day
      fleet.pv_power_w as power_w,
      case when fleet.last_update_at is not null then round(coalesce(today.pv_kwh, 0)::numeric, 3)::float8 end
        as today_energy_kwh,
      fleet.last_update_at,
      s.created_at, s.updated_at
    from stations s
    left join users installer on installer.user_id = s.installer_id
    left join users end_user on end_user.user_id = s.end_user_id
    left join lateral (
      select count(*)::int as device_count,
             (count(*) filter (where d.status = 'online'))::int as online,
             (count(*) filter (where d.status = 'alarm'))::int as alarm,
             max(d.last_update_at) as last_update_at,
             sum(l.pv_power_w) filter (where d.status <> 'offline') as pv_power_w
      from devices d left join device_latest l on l.device_id = d.device_id
      where d.station_id = s.station_id
    ) fleet on true
    left join lateral (
      select count(*)::int as alarm_count
      from device_alarms a join devices ad on ad.device_id = a.device_id
      where ad.station_id = s.station_id and a.cleared_at is null
    ) happening on true
    left join station_energy today on today.station_id = s.station_id and today.period = 'd'
      and today.period_start = (now() at time zone s.timezone)::date
    where ${where}`;
}

/** A row of `stationSelect` as PostgreSQL and PGlite answer it. */
export interface StationRow {
  station_id: number;
  station_name: string;
  station_type: number;
  country_code: string;
  province_code: string | null;
  city: string | null;
  address: string;
  latitude: number;
  longitude: number;
  capacity_kwp: number;
  commissioning_date: string | null;
  grid_connection_date: string | null;
  unit_price: number;
  currency: string;
  timezone: string;
  photo_id: string | null;
  installer_id: number | null;
  installer_name: string | null;
  end_user_id: number | null;
  end_user_name: string | null;
  device_count: number;
  alarm_count: number;
  status: string;
  power_w: number | null;
  today_energy_kwh: number | null;
  last_update_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** A row as the contract's station item; `photoUrl` turns a photo id into its GET address. */
export function toStationItem(row: StationRow, photoUrl: (photoId: string) => string): StationItem {
  return {
    ...row,
    station_type: row.station_type as StationType,
    status: row.status as StationState,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    capacity_kwp: Number(row.capacity_kwp),
    unit_price: Number(row.unit_price),
    photo_url: row.photo_id ? photoUrl(row.photo_id) : null,
    last_update_at: row.last_update_at === null ? null : iso(row.last_update_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
