import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { devices } from './fleet.ts';

/**
 * Battery strategy templates (PRODUCT.md §8 "Templates"): system templates (no owner, read-only,
 * one per kind) and custom ones owned by an installer tree (its level-1 installer's id) or by an
 * end user for their own plant. `body` holds the template's fields as contracts
 * strategy/templates.ts defines them; a name is unique within its owner (200908).
 */
export const strategyTemplates = pgTable(
  'strategy_templates',
  {
    templateId: integer('template_id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** System templates: a key of the five languages' names; custom templates: the name given. */
    name: text('name').notNull(),
    system: boolean('system').notNull().default(false),
    ownerId: integer('owner_id').references(() => users.userId, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    body: jsonb('body').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('strategy_templates_owner_name')
      .on(t.ownerId, sql`lower(${t.name})`)
      .where(sql`${t.ownerId} is not null`),
    uniqueIndex('strategy_templates_system_kind').on(t.kind).where(sql`${t.system}`),
    check('strategy_templates_owner_check', sql`${t.system} = (${t.ownerId} is null)`),
  ],
);

/**
 * Strategies sent to devices: one row per device per application, with the `strategy` command
 * that carries it. The device's active strategy is its newest applied row; the rows are its history.
 */
export const deviceStrategies = pgTable(
  'device_strategies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    /** The template it came from; a template in use cannot be deleted (200701). */
    templateId: integer('template_id').references(() => strategyTemplates.templateId, {
      onDelete: 'restrict',
    }),
    kind: text('kind').notNull(),
    /** The template's name when applied (a later rename does not rewrite history). */
    name: text('name').notNull(),
    /** The strategy as sent (the command's params). */
    params: jsonb('params').notNull(),
    commandId: text('command_id').notNull(),
    /** pending → applied | failed (the command's outcome). */
    state: text('state').notNull().default('pending'),
    /** One application to several devices shares a batch id. */
    batchId: text('batch_id').notNull(),
    appliedBy: integer('applied_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('device_strategies_device_idx').on(t.deviceId, t.createdAt),
    index('device_strategies_template_idx').on(t.templateId),
    uniqueIndex('device_strategies_command').on(t.commandId),
    check('device_strategies_state_check', sql`${t.state} in ('pending', 'applied', 'failed')`),
  ],
);
