import {
  addDays,
  type ChartData,
  type ChartKind,
  type ChartSeriesKey,
  consumptionKwh,
  daysOfMonth,
  incomeOf,
  localClock,
  localDate,
  localPeriod,
  periodStart,
  type RangeUnit,
  rangeResolution,
  type StationPowers,
  stationMeasures,
} from '@helio/contracts';
import { readCounters } from '@helio/contracts/device-link';
import { type CounterReading, counterRise, type EnergyFigures } from '../energy/ledger.ts';
import { FIVE_MINUTES_MS, stationDayPowers } from './day-powers.ts';
import type { EnergyRow, PlantRepository, PlantStation } from './repository.ts';

/**
 * The station charts (contracts api/calls/chart.ts). A day is five-minute buckets of the station's
 * powers, averaged per device from the day's readings and combined as `stationPowers` combines a
 * moment; every longer range reads the energy rows (day, month, year) and never the readings. A
 * bucket or period without data is null; a future one too.
 */

const FIVE_MINUTES = FIVE_MINUTES_MS;

type PowerKey = keyof StationPowers;
type EnergyKey = Exclude<ChartSeriesKey, PowerKey>;

/** The day curves and the bars of each chart, before the station's devices narrow them. */
const curves: Record<Exclude<ChartKind, 'income'>, PowerKey[]> = {
  station: ['pv_w', 'load_w', 'grid_w', 'battery_w', 'ev_w', 'generator_w', 'soc_pct'],
  yield: ['pv_w'],
  battery: ['battery_w', 'soc_pct'],
  ems: ['pv_w', 'battery_w', 'grid_w', 'load_w', 'generator_w', 'soc_pct'],
  emsStorage: ['grid_w', 'load_w', 'battery_w', 'soc_pct'],
};
const bars: Record<ChartKind, EnergyKey[]> = {
  station: [
    'pv_kwh',
    'consumption_kwh',
    'import_kwh',
    'export_kwh',
    'charge_kwh',
    'discharge_kwh',
    'ev_kwh',
    'generator_kwh',
  ],
  yield: ['pv_kwh', 'yield_h'],
  income: ['income', 'pv_kwh'],
  battery: ['charge_kwh', 'discharge_kwh'],
  ems: [
    'pv_kwh',
    'consumption_kwh',
    'import_kwh',
    'export_kwh',
    'charge_kwh',
    'discharge_kwh',
    'generator_kwh',
  ],
  emsStorage: ['import_kwh', 'export_kwh', 'charge_kwh', 'discharge_kwh'],
};

/** The power an energy figure belongs to: a station without that power has no such bars. */
const energyPower: Record<EnergyKey, PowerKey> = {
  pv_kwh: 'pv_w',
  consumption_kwh: 'load_w',
  import_kwh: 'grid_w',
  export_kwh: 'grid_w',
  charge_kwh: 'battery_w',
  discharge_kwh: 'battery_w',
  ev_kwh: 'ev_w',
  generator_kwh: 'generator_w',
  yield_h: 'pv_w',
  income: 'pv_w',
};

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

function unitOf(key: ChartSeriesKey, currency: string): string {
  if (key === 'soc_pct') return '%';
  if (key === 'yield_h') return 'h';
  if (key === 'income') return currency;
  return key.endsWith('_w') ? 'W' : 'kWh';
}

function decimalsOf(key: ChartSeriesKey): number {
  if (key === 'soc_pct' || key.endsWith('_w')) return 1;
  if (key === 'income' || key === 'yield_h') return 2;
  return 3;
}

function series(keys: ChartSeriesKey[], currency: string, kind: 'line' | 'bar'): ChartData['series'] {
  return keys.map((key) => ({
    key,
    unit: unitOf(key, currency),
    kind: key === 'soc_pct' ? 'line' : kind,
  }));
}

/** What an energy row gives for a bar series. */
function energyValue(key: EnergyKey, row: EnergyFigures, station: PlantStation): number | null {
  switch (key) {
    case 'consumption_kwh':
      return round(consumptionKwh(row), 3);
    case 'yield_h':
      return station.capacity_kwp > 0 ? round(row.pv_kwh / station.capacity_kwp, 2) : null;
    case 'income':
      return incomeOf(row.pv_kwh, station.unit_price);
    default:
      return round(row[key], 3);
  }
}

export interface ChartRequest {
  kind: ChartKind;
  unit: RangeUnit;
  /** In the selector's format for the unit; absent for total. */
  date?: string;
}

