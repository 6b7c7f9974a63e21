import { DeviceType, device } from '@helio/contracts';
import type { FlatValues } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readingValues } from '../devices/latest-store.ts';
import type { Scope } from '../tenancy/tenancy.ts';

/**
 * The EMS 5000 console's own SQL: a station's EMS and its newest reading (`device_latest`, parsed
 * as the devices' latest store keeps it). Everything else the console shows comes from its owners'
 * repositories (control, strategies, alarms, plant's day buckets), called by the service.
 */

/** A station's EMS 5000 with its newest reading. */
export interface StationEms {
  stationId: number;
  timezone: string;
  deviceId: number;
  sn: string;
  status: 'online' | 'offline' | 'alarm';
  /** The newest reading's instant (ISO), null before the first. */
  updatedAt: string | null;
  /** The newest reading's flat values (`pcs.ac_power_w`, `bms.clusters.1.soc_pct`), empty before the first. */
  values: FlatValues;
}

const emsRow = z.object({
  station_id: column.int,
  timezone: column.text,
  device_id: column.int,
  sn: column.text,
  status: device.deviceItem.shape.status,
  ts: column.isoInstant.nullable(),
  values: readingValues.nullable(),
});

export function ems5000Repository(db: Database) {
  return {
    /**
     * The EMS 5000 of a station in `scope` (the caller's `seen`): undefined when the station is out
     * of reach, gone, or has none (one query, so the three cannot be told apart). A station holds
     * one EMS (fleet rules); should it hold two, the first registered.
     */
    async stationEms(scope: Scope, stationId: number): Promise<StationEms | undefined> {
      const [row] = await queryParsed(
        db,
        emsRow,
        sql`select s.station_id, s.timezone, d.device_id, d.sn, d.status, l.ts, l.values
            from stations s
            join devices d on d.station_id = s.station_id and d.device_type = ${DeviceType.energyManagementBox}
            left join device_latest l on l.device_id = d.device_id
            where s.station_id = ${stationId} and ${scope.stations('s')}
            order by d.device_id limit 1`,
      );
      if (!row) return undefined;
      return {
        stationId: row.station_id,
        timezone: row.timezone,
        deviceId: row.device_id,
        sn: row.sn,
        status: row.status,
        updatedAt: row.ts,
        values: row.values ?? {},
      };
    },

    /** The instant (ISO) of a device's newest reading, null before the first. */
    async latestAt(deviceId: number): Promise<string | null> {
      const [row] = await queryParsed(
        db,
        z.object({ ts: column.isoInstant }),
        sql`select ts from device_latest where device_id = ${deviceId}`,
      );
      return row?.ts ?? null;
    },
  };
}

export type Ems5000Repository = ReturnType<typeof ems5000Repository>;
