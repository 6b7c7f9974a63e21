import { type Tariff, type TariffBand, tariffShape } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { deviceTypeColumn } from '../devices/status-store.ts';
import type { Scope } from '../tenancy/tenancy.ts';

/**
 * All SQL of peak-valley usage: a station's tariff (`station_tariffs`, its body the stored
 * document below), the days the split must do (`station_energy` day rows without
 * `station_tariff_days` rows) and the split rows themselves, one per station-local day and band.
 */

/**
 * What `station_tariffs.body` holds: the tariff, and the first station-local day the split covers
 * (the day of the first save, or the day a recomputation was asked from).
 */
const storedBody = z.object({ tariff: tariffShape, split_from: column.localDate });

/** A station as peak-valley usage needs it. */
const stationRow = z.object({
  station_id: column.int,
  station_name: column.text,
  timezone: column.text,
  currency: column.text,
});
export type TariffStation = z.output<typeof stationRow>;

const tariffRow = z.object({ body: storedBody, updated_at: column.instant });
export interface StoredTariff {
  tariff: Tariff;
  splitFrom: string;
  updatedAt: Date;
}

const usageRow = z.object({
  day: column.localDate,
  band: z.enum(['peak', 'shoulder', 'valley']),
  import_kwh: column.number,
  export_kwh: column.number,
  charge_kwh: column.number,
  discharge_kwh: column.number,
  consumption_kwh: column.number,
  pv_kwh: column.number,
  cost: column.number,
  feed_in: column.number,
  saving: column.number,
});
export type UsageRow = z.output<typeof usageRow>;

