import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, stations } from './fleet.ts';

/**
 * A wallbox's charging plan (contracts charging/plan.ts `body`), and the command the portal last
 * sent the charger for it, with when (a save never overwrites a plan whose command is newer). A
 * replan compares with that command's params (domains/charging/plans/sent.ts).
 */
export const chargingPlans = pgTable('charging_plans', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.deviceId, { onDelete: 'cascade' }),
  body: jsonb('body').notNull(),
  /** The last charging_plan command sent for it. */
  commandId: text('command_id'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A charging session, plug-in to unplug (PRODUCT.md §8 "Charging"), kept current from the wallbox's
 * readings: its energy, peak power, the PV/battery/grid shares from the station's flows while it ran
 * and the cost of its grid share at the station's tariff (else its unit price).
 */
export const chargingSessions = pgTable(
  'charging_sessions',
  {
    recordId: integer('record_id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId, { onDelete: 'cascade' }),
    /** The charger's session number (its `session_no`), or the plug-in time's ms without one. */
    sessionNo: doublePrecision('session_no').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null while the car is plugged. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The newest reading counted into it. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** 'charging' or 'plugged' while it goes on, 'ended' after. */
    state: text('state').notNull(),
    start: text('start'),
    energyKwh: doublePrecision('energy_kwh').notNull().default(0),
    maxPowerW: doublePrecision('max_power_w').notNull().default(0),
    pvKwh: doublePrecision('pv_kwh').notNull().default(0),
    batteryKwh: doublePrecision('battery_kwh').notNull().default(0),
    gridKwh: doublePrecision('grid_kwh').notNull().default(0),
    /** Null when no price is known. */
    cost: doublePrecision('cost'),
    /** The session energy counted so far (the charger's `session_kwh` at `last_at`). */
    countedKwh: doublePrecision('counted_kwh').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('charging_sessions_device_session').on(table.deviceId, table.sessionNo),
    index('charging_sessions_station_started').on(table.stationId, table.startedAt),
    check('charging_sessions_state_check', sql`${table.state} in ('charging', 'plugged', 'ended')`),
  ],
);
