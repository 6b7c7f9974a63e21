import {
  type DeviceType,
  type DeviceValues,
  localPeriod,
  powerValueKeys,
  type StationPowers,
  stationPowers,
} from '@helio/contracts';
import type { PlantRepository } from './repository.ts';

/** The length of a day curve's bucket: the day chart's and the flow days' (energy/flow-days.ts). */
export const FIVE_MINUTES_MS = 5 * 60_000;

export interface DayPowers {
  /** The instant the local day begins and ends, ms (23–25 hours apart, calendar `localPeriod`). */
  startMs: number;
  endMs: number;
  /** The station's powers of each five-minute bucket from the day's start, null where no device read. */
  powers: (StationPowers | null)[];
}

/**
 * A station's five-minute powers over one local day: each device's values averaged per bucket in
 * the database (`buckets`), combined as `stationPowers` combines a moment. Buckets from `untilMs`
 * on are null (the rest of today). The day chart draws them; the flow days integrate them.
 */
export async function stationDayPowers(
  repo: Pick<PlantRepository, 'buckets'>,
  station: PowersStation,
  day: string,
  untilMs = Number.POSITIVE_INFINITY,
): Promise<DayPowers> {
  const { startMs, endMs } = localPeriod('day', day, station.timezone);
  return { startMs, endMs, powers: await stationPowersBetween(repo, station, startMs, endMs, untilMs) };
}

type PowersStation = { station_id: number; timezone: string; device_types: readonly DeviceType[] };

/**
 * A station's five-minute powers from `startMs` to `endMs`, bucket by bucket from `startMs`
 * (null where no device read): the day curve's, and over a charging session's span the powers its
 * energy is split by (charging/records/shares.ts). Buckets from `untilMs` on are null.
 */
export async function stationPowersBetween(
  repo: Pick<PlantRepository, 'buckets'>,
  station: PowersStation,
  startMs: number,
  endMs: number,
  untilMs = Number.POSITIVE_INFINITY,
): Promise<(StationPowers | null)[]> {
  const count = Math.ceil((endMs - startMs) / FIVE_MINUTES_MS);
  const valueKeys = [...new Set(station.device_types.flatMap((type) => powerValueKeys(type)))];
  const averaged = await repo.buckets(station.station_id, valueKeys, startMs, endMs, FIVE_MINUTES_MS);
  const slots: DeviceValues[][] = Array.from({ length: count }, () => []);
  for (const row of averaged) {
    const slot = slots[row.bucket];
    if (!slot) continue;
    const values: Record<string, number> = {};
    valueKeys.forEach((key, index) => {
      const value = row.values[index];
      if (value !== null && value !== undefined) values[key] = value;
    });
    slot.push({ device_type: row.device_type, values });
  }
  return slots.map((slot, index) =>
    slot.length === 0 || startMs + index * FIVE_MINUTES_MS > untilMs ? null : stationPowers(slot),
  );
}
