import {
  type DeviceType,
  type Page,
  type StrategyState,
  type TemplateFields,
  type TemplateKind,
  templateKinds,
} from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pagedRows } from '../../platform/paged-rows.ts';
import { containsPattern, type PageWindow } from '../../platform/search.ts';
import { violatedUniqueIndex } from '../../platform/unique-violation.ts';
import type { Scope } from '../tenancy/tenancy.ts';
import { settlePendingSql } from './settle-store.ts';

/** All SQL of strategies: templates (`strategy_templates`) and strategies sent to devices (`device_strategies`). */

export interface TemplateRow {
  template_id: number;
  kind: TemplateKind;
  name: string;
  system: boolean;
  owner_id: number | null;
  enabled: boolean;
  body: TemplateFields;
  devices: number;
  updated_at: string;
}

const templateRow = z.object({
  template_id: column.int,
  kind: z.enum(templateKinds),
  name: column.text,
  system: z.boolean(),
  owner_id: column.int.nullable(),
  enabled: z.boolean(),
  body: z.record(z.string(), z.unknown()).transform((body) => body as TemplateFields),
  devices: column.int,
  updated_at: column.isoInstant,
}) satisfies z.ZodType<TemplateRow, unknown>;

/** Devices a template is used by: their newest applied strategy, or one still pending, comes from it. */
const devicesUsing = sql`(select count(distinct u.device_id) from device_strategies u
    where u.template_id = t.template_id and (u.state = 'pending' or u.id = (
      select a.id from device_strategies a where a.device_id = u.device_id and a.state = 'applied'
      order by a.created_at desc, a.id desc limit 1)))`;

const selectTemplate = sql`select t.template_id, t.kind, t.name, t.system, t.owner_id, t.enabled, t.body,
    ${devicesUsing} as devices, t.updated_at from strategy_templates t`;

export interface TemplateFilter {
  kind?: TemplateKind | undefined;
  source?: 'system' | 'custom' | undefined;
  enabled?: boolean | undefined;
  name?: string | undefined;
}

/** A device an application goes to, found in the caller's scope. */
export interface StrategyTarget {
  deviceId: number;
  sn: string;
  deviceType: DeviceType;
  model: string;
  ratedPowerW: number | null;
  stationId: number;
}

export interface StrategyRow {
  strategy_id: number;
  device_id: number;
  sn: string;
  template_id: number | null;
  kind: TemplateKind;
  name: string;
  params: Record<string, unknown>;
  state: StrategyState;
  command_id: string;
  batch_id: string;
  created_at: string;
  applied_at: string | null;
  applied_by: string | null;
}

const strategyRow = z.object({
  strategy_id: column.int,
  device_id: column.int,
  sn: column.text,
  template_id: column.int.nullable(),
  kind: z.enum(templateKinds),
  name: column.text,
  params: z.record(z.string(), z.unknown()),
  state: z.enum(['pending', 'applied', 'failed']),
  command_id: column.text,
  batch_id: column.text,
  created_at: column.isoInstant,
  applied_at: column.isoInstant.nullable(),
  applied_by: column.text.nullable(),
}) satisfies z.ZodType<StrategyRow, unknown>;

const selectStrategy = sql`select s.id as strategy_id, s.device_id, d.sn, s.template_id, s.kind, s.name, s.params,
    s.state, s.command_id, s.batch_id, s.created_at, s.finished_at as applied_at, u.user_name as applied_by
  from device_strategies s join devices d on d.device_id = s.device_id
  left join users u on u.user_id = s.applied_by`;

/** A name already taken by another template of the same owner (200908). */
export class TemplateNameTaken extends Error {}

