/**
 * The accuracy check of `npm run bench:api` (api.ts): the month and year totals of the history
 * stations, as `station_energy` holds them, against sums computed here independently from the
 * raw readings: for each device, the positive differences of each counter between consecutive
 * readings (lag() over the raw table), summed in the station's local month and year. The counter
 * keys are written out for the device types the history has, on purpose not taken from the code
 * under test.
 */
import type pg from 'pg';
import { inParallel } from './api-data.ts';

const counters = ['pv_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh', 'ev_kwh'] as const;

/** Where each counter is in the values of the history's device types (inverter, battery, meter, wallbox). */
const rawCounter: Record<(typeof counters)[number], string> = {
  pv_kwh: `case when d.device_type = 1 then (r.values ->> 'pv_kwh')::float8 end`,
  charge_kwh: `case when d.device_type = 2 then (r.values ->> 'charge_kwh')::float8 end`,
  discharge_kwh: `case when d.device_type = 2 then (r.values ->> 'discharge_kwh')::float8 end`,
  import_kwh: `case when d.device_type = 6 then (r.values ->> 'import_kwh')::float8 end`,
  export_kwh: `case when d.device_type = 6 then (r.values ->> 'export_kwh')::float8 end`,
  ev_kwh: `case when d.device_type = 4 then (r.values ->> 'ev_kwh')::float8 end`,
};

export interface AccuracyResult {
  stations: number;
  /** Station month and year rows compared, each with six counters. */
  rows: number;
  /** Rows on one side only. */
  unmatched: number;
  worstRelative: number;
  worst: string;
  /** Largest absolute difference, kWh. */
  worstAbsolute: number;
  /** Raw energy summed over all rows compared, kWh (what the check covered). */
  rawTotalKwh: number;
  seconds: number;
}

interface Row {
  station_id: number;
  period: string;
  start: string;
  [key: string]: number | string | null;
}

export async function checkTotals(
  pool: pg.Pool,
  stationIds: number[],
  parallel: number,
  batch = 10,
): Promise<AccuracyResult> {
  const started = performance.now();
  const groups: number[][] = [];
  for (let index = 0; index < stationIds.length; index += batch)
    groups.push(stationIds.slice(index, index + batch));
  const results = await inParallel(
    groups.map((group) => async () => {
      const client = await pool.connect();
      try {
        await client.query(`set work_mem = '512MB'`);
        await client.query('set jit = off');
        const { rows } = await client.query<Row>(
          `with raw as (
             select d.station_id, s.timezone, d.device_id, r.ts,
                    ${counters.map((name) => `${rawCounter[name]} as ${name}`).join(', ')}
             from devices d
             join stations s on s.station_id = d.station_id
             -- each device's readings through the primary key, not a scan of the whole table
             cross join lateral (select ts, values from readings where device_id = d.device_id offset 0) r
             where d.station_id = any($1::int[])
           ), steps as (
             select station_id, (ts at time zone timezone)::date as day,
                    ${counters.map((name) => `${name} - lag(${name}) over w as ${name}`).join(', ')}
             from raw window w as (partition by device_id order by ts)
           ), sums as (
             select station_id, 'm' as period, to_char(day, 'YYYY-MM-01') as start,
                    ${counters.map((name) => `sum(case when ${name} > 0 then ${name} else 0 end) as raw_${name}`).join(', ')}
             from steps group by station_id, to_char(day, 'YYYY-MM-01')
             union all
             select station_id, 'y', to_char(day, 'YYYY-01-01'),
                    ${counters.map((name) => `sum(case when ${name} > 0 then ${name} else 0 end)`).join(', ')}
             from steps group by station_id, to_char(day, 'YYYY-01-01')
           )
           select coalesce(x.station_id, e.station_id) as station_id, coalesce(x.period, e.period) as period,
                  coalesce(x.start, to_char(e.period_start, 'YYYY-MM-DD')) as start,
                  ${counters.map((name) => `x.raw_${name}, e.${name}`).join(', ')}
           from sums x
           full join (select * from station_energy where station_id = any($1::int[]) and period in ('m', 'y')) e
             on e.station_id = x.station_id and e.period = x.period and to_char(e.period_start, 'YYYY-MM-DD') = x.start`,
          [group],
        );
        return rows;
      } finally {
        client.release();
      }
    }),
    parallel,
  );
  let rows = 0;
  let unmatched = 0;
  let worstRelative = 0;
  let worstAbsolute = 0;
  let worst = 'none';
  let rawTotalKwh = 0;
  for (const row of results.flat()) {
    rows += 1;
    if (row[`raw_${counters[0]}`] === null || row[counters[0]] === null) {
      unmatched += 1;
      continue;
    }
    for (const name of counters) {
      const raw = Number(row[`raw_${name}`]);
      const stored = Number(row[name]);
      rawTotalKwh += raw;
      const absolute = Math.abs(stored - raw);
      const relative = raw > 1e-9 ? absolute / raw : absolute > 1e-9 ? Number.POSITIVE_INFINITY : 0;
      worstAbsolute = Math.max(worstAbsolute, absolute);
      if (relative > worstRelative) {
        worstRelative = relative;
        worst = `station ${row.station_id} ${row.period} ${row.start} ${name}: stored ${stored.toFixed(6)}, raw ${raw.toFixed(6)} kWh`;
      }
    }
  }
  return {
    stations: stationIds.length,
    rows,
    unmatched,
    worstRelative,
    worst,
    worstAbsolute,
    rawTotalKwh,
    seconds: (performance.now() - started) / 1000,
  };
}
