import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Stations (SPEC.md §3). A station is bound to an installer, an end user or both (never neither).
 * Its name is unique, case-insensitively, within the account tree that owns it: `owner_root_id` is
 * the top of that tree (the level-1 installer, or an end user without installer), so names of
 * other tenants neither collide nor leak. Money and capacity are numeric, never floats.
 */
export const stations = pgTable(
  'stations',
  {
    stationId: integer('station_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    stationName: text('station_name').notNull(),
    stationType: smallint('station_type').notNull(),
    installerId: integer('installer_id').references(() => users.userId),
    endUserId: integer('end_user_id').references(() => users.userId),
    /** Root of the account tree the station belongs to: the scope of its name's uniqueness. */
    ownerRootId: integer('owner_root_id')
      .notNull()
      .references(() => users.userId),
    /** ISO 3166-1 alpha-2. */
    countryCode: text('country_code').notNull(),
    /** ISO 3166-2 first-level subdivision. */
    provinceCode: text('province_code'),
    city: text('city'),
    address: text('address').notNull(),
    /** Degrees, north positive. */
    latitude: doublePrecision('latitude').notNull(),
    /** Degrees, east positive. */
    longitude: doublePrecision('longitude').notNull(),
    capacityKwp: numeric('capacity_kwp', { precision: 10, scale: 3 }).notNull(),
    commissioningDate: date('commissioning_date', { mode: 'string' }),
    gridConnectionDate: date('grid_connection_date', { mode: 'string' }),
    /** Price of a kWh in `currency`. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    /** ISO 4217. */
    currency: text('currency').notNull(),
    /** IANA zone of the station's days. */
    timezone: text('timezone').notNull(),
    photoId: text('photo_id').references(() => stationPhotos.photoId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stations_installer_idx').on(t.installerId),
    index('stations_end_user_idx').on(t.endUserId),
    // the station list's sort orders: its page is read in index order, not by sorting every station
    index('stations_created_idx').on(t.createdAt, t.stationId),
    index('stations_name_idx').on(sql`lower(${t.stationName})`, t.stationId),
    index('stations_capacity_idx').on(t.capacityKwp, t.stationId),
    uniqueIndex('stations_owner_name_key').on(t.ownerRootId, sql`lower(${t.stationName})`),
    check('stations_bound_check', sql`${t.installerId} is not null or ${t.endUserId} is not null`),
    check('stations_type_check', sql`${t.stationType} in (1, 4, 5, 6, 8, 9)`),
  ],
);

/**
 * Uploaded station photos. The file is `DATA_DIR/photos/<photo_id>`; the id (128 random bits and
 * the extension of the type its bytes show) is the capability to read it.
 */
export const stationPhotos = pgTable('station_photos', {
  photoId: text('photo_id').primaryKey(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Device registrations. An SN is registered once in the whole portal (the authorization-request
 * flow starts from 2001); removing the station or the registration frees it. Status and
 * last_update_at are kept current by the device link; a new device is offline and never seen.
 */
export const devices = pgTable(
  'devices',
  {
    deviceId: integer('device_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId, { onDelete: 'cascade' }),
    /** Upper-case, of the scheme in contracts' fleet-rules.ts. */
    sn: text('sn').notNull(),
    deviceType: smallint('device_type').notNull(),
    model: text('model').notNull(),
    firmwareVersion: text('firmware_version'),
    /** The version of each part, as the device last said (`firmware_parts` of its online status). */
    firmwareParts: jsonb('firmware_parts'),
    moduleSn: text('module_sn'),
    modbusAddress: smallint('modbus_address'),
    rs485Position: smallint('rs485_position'),
    /** Nameplate power in W. */
    ratedPowerW: integer('rated_power_w'),
    status: text('status').notNull().default('offline'),
    /** Time of the newest reading, by the device's clock: what screens show as the last update. */
    lastUpdateAt: timestamp('last_update_at', { withTimezone: true }),
    /** When the portal last heard from the device, by its own clock: what decides offline. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Seconds between readings, as the device last said; offline after three without one. */
    reportIntervalS: integer('report_interval_s').notNull().default(300),
    /**
     * SHA-256 (hex) of the device's MQTT secret: 192 random bits issued at registration or
     * rotation, shown once. A fast hash suffices for a random secret of that size, and keeps
     * thousands of devices reconnecting at once cheap.
     */
    secretHash: text('secret_hash'),
    secretIssuedAt: timestamp('secret_issued_at', { withTimezone: true }),
    /**
     * argon2id of the device's settings password (PRODUCT.md §8), set by its installer; null: the
     * tree's settings password (`users.settings_pwd_hash` of its level-1 installer) applies.
     */
    settingsPwdHash: text('settings_pwd_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_sn_key').on(t.sn),
    // a station's devices, and whether it has one of a status (the station list's status filter and
    // sort) from the index alone
    index('devices_station_status_idx').on(t.stationId, t.status),
    uniqueIndex('devices_station_modbus_key')
      .on(t.stationId, t.modbusAddress)
      .where(sql`${t.modbusAddress} is not null`),
    uniqueIndex('devices_station_rs485_key')
      .on(t.stationId, t.rs485Position)
      .where(sql`${t.rs485Position} is not null`),
    // one meter per station (6004), held by the database against concurrent registrations too
    uniqueIndex('devices_station_meter_key').on(t.stationId).where(sql`${t.deviceType} = 6`),
    check('devices_status_check', sql`${t.status} in ('online', 'offline', 'alarm')`),
    index('devices_seen_idx').on(t.lastSeenAt).where(sql`${t.status} <> 'offline'`),
  ],
);
