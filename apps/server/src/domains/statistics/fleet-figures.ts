import {
  addDays,
  co2SavedKg,
  type DeviceType,
  incomeOf,
  localDate,
  periodStart,
  type StationState,
  type StationType,
  statistics,
} from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import type { AlarmCountRow, StationFigures, ZonePeriods } from './repository.ts';

type AlarmBreakdown = statistics.AlarmBreakdown;
type FleetStatistics = statistics.FleetStatistics;
type MapStation = statistics.MapStation;
type Performer = statistics.Performer;

/**
 * The fleet dashboard's figures from the rows of the repository: pure, so that the rules (local
 * periods, income per currency, performers, alarm breakdowns) are tested without a database.
 */

/**
 * A zone's day, month, year and performers' window at an instant. A zone the runtime does not know
 * (stations take only IANA zones, so this is a safeguard) counts in UTC rather than failing the page.
 */
export function zonePeriods(tz: string, at: Date): ZonePeriods {
  let today: string;
  try {
    today = localDate(at.getTime(), tz);
  } catch {
    today = localDate(at.getTime(), 'UTC');
  }
  return {
    tz,
    today,
    monthStart: periodStart('month', today),
    yearStart: periodStart('year', today),
    windowStart: addDays(today, -statistics.YIELD_WINDOW_DAYS),
  };
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
const kwh = (value: number) => round(value, 3);

/**
 * Top and bottom stations by PV yield per kWp over the window: only stations with a capacity and
 * at least one counted day in it. The bottom list is lowest first and leaves out the top's stations.
 */
export function performers(rows: readonly StationFigures[]): { top: Performer[]; bottom: Performer[] } {
  const ranked = rows
    .filter((row) => row.capacity_kwp > 0 && row.window_days > 0)
    .map(
      (row): Performer => ({
        station_id: row.station_id,
        station_name: row.station_name,
        station_type: row.station_type,
        capacity_kwp: row.capacity_kwp,
        energy_kwh: kwh(row.window_kwh ?? 0),
        yield_kwh_per_kwp: round((row.window_kwh ?? 0) / row.capacity_kwp, 3),
        days: row.window_days,
      }),
    )
    .sort((a, b) => b.yield_kwh_per_kwp - a.yield_kwh_per_kwp || a.station_id - b.station_id);
  const top = ranked.slice(0, statistics.PERFORMER_COUNT);
  const bottom = ranked.slice(top.length).reverse().slice(0, statistics.PERFORMER_COUNT);
  return { top, bottom };
}

/** A stored severity; the table's check allows only the three, so anything else cannot occur. */
const severityOf = (value: string): FaultSeverity =>
  value === 'warning' || value === 'critical' ? value : 'fault';

/** Alarm rows of one kind (happening or raised) as totals by severity and by device type. */
export function alarmBreakdown(rows: readonly AlarmCountRow[], pick: 'happening' | 'raised'): AlarmBreakdown {
  const bySeverity = { warning: 0, fault: 0, critical: 0 };
  const byType = new Map<number, AlarmBreakdown['by_device_type'][number]>();
  for (const row of rows) {
    const count = row[pick];
    if (count === 0) continue;
    const severity = severityOf(row.severity);
    bySeverity[severity] += count;
    const entry = byType.get(row.device_type) ?? {
      device_type: row.device_type as DeviceType,
      total: 0,
      warning: 0,
      fault: 0,
      critical: 0,
    };
    entry.total += count;
    entry[severity] += count;
    byType.set(row.device_type, entry);
  }
  return {
    total: bySeverity.warning + bySeverity.fault + bySeverity.critical,
    by_severity: bySeverity,
    by_device_type: [...byType.values()].sort((a, b) => b.total - a.total || a.device_type - b.device_type),
  };
}

/** Everything the dashboard shows, from the stations' rows and the alarm counts. */
export function fleetStatistics(
  rows: readonly StationFigures[],
  alarmRows: readonly AlarmCountRow[],
  context: { at: Date; alarmWindowDays: number },
): FleetStatistics {
  const byStatus: Record<StationState, number> = { online: 0, offline: 0, alarm: 0, no_device: 0 };
  const byType = new Map<number, number>();
  const devices = { total: 0, online: 0, offline: 0, alarm: 0 };
  const energy = { today: 0, month: 0, year: 0, total: 0 };
  const income = new Map<string, { today: number; month: number; year: number; total: number }>();
  let capacity = 0;
  let power = 0;
  const map: MapStation[] = [];

  for (const row of rows) {
    const { status } = row;
    byStatus[status] += 1;
    byType.set(row.station_type, (byType.get(row.station_type) ?? 0) + 1);
    devices.total += row.device_count;
    devices.online += row.online;
    devices.alarm += row.alarm;
    devices.offline += row.device_count - row.online - row.alarm;
    capacity += row.capacity_kwp;
    power += row.pv_power_w ?? 0;
    const station = {
      today: row.today_kwh ?? 0,
      month: row.month_kwh ?? 0,
      year: row.year_kwh ?? 0,
      total: row.total_kwh ?? 0,
    };
    const money = income.get(row.currency) ?? { today: 0, month: 0, year: 0, total: 0 };
    for (const period of ['today', 'month', 'year', 'total'] as const) {
      energy[period] += station[period];
      // each station's income as its overview shows it (incomeOf, to the cent), then added up
      money[period] += incomeOf(station[period], row.unit_price);
    }
    income.set(row.currency, money);
    map.push({
      station_id: row.station_id,
      station_name: row.station_name,
      station_type: row.station_type,
      status,
      latitude: row.latitude,
      longitude: row.longitude,
      capacity_kwp: row.capacity_kwp,
      today_kwh: row.reported ? kwh(station.today) : null,
    });
  }

  const cents = (value: number) => round(value, 2);
  return {
    generated_at: context.at.toISOString(),
    stations: {
      total: rows.length,
      by_status: byStatus,
      by_type: [...byType.entries()]
        .sort(([a], [b]) => a - b)
        .map(([type, count]) => ({ station_type: type as StationType, count })),
    },
    devices,
    capacity_kwp: round(capacity, 3),
    pv_power_w: round(power, 1),
    energy: {
      today_kwh: kwh(energy.today),
      month_kwh: kwh(energy.month),
      year_kwh: kwh(energy.year),
      total_kwh: kwh(energy.total),
    },
    income: [...income.entries()]
      .map(([currency, money]) => ({
        currency,
        today: cents(money.today),
        month: cents(money.month),
        year: cents(money.year),
        total: cents(money.total),
      }))
      .sort((a, b) => b.total - a.total || a.currency.localeCompare(b.currency)),
    co2_saved_kg: {
      today: round(co2SavedKg(energy.today), 1),
      month: round(co2SavedKg(energy.month), 1),
      year: round(co2SavedKg(energy.year), 1),
      total: round(co2SavedKg(energy.total), 1),
    },
    map,
    ...performers(rows),
    alarms: {
      window_days: context.alarmWindowDays,
      happening: alarmBreakdown(alarmRows, 'happening'),
      raised: alarmBreakdown(alarmRows, 'raised'),
    },
  };
}
