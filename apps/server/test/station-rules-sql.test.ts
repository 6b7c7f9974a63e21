import {
  type DeviceState,
  DeviceType,
  deviceStates,
  deviceTypes,
  stationPvPowerW,
  stationStateOf,
} from '@helio/contracts';
import { column, type DatabaseHandle, queryParsed, schema } from '@helio/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stationPvPowerSql, stationStatusSql } from '../src/domains/stations/station-query.ts';
import { freshDatabase } from './support/database.ts';

/**
 * The rules a station derives from its devices, in SQL (station list, detail, fleet statistics),
 * give what the contracts' rules give: the status (`stationStateOf`) and the headline PV power
 * (`stationPvPowerW`), over random stations of every device type, state and PV value, on PGlite
 * and on PostgreSQL (DATABASE_URL).
 */

let database: DatabaseHandle;
let ownerId: number;
beforeAll(async () => {
  database = await freshDatabase();
  const [owner] = await database.db
    .insert(schema.users)
    .values({
      userName: 'rules',
      email: 'rules@example.invalid',
      passwordHash: 'x',
      roleId: 1,
      installerLevel: 1,
    })
    .returning({ userId: schema.users.userId });
  ownerId = owner!.userId;
});
afterAll(async () => {
  await database.close();
});

interface Device {
  device_type: DeviceType;
  status: DeviceState;
  /** Newest values; none: the device never reported. */
  values: Record<string, number | string> | null;
}

const pvKeys = ['pv_power_w', 'pvs.pv_power_w', 'power_w', 'battery_power_w'];
const device: fc.Arbitrary<Device> = fc.record({
  device_type: fc.constantFrom(...deviceTypes),
  status: fc.constantFrom(...deviceStates),
  values: fc.option(
    fc.dictionary(
      fc.constantFrom(...pvKeys),
      fc.oneof(fc.double({ min: -2e5, max: 2e5, noNaN: true, noDefaultInfinity: true }), fc.constant('n/a')),
    ),
    { nil: null },
  ),
});

/** A station's devices: one meter at most (devices_station_meter_key). */
const stationDevices = fc
  .array(device, { maxLength: 6 })
  .map((devices) =>
    devices.filter(
      (one, index) =>
        one.device_type !== DeviceType.meter ||
        devices.findIndex((other) => other.device_type === DeviceType.meter) === index,
    ),
  );

let serial = 0;
async function stationWith(devices: readonly Device[]): Promise<number> {
  const { db } = database;
  serial += 1;
  const [station] = await db
    .insert(schema.stations)
    .values({
      stationName: `rules ${serial}`,
      stationType: 1,
      installerId: ownerId,
      ownerRootId: ownerId,
      countryCode: 'PL',
      address: 'somewhere',
      latitude: 52,
      longitude: 21,
      capacityKwp: '10',
      unitPrice: '0.5',
      currency: 'PLN',
      timezone: 'Europe/Warsaw',
    })
    .returning({ stationId: schema.stations.stationId });
  const stationId = station!.stationId;
  for (const [index, one] of devices.entries()) {
    const [row] = await db
      .insert(schema.devices)
      .values({
        stationId,
        sn: `RULES${serial}X${index}`,
        deviceType: one.device_type,
        model: 'test',
        status: one.status,
      })
      .returning({ deviceId: schema.devices.deviceId });
    if (one.values) {
      await db
        .insert(schema.deviceLatest)
        .values({ deviceId: row!.deviceId, ts: new Date(), seq: 1, values: { ...one.values } });
    }
  }
  return stationId;
}

const derived = z.object({ status: z.string(), pv_w: column.number.nullable() });

async function derivedInSql(stationId: number) {
  const [row] = await queryParsed(
    database.db,
    derived,
    sql`select ${stationStatusSql(sql`s.station_id`)} as status, ${stationPvPowerSql(sql`s.station_id`)} as pv_w
        from stations s where s.station_id = ${stationId}`,
  );
  return row!;
}

describe('a station’s rules in SQL equal the contracts’', () => {
  it('status and headline PV power, over random stations', async () => {
    await fc.assert(
      fc.asyncProperty(stationDevices, async (devices) => {
        const { status, pv_w } = await derivedInSql(await stationWith(devices));
        expect(status).toBe(stationStateOf(devices.map((one) => one.status)));
        const expected = stationPvPowerW(
          devices.filter((one) => one.values !== null).map((one) => ({ ...one, values: one.values ?? {} })),
        );
        if (expected === null) expect(pv_w).toBeNull();
        else expect(pv_w).toBeCloseTo(expected, 6);
      }),
      { numRuns: 60 },
    );
  });

  it('counts the PVS of an EMS 5000 and not the inverter beside it, and no offline device', async () => {
    const ems = { device_type: DeviceType.energyManagementBox, values: { 'pvs.pv_power_w': 4000 } };
    const inverter = { device_type: DeviceType.inverter, values: { pv_power_w: 1500 } };
    const both = await stationWith([
      { ...ems, status: 'online' },
      { ...inverter, status: 'online' },
    ]);
    expect(await derivedInSql(both)).toEqual({ status: 'online', pv_w: 4000 });
    const emsOffline = await stationWith([
      { ...ems, status: 'offline' },
      { ...inverter, status: 'alarm' },
    ]);
    expect(await derivedInSql(emsOffline)).toEqual({ status: 'alarm', pv_w: 1500 });
    expect(await derivedInSql(await stationWith([]))).toEqual({ status: 'no_device', pv_w: null });
  });
});