export function chartBuilder(repo: PlantRepository, now: () => Date = () => new Date()) {
  /** The clock labels of a local day's buckets, by zone and day (a day's labels never change). */
  const labelCache = new Map<string, string[]>();
  function labelsOf(tz: string, day: string, start: number, count: number, step: number): string[] {
    const key = `${tz}|${day}|${step}`;
    let labels = labelCache.get(key);
    if (!labels) {
      labels = Array.from({ length: count }, (_, index) => localClock(start + index * step, tz));
      if (labelCache.size >= 2000) labelCache.clear();
      labelCache.set(key, labels);
    }
    return labels;
  }

  /** Five-minute powers of a local day. */
  async function dayCurves(station: PlantStation, keys: PowerKey[], day: string): Promise<ChartData['rows']> {
    const { startMs: start, powers } = await stationDayPowers(repo, station, day, now().getTime());
    const labels = labelsOf(station.timezone, day, start, powers.length, FIVE_MINUTES);
    return powers.map((bucket, index) => {
      const at = start + index * FIVE_MINUTES;
      return {
        period: new Date(at).toISOString(),
        label: labels[index] as string,
        values: keys.map((key) => {
          const value = bucket?.[key] ?? null;
          return value === null ? null : round(value, decimalsOf(key));
        }),
      };
    });
  }

  /** Hourly PV energy and income of a local day, from the counters of its readings. */
  async function dayIncome(
    station: PlantStation,
    keys: EnergyKey[],
    day: string,
  ): Promise<ChartData['rows']> {
    const tz = station.timezone;
    const { startMs: start, endMs: end } = localPeriod('day', day, tz);
    const hours: number[] = [];
    for (let at = start; at < end; at += 3_600_000) hours.push(at);
    const types = new Map(
      (await repo.deviceTypes(station.station_id)).map((device) => [device.device_id, device.device_type]),
    );
    const readings = await repo.readings([...types.keys()], start, end, { withBefore: true });
    const pv: (number | null)[] = hours.map(() => null);
    const previous = new Map<number, CounterReading>();
    for (const reading of readings) {
      const type = types.get(reading.device_id);
      if (type === undefined) continue;
      const current: CounterReading = { ms: reading.ms, counters: readCounters(type, reading.values) };
      const before = previous.get(reading.device_id);
      previous.set(reading.device_id, current);
      if (!before || reading.ms < start || current.counters.pv_kwh === undefined) continue;
      const hour = Math.floor((reading.ms - start) / 3_600_000);
      pv[hour] = (pv[hour] ?? 0) + (counterRise(before.counters, current.counters).pv_kwh ?? 0);
    }
    const nowMs = now().getTime();
    return hours.map((at, index) => {
      const energy = at > nowMs ? null : (pv[index] ?? null);
      return {
        period: new Date(at).toISOString(),
        label: localClock(at, tz),
        values: keys.map((key) => {
          if (energy === null) return null;
          return key === 'income' ? incomeOf(energy, station.unit_price) : round(energy, 3);
        }),
      };
    });
  }

  /** Bars of the periods of a range, null where there is no energy row. */
  function barRows(
    station: PlantStation,
    keys: EnergyKey[],
    periods: { period: string; label: string; start: string }[],
    rows: EnergyRow[],
  ): ChartData['rows'] {
    const byStart = new Map(rows.map((row) => [row.period_start, row]));
    return periods.map(({ period, label, start }) => {
      const row = byStart.get(start);
      return { period, label, values: keys.map((key) => (row ? energyValue(key, row, station) : null)) };
    });
  }

  return {
    /** The chart of a station the caller may see (the caller's check is the service's). */
    async build(station: PlantStation, request: ChartRequest): Promise<ChartData> {
      const measured = stationMeasures(station.device_types);
      const { unit, kind } = request;
      const tz = station.timezone;
      const base = {
        station_id: station.station_id,
        timezone: tz,
        unit,
        currency: station.currency,
      };
      if (unit === 'day') {
        const day = request.date as string;
        if (kind === 'income') {
          const keys = bars.income.filter((key) => measured.has(energyPower[key]));
          return {
            ...base,
            date: day,
            resolution: 'hour',
            series: series(keys, station.currency, 'bar'),
            rows: keys.length === 0 ? [] : await dayIncome(station, keys, day),
          };
        }
        const keys = curves[kind].filter((key) => measured.has(key));
        return {
          ...base,
          date: day,
          resolution: 'five_minutes',
          series: series(keys, station.currency, 'line'),
          rows: await dayCurves(station, keys, day),
        };
      }
      const keys = bars[kind].filter(
        (key) => measured.has(energyPower[key]) && !(key === 'yield_h' && station.capacity_kwp <= 0),
      );
      let date: string | null;
      let periods: { period: string; label: string; start: string }[];
      let rows: EnergyRow[];
      if (unit === 'week' || unit === 'month') {
        const days =
          unit === 'week'
            ? Array.from({ length: 7 }, (_, index) =>
                addDays(periodStart('week', request.date as string), index),
              )
            : daysOfMonth(request.date as string);
        date = unit === 'week' ? (days[0] as string) : (request.date as string);
        periods = days.map((day) => ({ period: day, label: day, start: day }));
        rows = await repo.energyRows(station.station_id, 'd', days[0] as string, days.at(-1) as string);
      } else if (unit === 'year') {
        const year = request.date as string;
        date = year;
        periods = Array.from({ length: 12 }, (_, index) => {
          const month = `${year}-${String(index + 1).padStart(2, '0')}`;
          return { period: month, label: month, start: `${month}-01` };
        });
        rows = await repo.energyRows(station.station_id, 'm', `${year}-01-01`, `${year}-12-01`);
      } else {
        date = null;
        const thisYear = Number(localDate(now().getTime(), tz).slice(0, 4));
        const first = Math.min(Number((await repo.firstYear(station.station_id)) ?? thisYear), thisYear);
        periods = [];
        for (let year = first; year <= thisYear; year += 1)
          periods.push({ period: String(year), label: String(year), start: `${year}-01-01` });
        rows = await repo.energyRows(station.station_id, 'y', `${first}-01-01`, `${thisYear}-01-01`);
      }
      return {
        ...base,
        date,
        resolution: rangeResolution[unit] as ChartData['resolution'],
        series: series(keys, station.currency, 'bar'),
        rows: barRows(station, keys, periods, rows),
      };
    },
  };
}

export type ChartBuilder = ReturnType<typeof chartBuilder>;
