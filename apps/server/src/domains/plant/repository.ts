import { type DeviceType, device, periodStart, station } from '@helio/contracts';
import { type EnergyCounter, energyCounters } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Clock, systemClock } from '../../platform/clock.ts';
import { todayIn } from '../../platform/local-calendar-sql.ts';
import { type RecordRow, recordsRepository } from '../charging/records/repository.ts';
import { readingValues } from '../devices/latest-store.ts';
import { deviceTypeColumn } from '../devices/status-store.ts';
import { type EnergyFigures, type Period, periods } from '../energy/ledger.ts';
import type { Scope } from '../tenancy/tenancy.ts';

/** All the SQL of what a plant did: its station, its devices' newest readings, energy rows, a day's readings. */

export interface PlantStation {
  station_id: number;
  station_name: string;
  station_type: number;
  timezone: string;
  currency: string;
  unit_price: number;
  capacity_kwp: number;
  commissioning_date: string | null;
  /** The types of the devices it holds (what its charts' series depend on). */
  device_types: DeviceType[];
}

export interface LatestDevice {
  device_id: number;
  sn: string;
  device_type: DeviceType;
  status: 'online' | 'offline' | 'alarm';
  report_interval_s: number;
  /** Newest reading, ms; null when the device never reported. */
  ms: number | null;
  values: Record<string, number | string> | null;
  power_w: number | null;
  pv_power_w: number | null;
  total_kwh: number | null;
}

export interface EnergyRow extends EnergyFigures {
  period: Period;
  period_start: string;
}

export interface DayReading {
  device_id: number;
  ms: number;
  values: Record<string, number | string>;
}

const columns = sql.raw(energyCounters.map((name) => `${name}::float8 as ${name}`).join(', '));
const sums = sql.raw(energyCounters.map((name) => `coalesce(sum(${name}), 0)::float8 as ${name}`).join(', '));

const stationRow = z.object({
  station_id: column.int,
  station_name: column.text,
  station_type: station.stationItem.shape.station_type,
  timezone: column.text,
  currency: column.text,
  unit_price: column.number,
  capacity_kwp: column.number,
  commissioning_date: column.localDate.nullable(),
  device_types: z.array(deviceTypeColumn),
}) satisfies z.ZodType<PlantStation>;

const latestRow = z.object({
  device_id: column.int,
  sn: column.text,
  device_type: deviceTypeColumn,
  status: device.deviceItem.shape.status,
  report_interval_s: column.int,
  ms: column.int.nullable(),
  values: readingValues.nullable(),
  power_w: column.number.nullable(),
  pv_power_w: column.number.nullable(),
  total_kwh: column.number.nullable(),
}) satisfies z.ZodType<LatestDevice>;

const deviceTypeRow = z.object({ device_id: column.int, device_type: deviceTypeColumn });

/** A device's averages over one bucket; the averaged values are added per query (`k0`, `k1`, …). */
const bucketRow = z.object({ device_id: column.int, device_type: deviceTypeColumn, bucket: column.int });
const average = column.number.nullable();

const energyRow = z.object({
  period: z.enum(periods),
  period_start: column.localDate,
  ...(Object.fromEntries(energyCounters.map((name) => [name, column.number])) as Record<
    EnergyCounter,
    typeof column.number
  >),
}) satisfies z.ZodType<EnergyRow>;

const readingRow = z.object({
  device_id: column.int,
  ms: column.int,
  values: readingValues,
}) satisfies z.ZodType<DayReading>;

const savingsRow = z.object({
  currency: column.text,
  unit_price: column.number,
  today_pv: column.number,
  total_pv: column.number,
});

