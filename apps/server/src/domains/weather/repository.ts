import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const place = z.object({ latitude: column.number, longitude: column.number, timezone: column.text });

/** All SQL of the weather widget: where a station is. */
export function weatherRepository(db: Database) {
  return {
    /** The station's coordinates and zone; undefined when it does not exist. */
    async place(stationId: number): Promise<z.output<typeof place> | undefined> {
      const [row] = await queryParsed(
        db,
        place,
        sql`select latitude, longitude, timezone from stations where station_id = ${stationId}`,
      );
      return row;
    },
  };
}

export type WeatherRepository = ReturnType<typeof weatherRepository>;
