import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { stations } from './fleet.ts';

/**
 * A station's peak-valley tariff (PRODUCT.md §8 "Peak-valley usage"): periods by season and weekday
 * with their prices per kWh in the station's currency, and the feed-in price, as contracts
 * tariffs.ts defines `body`.
 */
export const stationTariffs = pgTable('station_tariffs', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.stationId, { onDelete: 'cascade' }),
  body: jsonb('body').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A station's energy of one station-local day split by tariff period ('peak', 'shoulder',
 * 'valley'), with what it cost, earned and saved; written by the nightly job for the day before.
 */
export const stationTariffDays = pgTable(
  'station_tariff_days',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    band: text('band').notNull(),
    importKwh: doublePrecision('import_kwh').notNull(),
    exportKwh: doublePrecision('export_kwh').notNull(),
    chargeKwh: doublePrecision('charge_kwh').notNull(),
    dischargeKwh: doublePrecision('discharge_kwh').notNull(),
    consumptionKwh: doublePrecision('consumption_kwh').notNull(),
    pvKwh: doublePrecision('pv_kwh').notNull(),
    /** Import × the period's price. */
    cost: doublePrecision('cost').notNull(),
    /** Export × the feed-in price. */
    feedIn: doublePrecision('feed_in').notNull(),
    /** What the consumption would have cost from the grid alone, minus cost, plus feed-in. */
    saving: doublePrecision('saving').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.day, t.band] }),
    check('station_tariff_days_band_check', sql`${t.band} in ('peak', 'shoulder', 'valley')`),
  ],
);

/**
 * A station's energy flows of one station-local day from its five-minute powers (contracts
 * energy.ts): consumption, the part not bought from the grid (the battery's grid-charged share
 * counted as bought), PV and the PV used on site; `flows` holds each source → sink pair, kWh.
 */
export const stationFlowDays = pgTable(
  'station_flow_days',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    consumptionKwh: doublePrecision('consumption_kwh').notNull(),
    selfSuppliedKwh: doublePrecision('self_supplied_kwh').notNull(),
    pvKwh: doublePrecision('pv_kwh').notNull(),
    pvOnSiteKwh: doublePrecision('pv_on_site_kwh').notNull(),
    /** The share of the battery's stored energy that came from the grid at the day's end, 0–1. */
    batteryGridShare: doublePrecision('battery_grid_share').notNull(),
    flows: jsonb('flows').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.day] })],
);
