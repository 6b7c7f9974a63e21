import {
  bandAtInstant,
  bandMoney,
  consumptionKwh,
  localDate,
  localPeriod,
  type Tariff,
  type TariffBand,
  tariffBands,
} from '@helio/contracts';
import type { Database } from '@helio/db';
import {
  addInto,
  type CounterReading,
  type EnergyFigures,
  forEachDayRise,
  zeroFigures,
} from '../energy/ledger.ts';
import { readingsAround } from '../energy/recount.ts';
import type { BandRow, TariffsRepository } from './repository.ts';

/**
 * The tariff split of one station-local day: for every device of the station, the rises of its
 * counters as the energy ledger counts them for that day (energy/ledger.ts `forEachDayRise` over
 * the readings `readingsAround` the day, the very walk of the recount), each put in the band of the
 * later reading's local time (contracts `bandAt`). A gap's share of an earlier day (a device silent
 * across midnight) has no later reading in that day: it goes to the band of the day's last minute.
 * So the bands of a day add up, counter by counter, to the station's energy row of that day.
 */

/** Each band's energy of local `day` from devices' readings (each list oldest first). */
export function splitDay(
  devicesReadings: readonly (readonly CounterReading[])[],
  day: string,
  timeZone: string,
  tariff: Tariff,
): Record<TariffBand, EnergyFigures> {
  const bands = { peak: zeroFigures(), shoulder: zeroFigures(), valley: zeroFigures() };
  const dayEndMs = localPeriod('day', day, timeZone).endMs;
  for (const readings of devicesReadings) {
    forEachDayRise(readings, timeZone, (riseDay, rise, step) => {
      if (riseDay !== day) return;
      const atMs = localDate(step.toMs, timeZone) === day ? step.toMs : dayEndMs - 1;
      addInto(bands[bandAtInstant(tariff, atMs, timeZone)], rise);
    });
  }
  return bands;
}

/** The rows of a split day: each band's energy, consumption and money (contracts `bandMoney`). */
export function bandRows(bands: Record<TariffBand, EnergyFigures>, tariff: Tariff): BandRow[] {
  return tariffBands.map((band) => {
    const figures = bands[band];
    return {
      band,
      import_kwh: figures.import_kwh,
      export_kwh: figures.export_kwh,
      charge_kwh: figures.charge_kwh,
      discharge_kwh: figures.discharge_kwh,
      consumption_kwh: consumptionKwh(figures),
      pv_kwh: figures.pv_kwh,
      ...bandMoney(tariff, band, figures),
    };
  });
}

/**
 * Splits one day of a station and replaces its rows, in one transaction that holds the station's
 * tariff row locked (so a save, a recomputation and the nightly run never write a day at once).
 * Answers false when the station has no tariff any more.
 */
export async function splitStationDay(
  db: Database,
  repo: TariffsRepository,
  station: { stationId: number; timeZone: string },
  day: string,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const stored = await repo.tariff(station.stationId, tx, true);
    if (!stored) return false;
    const { startMs, endMs } = localPeriod('day', day, station.timeZone);
    const readings: CounterReading[][] = [];
    for (const device of await repo.devices(tx, station.stationId))
      readings.push(await readingsAround(tx, device, startMs, endMs));
    const bands = splitDay(readings, day, station.timeZone, stored.tariff);
    await repo.replaceDay(tx, station.stationId, day, bandRows(bands, stored.tariff), at);
    return true;
  });
}