/** A band's energy and money of one day, as `station_tariff_days` keeps it. */
export interface BandRow {
  band: TariffBand;
  import_kwh: number;
  export_kwh: number;
  charge_kwh: number;
  discharge_kwh: number;
  consumption_kwh: number;
  pv_kwh: number;
  cost: number;
  feed_in: number;
  saving: number;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export function tariffsRepository(db: Database) {
  return {
    /** The station if it is in `scope`; undefined otherwise or when it does not exist. */
    async station(stationId: number, scope: Scope): Promise<TariffStation | undefined> {
      const [row] = await queryParsed(
        db,
        stationRow,
        sql`select s.station_id, s.station_name, s.timezone, s.currency from stations s
            where s.station_id = ${stationId} and ${scope.stations('s')}`,
      );
      return row;
    },

    /** The station's tariff, if it has one; with `tx`, locked until the transaction ends. */
    async tariff(stationId: number, tx: Database = db, lock = false): Promise<StoredTariff | undefined> {
      const [row] = await queryParsed(
        tx,
        tariffRow,
        sql`select body, updated_at from station_tariffs where station_id = ${stationId}
            ${lock ? sql`for update` : sql``}`,
      );
      return row && { tariff: row.body.tariff, splitFrom: row.body.split_from, updatedAt: row.updated_at };
    },

    /** Writes the station's tariff (and the day the split starts from); `userId` null: by the portal itself. */
    async save(
      tx: Database,
      stationId: number,
      stored: { tariff: Tariff; splitFrom: string },
      userId: number | null,
      at: Date,
    ): Promise<void> {
      const body = { tariff: stored.tariff, split_from: stored.splitFrom };
      await tx.execute(
        sql`insert into station_tariffs (station_id, body, updated_by, updated_at)
            values (${stationId}, ${json(body)}, ${userId}, ${at.toISOString()}::timestamptz)
            on conflict (station_id) do update
              set body = excluded.body, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
      );
    },

    /** Removes the split of the station's days from `fromDay` on (they are split again). */
    async forgetSplit(tx: Database, stationId: number, fromDay: string): Promise<void> {
      await tx.execute(
        sql`delete from station_tariff_days where station_id = ${stationId} and day >= ${fromDay}::date`,
      );
    },

    /** Every station with a tariff: its id, zone and the day its split starts. */
    async stationsWithTariff(): Promise<{ stationId: number; timeZone: string; splitFrom: string }[]> {
      return queryParsed(
        db,
        z
          .object({ station_id: column.int, timezone: column.text, split_from: column.localDate })
          .transform((row) => ({
            stationId: row.station_id,
            timeZone: row.timezone,
            splitFrom: row.split_from,
          })),
        sql`select t.station_id, s.timezone, t.body->>'split_from' as split_from
            from station_tariffs t join stations s using (station_id) order by t.station_id`,
      );
    },

    /**
     * The station's days from `fromDay` to `toDay` with energy (a `station_energy` day row: a
     * device counted a step in them) that have no split yet, oldest first, at most `limit`.
     */
    async daysToSplit(stationId: number, fromDay: string, toDay: string, limit: number): Promise<string[]> {
      const rows = await queryParsed(
        db,
        z.object({ day: column.localDate }),
        sql`select to_char(e.period_start, 'YYYY-MM-DD') as day from station_energy e
            where e.station_id = ${stationId} and e.period = 'd'
              and e.period_start >= ${fromDay}::date and e.period_start <= ${toDay}::date
              and not exists (select 1 from station_tariff_days t
                              where t.station_id = e.station_id and t.day = e.period_start)
            order by e.period_start limit ${limit}`,
      );
      return rows.map((row) => row.day);
    },

    /** The station's devices, in id order. */
    async devices(tx: Database, stationId: number) {
      return queryParsed(
        tx,
        z
          .object({ device_id: column.int, device_type: deviceTypeColumn })
          .transform((row) => ({ deviceId: row.device_id, type: row.device_type })),
        sql`select device_id, device_type from devices where station_id = ${stationId} order by device_id`,
      );
    },

    /** Replaces the split of one station-local day by `rows` (one per band). */
    async replaceDay(tx: Database, stationId: number, day: string, rows: BandRow[], at: Date): Promise<void> {
      await tx.execute(
        sql`delete from station_tariff_days where station_id = ${stationId} and day = ${day}::date`,
      );
      await tx.execute(
        sql`insert into station_tariff_days (station_id, day, band, import_kwh, export_kwh, charge_kwh,
              discharge_kwh, consumption_kwh, pv_kwh, cost, feed_in, saving, computed_at)
            select ${stationId}, ${day}::date, r.band, r.import_kwh, r.export_kwh, r.charge_kwh,
              r.discharge_kwh, r.consumption_kwh, r.pv_kwh, r.cost, r.feed_in, r.saving,
              ${at.toISOString()}::timestamptz
            from jsonb_to_recordset(${json(rows)}) as r(band text, import_kwh float8, export_kwh float8,
              charge_kwh float8, discharge_kwh float8, consumption_kwh float8, pv_kwh float8,
              cost float8, feed_in float8, saving float8)`,
      );
    },

    /** The split rows of the station's days from `fromDay` to `toDay` (null: all), by day and band. */
    async usage(stationId: number, fromDay: string | null, toDay: string | null): Promise<UsageRow[]> {
      return queryParsed(
        db,
        usageRow,
        sql`select to_char(day, 'YYYY-MM-DD') as day, band, import_kwh, export_kwh, charge_kwh, discharge_kwh,
              consumption_kwh, pv_kwh, cost, feed_in, saving
            from station_tariff_days
            where station_id = ${stationId}
              ${fromDay === null ? sql`` : sql`and day >= ${fromDay}::date`}
              ${toDay === null ? sql`` : sql`and day <= ${toDay}::date`}
            order by day, band`,
      );
    },

    /** The newest split day of the station, YYYY-MM-DD, or null. */
    async newestSplitDay(stationId: number): Promise<string | null> {
      const [row] = await queryParsed(
        db,
        z.object({ day: column.localDate.nullable() }),
        sql`select to_char(max(day), 'YYYY-MM-DD') as day from station_tariff_days where station_id = ${stationId}`,
      );
      return row?.day ?? null;
    },
  };
}

export type TariffsRepository = ReturnType<typeof tariffsRepository>;