export function strategiesRepository(db: Database) {
  /** Pending rows of these devices whose command has ended take its outcome (an expiry is a failure). */
  async function settle(deviceIds: readonly number[]): Promise<void> {
    if (deviceIds.length === 0) return;
    await db.execute(settlePendingSql(sql`s.device_id in (${list(deviceIds)})`));
  }

  async function nameWrite<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (violatedUniqueIndex(error, ['strategy_templates_owner_name'])) throw new TemplateNameTaken();
      throw error;
    }
  }

  return {
    settle,

    /** The system templates (one per kind): added, or brought to these names and fields. */
    async ensureSystemTemplates(templates: { kind: TemplateKind; name: string; body: TemplateFields }[]) {
      for (const { kind, name, body } of templates) {
        await db.execute(
          sql`insert into strategy_templates (kind, name, system, owner_id, enabled, body)
              values (${kind}, ${name}, true, null, true, ${JSON.stringify(body)}::jsonb)
              on conflict (kind) where system do update set name = excluded.name, body = excluded.body`,
        );
      }
    },

    /** Templates the owner may use (the system ones and its own), filtered; system first, then by kind and name. */
    async list(ownerId: number, filter: TemplateFilter, page: PageWindow): Promise<Page<TemplateRow>> {
      const conditions: SQL[] = [sql`(t.system or t.owner_id = ${ownerId})`];
      if (filter.kind) conditions.push(sql`t.kind = ${filter.kind}`);
      if (filter.source) conditions.push(filter.source === 'system' ? sql`t.system` : sql`not t.system`);
      if (filter.enabled !== undefined) conditions.push(sql`t.enabled = ${filter.enabled}`);
      // system names are keys of their five languages' names: the name filter looks at custom ones
      if (filter.name)
        conditions.push(sql`not t.system and lower(t.name) like ${containsPattern(filter.name)}`);
      const where = sql.join(conditions, sql` and `);
      return pagedRows(db, templateRow, {
        from: sql`strategy_templates t where ${where}`,
        select: sql`${selectTemplate} where ${where}
            order by t.system desc, ${kindOrder}, lower(t.name), t.template_id`,
        page,
      });
    },

    /** A template the owner may use (system or its own); undefined for any other id. */
    async template(templateId: number, ownerId: number): Promise<TemplateRow | undefined> {
      const [row] = await queryParsed(
        db,
        templateRow,
        sql`${selectTemplate} where t.template_id = ${templateId} and (t.system or t.owner_id = ${ownerId})`,
      );
      return row;
    },

    /** Adds a custom template; TemplateNameTaken when the owner has the name (any case). */
    async add(entry: {
      kind: TemplateKind;
      name: string;
      ownerId: number;
      body: TemplateFields;
      createdBy: number;
    }): Promise<number> {
      return nameWrite(async () => {
        const [row] = await queryParsed(
          db,
          z.object({ template_id: column.int }),
          sql`insert into strategy_templates (kind, name, system, owner_id, enabled, body, created_by)
              values (${entry.kind}, ${entry.name}, false, ${entry.ownerId}, true,
                      ${JSON.stringify(entry.body)}::jsonb, ${entry.createdBy})
              returning template_id`,
        );
        if (!row) throw new Error('template not added');
        return row.template_id;
      });
    },

    async edit(templateId: number, name: string, body: TemplateFields): Promise<void> {
      await nameWrite(() =>
        db.execute(
          sql`update strategy_templates set name = ${name}, body = ${JSON.stringify(body)}::jsonb, updated_at = now()
              where template_id = ${templateId} and not system`,
        ),
      );
    },

    async setEnabled(templateId: number, enabled: boolean): Promise<void> {
      await db.execute(
        sql`update strategy_templates set enabled = ${enabled}, updated_at = now()
            where template_id = ${templateId} and not system`,
      );
    },

    /**
     * Deletes a custom template unless a device's active or pending strategy comes from it (answers
     * false). Its older strategies keep their name, kind and params but let go of the template
     * (`device_strategies.template_id` restricts the delete otherwise).
     */
    async remove(templateId: number): Promise<boolean> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        // one delete at a time, and no application of it slips in between the check and the delete
        await tx.execute(
          sql`select template_id from strategy_templates where template_id = ${templateId} for update`,
        );
        await tx.execute(
          settlePendingSql(
            sql`s.device_id in (select device_id from device_strategies where template_id = ${templateId})`,
          ),
        );
        const [used] = await queryParsed(
          tx,
          z.object({ devices: column.int }),
          sql`select ${devicesUsing} as devices from strategy_templates t where t.template_id = ${templateId}`,
        );
        if ((used?.devices ?? 0) > 0) return false;
        await tx.execute(
          sql`update device_strategies set template_id = null where template_id = ${templateId}`,
        );
        await tx.execute(
          sql`delete from strategy_templates where template_id = ${templateId} and not system`,
        );
        return true;
      });
    },

    /** The devices of these SNs that `seen` reaches (the others are left out). */
    async targets(sns: readonly string[], seen: Scope): Promise<StrategyTarget[]> {
      const rows = await queryParsed(
        db,
        z.object({
          device_id: column.int,
          sn: column.text,
          device_type: column.int,
          model: column.text,
          rated_power_w: column.number.nullable(),
          station_id: column.int,
        }),
        sql`select d.device_id, d.sn, d.device_type, d.model, d.rated_power_w, d.station_id
            from devices d where d.sn in (${list(sns)}) and ${seen.devices('d')}`,
      );
      return rows.map((row) => ({
        deviceId: row.device_id,
        sn: row.sn,
        deviceType: row.device_type as DeviceType,
        model: row.model,
        ratedPowerW: row.rated_power_w,
        stationId: row.station_id,
      }));
    },

    /** Records a strategy sent as `commandId` (nothing when that command already has one). */
    async record(entry: {
      deviceId: number;
      templateId: number | null;
      kind: TemplateKind;
      name: string;
      params: Record<string, unknown>;
      commandId: string;
      batchId: string;
      /** Who applied it; null: the portal itself (the demo plants' strategy). */
      appliedBy: number | null;
      /** The clock's time: the newest applied strategy is the device's active one. */
      createdAt: Date;
    }): Promise<void> {
      await db.execute(
        sql`insert into device_strategies (device_id, template_id, kind, name, params, command_id, batch_id, applied_by, created_at)
            values (${entry.deviceId}, ${entry.templateId}, ${entry.kind}, ${entry.name},
                    ${JSON.stringify(entry.params)}::jsonb, ${entry.commandId}, ${entry.batchId}, ${entry.appliedBy},
                    ${entry.createdAt.toISOString()})
            on conflict (command_id) do nothing`,
      );
    },

    /** The strategies sent with these commands, settled first. */
    async byCommands(commandIds: readonly string[]): Promise<StrategyRow[]> {
      if (commandIds.length === 0) return [];
      await db.execute(settlePendingSql(sql`s.command_id in (${list(commandIds)})`));
      return queryParsed(db, strategyRow, sql`${selectStrategy} where s.command_id in (${list(commandIds)})`);
    },

    /** One application's strategies, settled first. */
    async batch(batchId: string): Promise<StrategyRow[]> {
      await db.execute(settlePendingSql(sql`s.batch_id = ${batchId}`));
      return queryParsed(db, strategyRow, sql`${selectStrategy} where s.batch_id = ${batchId} order by d.sn`);
    },

    /** A device's newest applied strategy, those pending, and a page of its history (newest first). */
    async ofDevice(deviceId: number, page: PageWindow) {
      await settle([deviceId]);
      const [active] = await queryParsed(
        db,
        strategyRow,
        sql`${selectStrategy} where s.device_id = ${deviceId} and s.state = 'applied'
            order by s.created_at desc, s.id desc limit 1`,
      );
      const pending = await queryParsed(
        db,
        strategyRow,
        sql`${selectStrategy} where s.device_id = ${deviceId} and s.state = 'pending' order by s.created_at, s.id`,
      );
      const history = await pagedRows(db, strategyRow, {
        from: sql`device_strategies where device_id = ${deviceId}`,
        select: sql`${selectStrategy} where s.device_id = ${deviceId} order by s.created_at desc, s.id desc`,
        page,
      });
      return { active, pending, history };
    },
  };
}

export type StrategiesRepository = ReturnType<typeof strategiesRepository>;

const kindOrder = sql.raw(
  `case t.kind ${templateKinds.map((kind, i) => `when '${kind}' then ${i}`).join(' ')} else ${templateKinds.length} end`,
);

function list(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
