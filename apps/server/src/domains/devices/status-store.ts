import { type DeviceType, deviceTypes, startOfLocalDay } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

/**
 * A registered device as the device link knows it, and its status (PRODUCT.md §4): `online` while
 * it reports, `alarm` while one of its alarms is happening, `offline` after its last will or three
 * missed intervals. Ingestion records each batch's contact in its transaction; the
 * `device-link.status` job takes silent devices offline.
 */

/** A registered device, as ingestion needs it. */
export interface RegisteredDevice {
  deviceId: number;
  stationId: number;
  type: DeviceType;
  /** Its station's IANA zone. */
  timeZone: string;
  /** When it was registered, ms. */
  registeredMs: number;
  /** The first instant of its station's local commissioning day, ms, when the station has one. */
  commissionedMs: number | null;
}

/** A `device_type` column: one of the contracts' device types. */
export const deviceTypeColumn = column.int.pipe(
  z.custom<DeviceType>((value) => deviceTypes.includes(value as DeviceType), 'not a device type'),
);

const registeredRow = z.object({
  device_id: column.int,
  station_id: column.int,
  device_type: deviceTypeColumn,
  timezone: column.text,
  registered_ms: column.int,
  commissioning_date: column.localDate.nullable(),
});

/** The device registered with `sn`, if any. */
export async function registeredDevice(db: Database, sn: string): Promise<RegisteredDevice | null> {
  const [row] = await queryParsed(
    db,
    registeredRow,
    sql`select d.device_id, d.station_id, d.device_type, s.timezone,
               (extract(epoch from d.created_at) * 1000)::bigint as registered_ms,
               to_char(s.commissioning_date, 'YYYY-MM-DD') as commissioning_date
        from devices d join stations s using (station_id) where d.sn = ${sn}`,
  );
  if (!row) return null;
  return {
    deviceId: row.device_id,
    stationId: row.station_id,
    type: row.device_type,
    timeZone: row.timezone,
    registeredMs: row.registered_ms,
    commissionedMs:
      row.commissioning_date === null ? null : startOfLocalDay(row.commissioning_date, row.timezone),
  };
}

/**
 * The SHA-256 of the device `sn`'s secret (credentials.ts), for the embedded broker's sign-in
 * check: undefined when no device has the SN, null when it has no secret.
 */
export async function storedSecretHash(db: Database, sn: string): Promise<string | null | undefined> {
  const [row] = await queryParsed(
    db,
    z.object({ secret_hash: column.text.nullable() }),
    sql`select secret_hash from devices where sn = ${sn}`,
  );
  return row?.secret_hash;
}

/** What a batch of messages said of a device. */
export interface DeviceContact {
  deviceId: number;
  /** Its newest reading in the batch, ms. */
  newestMs: number | null;
  /** The report interval it declared, s. */
  intervalS: number | null;
  firmware: string | null;
  /** Each part's version it named (`firmware_parts` of an online status), merged over the stored ones. */
  firmwareParts: Record<string, string> | null;
  /** Its last word was its last will or an offline status. */
  offline: boolean;
}

/**
 * Records a batch's contact with devices, in its transaction: heard now, their newest reading's
 * time, interval, firmware and each part's version when they said them, and their status (after
 * the batch's alarms, which decide `alarm`).
 */
export async function recordContact(
  tx: Database,
  contacts: readonly DeviceContact[],
  /** The batch's time, ms (the server's clock). */
  atMs: number,
): Promise<void> {
  if (contacts.length === 0) return;
  const rows = contacts
    .map((contact) => ({
      device_id: contact.deviceId,
      newest: contact.newestMs === null ? null : new Date(contact.newestMs).toISOString(),
      interval_s: contact.intervalS,
      firmware: contact.firmware,
      parts: contact.firmwareParts,
      offline: contact.offline,
    }))
    .sort((a, b) => a.device_id - b.device_id);
  await tx.execute(
    sql`update devices d set
          last_seen_at = ${new Date(atMs).toISOString()}::timestamptz,
          last_update_at = case when t.newest is null then d.last_update_at
                                else greatest(d.last_update_at, t.newest) end,
          report_interval_s = coalesce(t.interval_s, d.report_interval_s),
          firmware_version = coalesce(t.firmware, d.firmware_version),
          firmware_parts = case when t.parts is null then d.firmware_parts
                                else coalesce(d.firmware_parts, '{}'::jsonb) || t.parts end,
          status = case when t.offline then 'offline'
                        when exists (select 1 from device_alarms a where a.device_id = d.device_id and a.cleared_at is null)
                          then 'alarm'
                        else 'online' end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             as t(device_id int, newest timestamptz, interval_s int, firmware text, parts jsonb, offline boolean)
        where d.device_id = t.device_id`,
  );
}

/** Devices that stopped reporting go offline: three missed intervals (PRODUCT.md §4). Answers how many. */
export async function markSilentDevicesOffline(db: Database, now = new Date()): Promise<number> {
  const rows = await queryParsed(
    db,
    z.object({ device_id: column.int }),
    sql`update devices set status = 'offline'
        where status <> 'offline'
          and (last_seen_at is null
               or last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => 3 * report_interval_s))
        returning device_id`,
  );
  return rows.length;
}
