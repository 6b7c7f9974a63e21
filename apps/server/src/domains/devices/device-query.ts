import type { DeviceItem, DeviceState, DeviceType, StationType } from '@helio/contracts';
import { headlineFigures } from '@helio/contracts/device-link';
import { type SQL, sql } from 'drizzle-orm';
import { todayIn } from '../../platform/local-calendar-sql.ts';

/** The energy column a device's "today" follows, by its type (contracts `headlineFigures`). */
const todayColumn = sql.raw(
  `case d.device_type ${Object.entries(headlineFigures)
    .filter(([, figures]) => figures.counter)
    .map(([type, figures]) => `when ${Number(type)} then e.${figures.counter}`)
    .join(' ')} end`,
);

/** `select … from devices d join stations s …` with every column of a device item. */
/** `at`: now, by the server's clock (the day whose energy is "today"). */
export function deviceSelect(where: SQL, at: Date): SQL {
  return sql`select d.device_id, d.sn, d.device_type, d.model, d.firmware_version, d.module_sn,
      d.modbus_address, d.rs485_position, d.status, d.rated_power_w,
      (select count(*)::int from device_alarms a where a.device_id = d.device_id and a.cleared_at is null)
        as alarm_count,
      -- live columns from the newest reading; the power only while the device is not offline
      case when d.status <> 'offline' then l.power_w end as active_power_w,
      -- energies to the Wh: sums of many small rises carry float noise below that
      case when l.device_id is not null and d.device_type <> 9
           then round(coalesce(${todayColumn}, case when l.total_kwh is not null then 0 end)::numeric, 3)::float8
      end as today_energy_kwh,
      round(l.total_kwh::numeric, 3)::float8 as total_energy_kwh,
      d.last_update_at, d.station_id, s.station_name, s.station_type, d.created_at
    from devices d join stations s on s.station_id = d.station_id
    left join device_latest l on l.device_id = d.device_id
    left join device_energy e on e.device_id = d.device_id and e.period = 'd'
      and e.period_start = ${todayIn('s.timezone', at)}
    where ${where}`;
}

/** A row of `deviceSelect` as PostgreSQL and PGlite answer it. */
export interface DeviceRow
  extends Omit<DeviceItem, 'device_type' | 'status' | 'station_type' | 'last_update_at' | 'created_at'> {
  device_type: number;
  status: string;
  station_type: number;
  last_update_at: string | Date | null;
  created_at: string | Date;
}

/** A row as the contract's device item. */
export function toDeviceItem(row: DeviceRow): DeviceItem {
  return {
    ...row,
    device_type: row.device_type as DeviceType,
    status: row.status as DeviceState,
    station_type: row.station_type as StationType,
    last_update_at: row.last_update_at === null ? null : new Date(row.last_update_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}
