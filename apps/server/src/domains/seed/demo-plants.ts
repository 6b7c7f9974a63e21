import { DEMO_USER_ID } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashSecret, issueSecret } from '../devices/credentials.ts';
import { readingValues } from '../devices/latest-store.ts';
import { type DemoDevice, type DemoPlant, demoPlants } from './demo-catalogue.ts';

/** A demo plant as it stands in the database, with the secrets its devices use in this process. */
export interface SeededDemoPlant {
  plant: DemoPlant;
  stationId: number;
  devices: (DemoDevice & {
    deviceId: number;
    secret: string;
    /** The newest stored reading's time and values, to carry on from (none on the first start). */
    latestMs: number | undefined;
    latestValues: Record<string, number | string> | undefined;
  })[];
}

const deviceIdRow = z.object({ device_id: column.int });
const latestRow = z.object({ ms: column.int, values: readingValues });
const stationIdRow = z.object({ station_id: column.int });

/**
 * Puts the demo installer's plants in place: stations and devices that are missing are created
 * (the demo account's own writes are refused; this is the portal seeding itself), and every demo
 * device gets a new secret, known only to this process, which drives the plants.
 */
export async function seedDemoPlants(db: Database): Promise<SeededDemoPlant[]> {
  const seeded: SeededDemoPlant[] = [];
  for (const plant of demoPlants) {
    const stationId = await ensureStation(db, plant);
    const devices: SeededDemoPlant['devices'] = [];
    for (const device of plant.devices) {
      const secret = issueSecret();
      const [row] = await queryParsed(
        db,
        deviceIdRow,
        sql`insert into devices (station_id, sn, device_type, model, firmware_version, modbus_address,
                                 rated_power_w, secret_hash, secret_issued_at)
            values (${stationId}, ${device.sn}, ${device.deviceType}, ${device.model}, ${device.firmwareVersion},
                    ${device.modbusAddress}, ${device.ratedPowerW}, ${hashSecret(secret)}, now())
            on conflict (sn) do update set secret_hash = excluded.secret_hash, secret_issued_at = now()
              where devices.station_id = excluded.station_id
            returning device_id`,
      );
      // an SN someone registered on another station is theirs: the demo leaves it alone
      if (!row) continue;
      const [latest] = await queryParsed(
        db,
        latestRow,
        sql`select (extract(epoch from ts) * 1000)::bigint as ms, values from device_latest
            where device_id = ${row!.device_id}`,
      );
      devices.push({
        ...device,
        deviceId: row!.device_id,
        secret,
        latestMs: latest?.ms,
        latestValues: latest?.values,
      });
    }
    seeded.push({ plant, stationId, devices });
  }
  return seeded;
}

async function ensureStation(db: Database, plant: DemoPlant): Promise<number> {
  const [existing] = await queryParsed(
    db,
    stationIdRow,
    sql`select station_id from stations
        where owner_root_id = ${DEMO_USER_ID} and lower(station_name) = ${plant.name.toLowerCase()}`,
  );
  if (existing) return existing.station_id;
  const [created] = await queryParsed(
    db,
    stationIdRow,
    sql`insert into stations (station_name, station_type, installer_id, owner_root_id, country_code,
                              province_code, city, address, latitude, longitude, capacity_kwp,
                              commissioning_date, grid_connection_date, unit_price, currency, timezone)
        values (${plant.name}, ${plant.stationType}, ${DEMO_USER_ID}, ${DEMO_USER_ID}, ${plant.countryCode},
                ${plant.provinceCode}, ${plant.city}, ${plant.address}, ${plant.latitude}, ${plant.longitude},
                ${plant.capacityKwp}, ${plant.commissioningDate}, ${plant.commissioningDate}, ${plant.unitPrice},
                ${plant.currency}, ${plant.timezone})
        returning station_id`,
  );
  return created!.station_id;
}
