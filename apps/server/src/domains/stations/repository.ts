import type { DeviceType, StationItem } from '@helio/contracts';
import { column, type Database, queryParsed, schema } from '@helio/db';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Refusal } from '../../core/refusal.ts';
import { type Clock, systemClock } from '../../platform/clock.ts';
import { violatedUniqueIndex } from '../../platform/unique-violation.ts';
import { stationRow, stationSelect, toStationItem } from './station-query.ts';

const { stations } = schema;
type StationValues = Omit<typeof stations.$inferInsert, 'stationId' | 'createdAt' | 'updatedAt'>;
/** The descriptive fields an edit replaces. */
export type StationFields = Omit<StationValues, 'installerId' | 'endUserId' | 'ownerRootId'>;

/** Maps a violation of the per-tree name index onto 3001 ("station name exists"). */
async function mapNameTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (violatedUniqueIndex(error, ['stations_owner_name_key'])) throw new Refusal('3001');
    throw error;
  }
}

/** SQL of the stations domain's writes and single-station reads. */
export function stationsRepository(
  db: Database,
  photoUrl: (photoId: string) => string,
  clock: Clock = systemClock,
) {
  return {
    /** The station as answered to callers; undefined when it does not exist. */
    async item(stationId: number): Promise<StationItem | undefined> {
      const [row] = await queryParsed(
        db,
        stationRow,
        stationSelect(sql`s.station_id = ${stationId}`, clock.now()),
      );
      return row && toStationItem(row, photoUrl);
    },

    async bindings(stationId: number) {
      const [row] = await db
        .select({
          installerId: stations.installerId,
          endUserId: stations.endUserId,
          ownerRootId: stations.ownerRootId,
        })
        .from(stations)
        .where(eq(stations.stationId, stationId));
      return row;
    },

    /** True when another station of the same tree has this name, in any case. */
    async nameTaken(ownerRootId: number, stationName: string, exceptStationId = -1): Promise<boolean> {
      const rows = await queryParsed(
        db,
        z.object({ taken: column.bool }),
        sql`select exists(select 1 from stations where owner_root_id = ${ownerRootId}
              and lower(station_name) = ${stationName.toLowerCase()} and station_id <> ${exceptStationId}) as taken`,
      );
      return rows[0]?.taken === true;
    },

    /**
     * A stored photo: who uploaded it (null once that account is gone) and whether it is already
     * the photo of `stationId`; undefined when no photo has that id.
     */
    async photo(
      photoId: string,
      stationId: number | undefined,
    ): Promise<{ uploadedBy: number | null; isStations: boolean } | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({ uploaded_by: column.int.nullable(), is_stations: column.bool }),
        sql`select p.uploaded_by,
                   exists(select 1 from stations s where s.station_id = ${stationId ?? null}::int
                            and s.photo_id = p.photo_id) as is_stations
            from station_photos p where p.photo_id = ${photoId}`,
      );
      return row && { uploadedBy: row.uploaded_by, isStations: row.is_stations };
    },

    async insertPhoto(values: typeof schema.stationPhotos.$inferInsert): Promise<void> {
      await db.insert(schema.stationPhotos).values(values);
    },

    async findPhoto(photoId: string) {
      const [row] = await db
        .select()
        .from(schema.stationPhotos)
        .where(eq(schema.stationPhotos.photoId, photoId));
      return row;
    },

    async insert(values: StationValues): Promise<number> {
      const [row] = await mapNameTaken(
        db.insert(stations).values(values).returning({ stationId: stations.stationId }),
      );
      return row!.stationId;
    },

    /**
     * Replaces the descriptive fields under a lock of the station's row, after `check` has seen the
     * types of its devices: a device registration waits for the lock, so a type change and a
     * registration cannot both pass their checks against each other's old state.
     */
    async update(stationId: number, fields: StationFields, check: (deviceTypes: DeviceType[]) => void) {
      await mapNameTaken(
        db.transaction(async (tx) => {
          await tx.execute(sql`select station_id from stations where station_id = ${stationId} for update`);
          const devices = await tx
            .select({ deviceType: schema.devices.deviceType })
            .from(schema.devices)
            .where(eq(schema.devices.stationId, stationId));
          check(devices.map((device) => device.deviceType as DeviceType));
          await tx
            .update(stations)
            .set({ ...fields, updatedAt: new Date() })
            .where(eq(stations.stationId, stationId));
        }),
      );
    },

    async setBindings(
      stationId: number,
      binding: { installerId: number | null; endUserId: number | null; ownerRootId?: number },
    ) {
      await mapNameTaken(
        db
          .update(stations)
          .set({ ...binding, updatedAt: new Date() })
          .where(eq(stations.stationId, stationId)),
      );
    },

    /** Deletes the station; its device registrations go with it (foreign key on delete cascade). */
    async delete(stationId: number): Promise<void> {
      await db.delete(stations).where(eq(stations.stationId, stationId));
    },
  };
}

export type StationsRepository = ReturnType<typeof stationsRepository>;
