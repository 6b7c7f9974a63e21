import { tariffsRepository } from '../tariffs/repository.ts';
import type { SeededDemoPlant } from './demo-plants.ts';

/**
 * The demo plants' peak-valley tariffs (demo-catalogue.ts), saved by the portal itself through
 * the tariffs module's repository, once: a station that has a tariff keeps it. Called once the
 * history is written, so that the split job never splits a day whose readings are still coming
 * in. The split covers the plant's whole history: it starts from the commissioning date, and the
 * split takes only days with energy, at most 400 days back.
 * Answers how many tariffs were saved (the caller then asks for a split run).
 */
export async function seedDemoTariffs(
  db: Parameters<typeof tariffsRepository>[0],
  plants: readonly SeededDemoPlant[],
  now: Date,
): Promise<number> {
  const repo = tariffsRepository(db);
  let saved = 0;
  for (const { plant, stationId } of plants) {
    if (!plant.tariff || (await repo.tariff(stationId))) continue;
    await repo.save(db, stationId, { tariff: plant.tariff, splitFrom: plant.commissioningDate }, null, now);
    saved += 1;
  }
  return saved;
}
