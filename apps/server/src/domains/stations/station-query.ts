import { powerSourcesOf, type StationItem, station } from '@helio/contracts';
import { column } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { todayIn } from '../../platform/local-calendar-sql.ts';

/**
 * The stations' shared SQL, a repository by another name: the one SELECT a station is answered
 * from (list, detail, every write), with the rules a station derives from its devices in SQL,
 * its status and its headline PV power, which the station list and the fleet statistics use too.
 * Each mirrors its rule in the contracts (`stationStateOf`, `stationPvPowerW`), and
 * test/station-rules-sql.test.ts proves them equal.
 */

/** Whether station `stationId` has a device (of a status): from the devices' (station, status) index alone. */
const hasDevice = (stationId: SQL, status?: 'online' | 'alarm') =>
  sql`exists (select 1 from devices status_device where status_device.station_id = ${stationId}${
    status ? sql` and status_device.status = ${status}` : sql``
  })`;

/**
 * A station's status from its devices (contracts `stationStateOf`): alarm if any device is in
 * alarm, else online if any is online, else offline if it has devices, else no_device.
 * `stationId` is the station's id column in the query around it.
 */
export function stationStatusSql(stationId: SQL): SQL {
  return sql`(case when ${hasDevice(stationId, 'alarm')} then 'alarm'
    when ${hasDevice(stationId, 'online')} then 'online'
    when ${hasDevice(stationId)} then 'offline' else 'no_device' end)`;
}

const pvSources = powerSourcesOf('pv_w');
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** The rank of a device's type among the PV sources (null: no PV source), and its PV value as jsonb. */
const pvRank = sql.raw(
  `case pv_device.device_type ${pvSources.map(([type], rank) => `when ${type} then ${rank}`).join(' ')} end`,
);
const pvValue = sql.raw(
  `case pv_device.device_type ${pvSources
    .map(([type, key]) => `when ${type} then pv_latest.values -> ${quoted(key)}`)
    .join(' ')} end`,
);

/**
 * A station's headline PV power now, W (contracts `stationPvPowerW`): over its devices that are
 * not offline, the PV values of the best source type that reports one (`powerSourcesOf('pv_w')`,
 * best first), summed; null when none does. Built from the contracts' table of sources, so both
 * read the same devices.
 */
export function stationPvPowerSql(stationId: SQL): SQL {
  return sql`(select sum(pv.value) filter (where pv.rank = pv.best) from (
      select source.rank, source.value, min(source.rank) over () as best from (
        select ${pvRank} as rank,
               case when jsonb_typeof(${pvValue}) = 'number' then (${pvValue})::float8 end as value
        from devices pv_device join device_latest pv_latest on pv_latest.device_id = pv_device.device_id
        where pv_device.station_id = ${stationId} and pv_device.status <> 'offline'
      ) source where source.rank is not null and source.value is not null
    ) pv)`;
}

/** `select … from stations s …` with every column of a station item; add `where` and order after it. */
export function stationSelect(where: SQL, at: Date): SQL {
  return sql`select s.station_id, s.station_name, s.station_type, s.country_code, s.province_code, s.city,
      s.address, s.latitude, s.longitude, s.capacity_kwp::float8 as capacity_kwp,
      to_char(s.commissioning_date, 'YYYY-MM-DD') as commissioning_date,
      to_char(s.grid_connection_date, 'YYYY-MM-DD') as grid_connection_date,
      s.unit_price::float8 as unit_price, s.currency, s.timezone, s.photo_id,
      s.installer_id, installer.user_name as installer_name, s.end_user_id, end_user.user_name as end_user_name,
      coalesce(fleet.device_count, 0) as device_count, happening.alarm_count,
      ${stationStatusSql(sql`s.station_id`)} as status,
      -- live columns: PV power of the devices reporting now, PV energy of the station-local day
      ${stationPvPowerSql(sql`s.station_id`)} as power_w,
      case when fleet.last_update_at is not null then round(coalesce(today.pv_kwh, 0)::numeric, 3)::float8 end
        as today_energy_kwh,
      fleet.last_update_at,
      s.created_at, s.updated_at
    from stations s
    left join users installer on installer.user_id = s.installer_id
    left join users end_user on end_user.user_id = s.end_user_id
    left join lateral (
      select count(*)::int as device_count, max(d.last_update_at) as last_update_at
      from devices d where d.station_id = s.station_id
    ) fleet on true
    left join lateral (
      select count(*)::int as alarm_count
      from device_alarms a join devices ad on ad.device_id = a.device_id
      where ad.station_id = s.station_id and a.cleared_at is null
    ) happening on true
    left join station_energy today on today.station_id = s.station_id and today.period = 'd'
      and today.period_start = ${todayIn('s.timezone', at)}
    where ${where}`;
}

const item = station.stationItem.shape;
/** A row of `stationSelect`, parsed. */
export const stationRow = z.object({
  station_id: column.int,
  station_name: column.text,
  station_type: item.station_type,
  country_code: column.text,
  province_code: column.text.nullable(),
  city: column.text.nullable(),
  address: column.text,
  latitude: column.number,
  longitude: column.number,
  capacity_kwp: column.number,
  commissioning_date: column.localDate.nullable(),
  grid_connection_date: column.localDate.nullable(),
  unit_price: column.number,
  currency: column.text,
  timezone: column.text,
  photo_id: column.text.nullable(),
  installer_id: column.int.nullable(),
  installer_name: column.text.nullable(),
  end_user_id: column.int.nullable(),
  end_user_name: column.text.nullable(),
  device_count: column.int,
  alarm_count: column.int,
  status: item.status,
  power_w: column.number.nullable(),
  today_energy_kwh: column.number.nullable(),
  last_update_at: column.isoInstant.nullable(),
  created_at: column.isoInstant,
  updated_at: column.isoInstant,
});
export type StationRow = z.output<typeof stationRow>;

/** A row as the contract's station item; `photoUrl` turns a photo id into its GET address. */
export function toStationItem(row: StationRow, photoUrl: (photoId: string) => string): StationItem {
  return { ...row, photo_url: row.photo_id ? photoUrl(row.photo_id) : null };
}
