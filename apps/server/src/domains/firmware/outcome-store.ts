import { firmwareParts, mainFirmwarePart } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobsRepository } from '../../platform/jobs/repository.ts';

/**
 * An upgrade row follows its `upgrade` command (SPEC.md §4 statuses): acknowledged → status 0,
 * progress → the status the device reported (1 when it said none) and its percentage, succeeded →
 * status 2 at 100 % and the device's version of the part becomes the file's, failed → the failure
 * status it reported (3 when it said none) with its message. A reply moves a row in ingestion's
 * transaction (`recordUpgradeOutcome`, called by commands/replies.ts); the rollout job settles the
 * same way the sent rows whose command moved before the row named it.
 */

/** The rollout job's name on the job runner (rollout.ts registers it; a finished row asks for a run). */
export const ROLLOUT_JOB = 'firmware.rollout';

/** Postgres array of the parts in contracts order: a device's parts go out in this order. */
export const partOrderSql = sql.raw(
  `array_position(array[${firmwareParts.map((part) => `'${part}'`).join(', ')}]::text[], r.part)`,
);

const moved = z.object({ moved: column.int, finished: column.int });

/**
 * Sent rows matching `where` (over `r`, upgrade_task_devices) take their command's state, at `at`;
 * a device whose row succeeded runs the file's version of the part from then on (its main part's
 * is also its `firmware_version`). Answers how many rows moved and how many of them finished.
 */
export async function applyCommandOutcomes(
  tx: Database,
  where: SQL,
  at: Date,
): Promise<{ moved: number; finished: number }> {
  const iso = at.toISOString();
  const [row] = await queryParsed(
    tx,
    moved,
    sql`with moved as (
          update upgrade_task_devices r set
            state = n.state, status = n.status, progress_pct = n.progress_pct, message = n.message,
            finished_at = n.finished_at, updated_at = ${iso}::timestamptz
          from (
            select r.id,
              case c.state when 'succeeded' then 'succeeded' when 'failed' then 'failed' else 'sent' end as state,
              case c.state
                when 'succeeded' then 2
                when 'failed' then case when c.upgrade_status >= 3 then c.upgrade_status else 3 end
                when 'progress' then coalesce(c.upgrade_status, 1)
                else coalesce(c.upgrade_status, r.status, 0) end as status,
              case when c.state = 'succeeded' then 100 else coalesce(c.progress_pct, r.progress_pct) end as progress_pct,
              case when c.state = 'failed' then coalesce(c.message, c.error, r.message)
                   else coalesce(c.message, r.message) end as message,
              case when c.state in ('succeeded', 'failed')
                   then coalesce(c.finished_at, ${iso}::timestamptz) end as finished_at
            from upgrade_task_devices r join device_commands c on c.command_id = r.command_id
            where r.state = 'sent' and c.state in ('acknowledged', 'progress', 'succeeded', 'failed') and ${where}
          ) n
          where r.id = n.id and (n.state <> 'sent' or n.status is distinct from r.status
                                 or n.progress_pct is distinct from r.progress_pct)
          returning r.task_id, r.device_id, r.part, r.file_id, r.state
        ),
        done as (
          select m.device_id, m.part, f.version,
                 m.part = coalesce(
                   case when fm.parts @> jsonb_build_array(${mainFirmwarePart}::text) then ${mainFirmwarePart}::text
                        else fm.parts->>0 end,
                   ${mainFirmwarePart}::text) as main
          from moved m join firmware_files f on f.file_id = m.file_id
          join upgrade_tasks t on t.task_id = m.task_id
          left join firmware_models fm on lower(fm.name) = lower(t.model)
          where m.state = 'succeeded'
        ),
        versions as (
          update devices d set
            firmware_parts = coalesce(d.firmware_parts, '{}'::jsonb)
              || (select jsonb_object_agg(done.part, done.version) from done where done.device_id = d.device_id),
            firmware_version = coalesce(
              (select done.version from done where done.device_id = d.device_id and done.main limit 1),
              d.firmware_version)
          where d.device_id in (select device_id from done)
          returning d.device_id
        )
        select (select count(*) from moved) as moved,
               (select count(*) from moved where state <> 'sent') as finished,
               (select count(*) from versions) as devices`,
  );
  return { moved: row?.moved ?? 0, finished: row?.finished ?? 0 };
}

/**
 * A command a reply moved: the upgrade row it carries, if any, follows it (at `at`, the batch's
 * clock); a row that finished asks the rollout job for a run once the batch commits (the jobs
 * table is written in the same transaction).
 */
export async function recordUpgradeOutcome(
  tx: Database,
  command: { commandId: string; name: string; state: string },
  at: Date,
): Promise<void> {
  if (command.name !== 'upgrade') return;
  const { finished } = await applyCommandOutcomes(tx, sql`r.command_id = ${command.commandId}`, at);
  if (finished > 0) await jobsRepository(tx).trigger([ROLLOUT_JOB], at);
}
