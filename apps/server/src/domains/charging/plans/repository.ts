import { type DeviceType, DeviceType as DeviceTypes } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readingValues } from '../../devices/latest-store.ts';
import { deviceTypeColumn } from '../../devices/status-store.ts';
import type { LastSent } from './sent.ts';

/**
 * All SQL of charging plans: a charger's station as planning needs it, its stored plan (the body as
 * `chargingPlanShape` reads it, and what was last sent for it), and the plans the replan job goes
 * through.
 */

/** A charger's station as planning needs it. */
export interface PlanningStation {
  stationId: number;
  timezone: string;
  currency: string;
  /** Price of a grid kWh without a tariff. */
  unitPrice: number;
  capacityKwp: number;
  latitude: number;
  longitude: number;
  deviceTypes: DeviceType[];
}

const stationColumns = z.object({
  station_id: column.int,
  timezone: column.text,
  currency: column.text,
  unit_price: column.number,
  capacity_kwp: column.number,
  latitude: column.number,
  longitude: column.number,
  device_types: z.array(deviceTypeColumn),
});

function stationOf(row: z.output<typeof stationColumns>): PlanningStation {
  return {
    stationId: row.station_id,
    timezone: row.timezone,
    currency: row.currency,
    unitPrice: row.unit_price,
    capacityKwp: row.capacity_kwp,
    latitude: row.latitude,
    longitude: row.longitude,
    deviceTypes: row.device_types,
  };
}

const stationSelect = sql`s.station_id, s.timezone, s.currency, s.unit_price::float8 as unit_price,
    s.capacity_kwp::float8 as capacity_kwp, s.latitude, s.longitude,
    array(select distinct x.device_type::int from devices x where x.station_id = s.station_id) as device_types`;

const planRow = z.object({
  body: z.unknown(),
  command_id: column.text.nullable(),
  updated_at: column.isoInstant,
});
export type StoredPlanRow = z.output<typeof planRow>;

/** A saved plan the replan job looks at: its charger, station, newest reading and last plan command. */
const dueRow = z
  .object({
    device_id: column.int,
    sn: column.text,
    body: z.unknown(),
    version: column.text,
    values: readingValues.nullable(),
    last_params: z.unknown(),
    last_created_ms: column.int.nullable(),
    last_state: column.text.nullable(),
  })
  .and(stationColumns)
  .transform((row) => ({
    deviceId: row.device_id,
    sn: row.sn,
    body: row.body,
    /** The plan's `updated_at` as stored, to record a replan only for the plan it was made from. */
    version: row.version,
    values: row.values,
    station: stationOf(row),
    last:
      row.last_created_ms === null || row.last_state === null
        ? null
        : ({ params: row.last_params, createdMs: row.last_created_ms, state: row.last_state } as LastSent),
  }));
export type DuePlan = z.output<typeof dueRow>;

/** Where the replan job goes on from: the last plan it looked at, in station then charger order. */
export interface PlanCursor {
  stationId: number;
  deviceId: number;
}

/** What was sent for a plan: the command and when. */
export interface SentPlan {
  commandId: string;
  at: Date;
}

export function chargingPlansRepository(db: Database) {
  return {
    async station(stationId: number): Promise<PlanningStation | undefined> {
      const [row] = await queryParsed(
        db,
        stationColumns,
        sql`select ${stationSelect} from stations s where s.station_id = ${stationId}`,
      );
      return row && stationOf(row);
    },

    /** The charger's saved plan, if any. */
    async plan(deviceId: number): Promise<StoredPlanRow | undefined> {
      const [row] = await queryParsed(
        db,
        planRow,
        sql`select body, command_id, updated_at from charging_plans where device_id = ${deviceId}`,
      );
      return row;
    },

    /**
     * Stores a charger's plan (the body as checked) with what was sent for it, in one statement;
     * not over a plan whose command is newer than `sent` (a late repeat of an older save).
     */
    async save(deviceId: number, body: unknown, sent: SentPlan, userId: number, at: Date): Promise<void> {
      await db.execute(
        sql`insert into charging_plans (device_id, body, command_id, sent_at, updated_by, updated_at)
            values (${deviceId}, ${JSON.stringify(body)}::jsonb, ${sent.commandId},
                    ${sent.at.toISOString()}::timestamptz, ${userId}, ${at.toISOString()}::timestamptz)
            on conflict (device_id) do update
              set body = excluded.body, command_id = excluded.command_id,
                  sent_at = excluded.sent_at, updated_by = excluded.updated_by, updated_at = excluded.updated_at
              where charging_plans.sent_at is null or charging_plans.sent_at <= excluded.sent_at`,
      );
    },

    /**
     * Records a replan's command for the plan it was made from: not when the plan was saved again
     * meanwhile (its own command is the one to keep).
     */
    async markSent(deviceId: number, version: string, sent: SentPlan): Promise<void> {
      await db.execute(
        sql`update charging_plans
            set command_id = ${sent.commandId}, sent_at = ${sent.at.toISOString()}::timestamptz
            where device_id = ${deviceId} and updated_at::text = ${version}`,
      );
    },

    /**
     * Saved plans of wallboxes not offline after `after`, in station then charger order, at most
     * `limit`: each with its station, its newest reading and its newest plan command.
     */
    async due(after: PlanCursor | null, limit: number): Promise<DuePlan[]> {
      const from = after ?? { stationId: 0, deviceId: 0 };
      return queryParsed(
        db,
        dueRow,
        sql`select d.device_id, d.sn, p.body, p.updated_at::text as version, l.values, ${stationSelect},
                   c.params as last_params, (extract(epoch from c.created_at) * 1000)::bigint as last_created_ms,
                   c.state as last_state
            from charging_plans p
            join devices d on d.device_id = p.device_id
            join stations s on s.station_id = d.station_id
            left join device_latest l on l.device_id = d.device_id
            left join lateral (
              select params, created_at, state from device_commands
              where device_id = d.device_id and name = 'charging_plan'
              order by created_at desc limit 1
            ) c on true
            where d.device_type = ${DeviceTypes.chargingPile} and d.status <> 'offline'
              and (d.station_id, d.device_id) > (${from.stationId}, ${from.deviceId})
            order by d.station_id, d.device_id
            limit ${limit}`,
      );
    },
  };
}

export type ChargingPlansRepository = ReturnType<typeof chargingPlansRepository>;
