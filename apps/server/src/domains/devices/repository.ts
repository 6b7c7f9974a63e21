import {
  type DeviceItem,
  type DeviceState,
  type DeviceType,
  device,
  type Page,
  type StationType,
} from '@helio/contracts';
import { column, type Database, queryParsed, schema } from '@helio/db';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Clock, systemClock } from '../../platform/clock.ts';
import { containsPattern, type PageWindow } from '../../platform/search.ts';
import { violatedUniqueIndex } from '../../platform/unique-violation.ts';
import type { Scope } from '../tenancy/tenancy.ts';
import { type DeviceRow, deviceSelect, toDeviceItem } from './device-query.ts';
import { deviceTypeColumn } from './status-store.ts';

const { devices } = schema;

const item = device.deviceItem.shape;
/** A row of `deviceSelect`, parsed. */
const deviceRow = z.object({
  device_id: column.int,
  sn: column.text,
  device_type: deviceTypeColumn,
  model: column.text,
  firmware_version: column.text.nullable(),
  module_sn: column.text.nullable(),
  modbus_address: column.int.nullable(),
  rs485_position: column.int.nullable(),
  status: item.status,
  rated_power_w: column.int.nullable(),
  alarm_count: column.int,
  active_power_w: column.number.nullable(),
  today_energy_kwh: column.number.nullable(),
  total_energy_kwh: column.number.nullable(),
  last_update_at: column.instant.nullable(),
  station_id: column.int,
  station_name: column.text,
  station_type: item.station_type,
  created_at: column.instant,
}) satisfies z.ZodType<DeviceRow>;
const total = z.object({ total: column.int });

export type NewDevice = Omit<
  typeof devices.$inferInsert,
  'deviceId' | 'status' | 'lastUpdateAt' | 'createdAt' | 'updatedAt'
>;

/** What a station holds when a registration is checked. */
export interface StationFleet {
  stationType: StationType;
  devices: { deviceType: DeviceType; modbusAddress: number | null; rs485Position: number | null }[];
}

/** Which unique index a concurrent registration ran into. */
export type RegistrationConflict = 'sn' | 'bus' | 'meter';

const conflictOfIndex: Record<string, RegistrationConflict> = {
  devices_sn_key: 'sn',
  devices_station_modbus_key: 'bus',
  devices_station_rs485_key: 'bus',
  devices_station_meter_key: 'meter',
};

export interface DeviceFilter {
  deviceType?: DeviceType | undefined;
  status?: DeviceState | undefined;
  stationId?: number | undefined;
  keyword?: string | undefined;
}

/** All SQL of the devices domain. */
export function devicesRepository(db: Database, clock: Clock = systemClock) {
  return {
    /** Where an SN is registered, if anywhere: whether that station is in `scope`. */
    async snHolder(scope: Scope, sn: string): Promise<{ inScope: boolean } | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({ in_scope: column.bool.nullable() }),
        sql`select (d.station_id in (select s.station_id from stations s where ${scope.stations('s')})) as in_scope
            from devices d where d.sn = ${sn}`,
      );
      return row && { inScope: row.in_scope === true };
    },

    /**
     * Registers a device, all or nothing: the station's row is locked, `check` sees what it holds
     * and may throw, then the row is inserted. Concurrent registrations on one station wait for the
     * lock; the unique indexes catch what no lock covers (the same SN on two stations) and are
     * answered as a conflict.
     */
    async register(
      values: NewDevice,
      check: (fleet: StationFleet) => void,
    ): Promise<{ deviceId: number } | { conflict: RegistrationConflict }> {
      try {
        return await db.transaction(async (tx) => {
          const [station] = await tx
            .select({ stationType: schema.stations.stationType })
            .from(schema.stations)
            .where(eq(schema.stations.stationId, values.stationId))
            .for('update');
          const held = await tx
            .select({
              deviceType: devices.deviceType,
              modbusAddress: devices.modbusAddress,
              rs485Position: devices.rs485Position,
            })
            .from(devices)
            .where(eq(devices.stationId, values.stationId));
          check({
            stationType: station!.stationType as StationType,
            devices: held.map((device) => ({ ...device, deviceType: device.deviceType as DeviceType })),
          });
          const [row] = await tx.insert(devices).values(values).returning({ deviceId: devices.deviceId });
          return { deviceId: row!.deviceId };
        });
      } catch (error) {
        const index = violatedUniqueIndex(error, Object.keys(conflictOfIndex));
        if (index) return { conflict: conflictOfIndex[index]! };
        throw error;
      }
    },

    /** Removes a registration; answers the SN it had, undefined when it was already gone. */
    async delete(deviceId: number): Promise<string | undefined> {
      const [row] = await db
        .delete(devices)
        .where(eq(devices.deviceId, deviceId))
        .returning({ sn: devices.sn });
      return row?.sn;
    },

    /** Stores a new secret's hash; answers the device's SN, undefined when it is gone. */
    async setSecret(deviceId: number, secretHash: string, issuedAt: Date): Promise<string | undefined> {
      const [row] = await db
        .update(devices)
        .set({ secretHash, secretIssuedAt: issuedAt, updatedAt: issuedAt })
        .where(eq(devices.deviceId, deviceId))
        .returning({ sn: devices.sn });
      return row?.sn;
    },

    async item(deviceId: number): Promise<DeviceItem | undefined> {
      const [row] = await queryParsed(
        db,
        deviceRow,
        deviceSelect(sql`d.device_id = ${deviceId}`, clock.now()),
      );
      return row && toDeviceItem(row);
    },

    /** Devices in `scope` (a caller's `seen`: its stations and grants), by station name then SN. */
    async list(scope: Scope, filter: DeviceFilter, page: PageWindow): Promise<Page<DeviceItem>> {
      const conditions = [scope.devices('d')];
      if (filter.deviceType) conditions.push(sql`d.device_type = ${filter.deviceType}`);
      if (filter.status) conditions.push(sql`d.status = ${filter.status}`);
      if (filter.stationId) conditions.push(sql`d.station_id = ${filter.stationId}`);
      if (filter.keyword) conditions.push(sql`lower(d.sn) like ${containsPattern(filter.keyword)}`);
      const query = deviceSelect(sql.join(conditions, sql` and `), clock.now());
      const rows = await queryParsed(
        db,
        deviceRow,
        sql`${query} order by lower(s.station_name), s.station_id, d.sn limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryParsed(db, total, sql`select count(*)::int as total from (${query}) q`);
      return { total: count?.total ?? 0, list: rows.map(toDeviceItem) };
    },
  };
}

export type DevicesRepository = ReturnType<typeof devicesRepository>;