export function plantRepository(db: Database, clock: Clock = systemClock) {
  const records = recordsRepository(db);
  return {
    /** The station if it is in `scope` (a caller's `seen`): one query for the check and the row. */
    async station(scope: Scope, stationId: number): Promise<PlantStation | undefined> {
      const [row] = await queryParsed(
        db,
        stationRow,
        sql`select station_id, station_name, station_type, timezone, currency, unit_price::float8 as unit_price,
                   capacity_kwp::float8 as capacity_kwp, to_char(commissioning_date, 'YYYY-MM-DD') as commissioning_date,
                   array(select distinct d.device_type::int from devices d where d.station_id = s.station_id) as device_types
            from stations s where station_id = ${stationId} and ${scope.stations('s')}`,
      );
      return row;
    },

    /** The station's devices with their newest readings, by device id. */
    async latest(stationId: number): Promise<LatestDevice[]> {
      return queryParsed(
        db,
        latestRow,
        sql`select d.device_id, d.sn, d.device_type, d.status, d.report_interval_s,
                   (extract(epoch from l.ts) * 1000)::bigint as ms, l.values, l.power_w, l.pv_power_w, l.total_kwh
            from devices d left join device_latest l using (device_id)
            where d.station_id = ${stationId}
            order by d.device_id`,
      );
    },

    /** The station's devices and their types (what a chart's series depend on). */
    async deviceTypes(stationId: number): Promise<{ device_id: number; device_type: DeviceType }[]> {
      return queryParsed(
        db,
        deviceTypeRow,
        sql`select device_id, device_type from devices where station_id = ${stationId} order by device_id`,
      );
    },

    /**
     * Five-minute averages of the power values of a station's devices between two instants: one
     * row per device and bucket that holds readings, `values[i]` the mean of `keys[i]` (null where
     * the device does not report it). Averaged in the database, so a day of a station travels as at
     * most 288 rows per device. The keys are power values, numbers by the protocol's schemas.
     */
    async buckets(
      stationId: number,
      keys: string[],
      fromMs: number,
      toMs: number,
      bucketMs: number,
    ): Promise<{ device_id: number; device_type: DeviceType; bucket: number; values: (number | null)[] }[]> {
      if (keys.length === 0) return [];
      const from = new Date(fromMs).toISOString();
      const averages = sql.join(
        keys.map((key, index) => sql`avg((r.values->>${key})::float8) as ${sql.raw(`k${index}`)}`),
        sql`, `,
      );
      const averaged = bucketRow.extend(
        Object.fromEntries(keys.map((_, index) => [`k${index}`, average])) as Record<
          `k${number}`,
          typeof average
        >,
      );
      const rows = await queryParsed(
        db,
        averaged,
        sql`select r.device_id, min(d.device_type) as device_type,
                   floor(extract(epoch from r.ts - ${from}::timestamptz) * 1000 / ${bucketMs})::int as bucket, ${averages}
            from readings r join devices d on d.device_id = r.device_id
            where d.station_id = ${stationId}
              and r.ts >= ${from}::timestamptz and r.ts < ${new Date(toMs).toISOString()}::timestamptz
            group by r.device_id, bucket`,
      );
      return rows.map((row) => ({
        device_id: row.device_id,
        device_type: row.device_type,
        bucket: row.bucket,
        values: keys.map((_, index) => row[`k${index}`] ?? null),
      }));
    },

    /** Energy rows of a station for one period kind between two period starts (inclusive). */
    async energyRows(stationId: number, period: Period, from: string, to: string): Promise<EnergyRow[]> {
      return queryParsed(
        db,
        energyRow,
        sql`select period, to_char(period_start, 'YYYY-MM-DD') as period_start, ${columns}
            from station_energy
            where station_id = ${stationId} and period = ${period}
              and period_start between ${from}::date and ${to}::date
            order by period_start`,
      );
    },

    /** The day, month and year rows of a local date, and the sum of all year rows (the total). */
    async periodFigures(
      owner: { stationId: number } | { deviceIds: number[] },
      day: string,
    ): Promise<{ day?: EnergyRow; month?: EnergyRow; year?: EnergyRow; total?: EnergyFigures }> {
      const [table, where]: [SQL, SQL] =
        'stationId' in owner
          ? [sql`station_energy`, sql`station_id = ${owner.stationId}`]
          : [
              sql`device_energy`,
              owner.deviceIds.length === 0
                ? sql`false`
                : sql`device_id in (${sql.join(
                    owner.deviceIds.map((id) => sql`${id}`),
                    sql`, `,
                  )})`,
            ];
      const found = await queryParsed(
        db,
        energyRow,
        sql`select period, to_char(period_start, 'YYYY-MM-DD') as period_start, ${sums}
            from ${table}
            where ${where} and ((period = 'd' and period_start = ${day}::date)
               or (period = 'm' and period_start = ${periodStart('month', day)}::date)
               or period = 'y')
            group by period, period_start`,
      );
      const years = found.filter((row) => row.period === 'y');
      const total =
        years.length === 0
          ? undefined
          : (Object.fromEntries(
              energyCounters.map((name) => [name, years.reduce((sum, row) => sum + row[name], 0)]),
            ) as EnergyFigures);
      return {
        day: found.find((row) => row.period === 'd'),
        month: found.find((row) => row.period === 'm'),
        year: found.find((row) => row.period === 'y' && row.period_start === `${day.slice(0, 4)}-01-01`),
        total,
      };
    },

    /** PV energy of some devices on one local day, by device (absent: no row, no data). */
    async devicesDayPv(deviceIds: number[], day: string): Promise<Map<number, number>> {
      if (deviceIds.length === 0) return new Map();
      const rows = await queryParsed(
        db,
        z.object({ device_id: column.int, pv_kwh: column.number }),
        sql`select device_id, pv_kwh::float8 as pv_kwh from device_energy
            where period = 'd' and period_start = ${day}::date and device_id in (${sql.join(
              deviceIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      return new Map(rows.map((row) => [row.device_id, row.pv_kwh]));
    },

    /** The first year a station has energy in, if any. */
    async firstYear(stationId: number): Promise<string | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({ first: column.text.nullable() }),
        sql`select to_char(min(period_start), 'YYYY') as first from station_energy
            where station_id = ${stationId} and period = 'y'`,
      );
      return row?.first ?? undefined;
    },

    /** The readings of some devices between two instants, oldest first; with the one before `fromMs` of each. */
    async readings(
      deviceIds: number[],
      fromMs: number,
      toMs: number,
      options: { withBefore?: boolean } = {},
    ): Promise<DayReading[]> {
      if (deviceIds.length === 0) return [];
      const ids = sql.join(
        deviceIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const from = new Date(fromMs).toISOString();
      const to = new Date(toMs).toISOString();
      const before = options.withBefore
        ? sql`union all
              select b.device_id, b.ms, b.values from unnest(array[${ids}]::int[]) as i(device_id)
              cross join lateral (
                select r.device_id, (extract(epoch from r.ts) * 1000)::bigint as ms, r.values from readings r
                where r.device_id = i.device_id and r.ts < ${from}::timestamptz
                  and r.ts >= ${from}::timestamptz - interval '2 days'
                order by r.ts desc limit 1) b`
        : sql``;
      return queryParsed(
        db,
        readingRow,
        sql`select device_id, ms, values from (
              select device_id, (extract(epoch from ts) * 1000)::bigint as ms, values from readings
              where device_id in (${ids}) and ts >= ${from}::timestamptz and ts < ${to}::timestamptz
              ${before}
            ) r order by ms`,
      );
    },

    /**
     * A station's charging sessions started since `fromMs`, newest first, at most `limit`: the
     * records the sessions job keeps from the wallboxes' readings (charging/records/).
     */
    async pileSessions(stationId: number, fromMs: number, limit: number): Promise<RecordRow[]> {
      return records.list({ stationId, fromMs }, { limit, offset: 0 });
    },

    /**
     * Each station in `scope`: its currency and unit price, its PV energy today (in its own
     * zone) and in total. The service prices them (contracts `incomeOf`), a station at a time.
     */
    async savings(scope: Scope): Promise<z.infer<typeof savingsRow>[]> {
      return queryParsed(
        db,
        savingsRow,
        sql`select s.currency, s.unit_price::float8 as unit_price,
                   coalesce(t.pv_kwh, 0)::float8 as today_pv,
                   coalesce(y.pv_kwh, 0)::float8 as total_pv
            from stations s
            left join station_energy t on t.station_id = s.station_id and t.period = 'd'
                 and t.period_start = ${todayIn('s.timezone', clock.now())}
            left join lateral (select sum(e.pv_kwh) as pv_kwh from station_energy e
                               where e.station_id = s.station_id and e.period = 'y') y on true
            where ${scope.stations('s')}`,
      );
    },
  };
}

export type PlantRepository = ReturnType<typeof plantRepository>;
