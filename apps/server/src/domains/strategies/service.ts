import { randomUUID } from 'node:crypto';
import {
  type FieldIssue,
  type Language,
  type Page,
  type StrategyItem,
  slotEndName,
  slotKinds,
  slotStartName,
  strategyDeviceTypes,
  strategyGroup,
  strategySlotPowerName,
  strategySlotSocName,
  systemTemplateKey,
  systemTemplates,
  type TemplateBody,
  type TemplateFieldsInput,
  type TemplateItem,
  type TemplateKind,
  templateCommand,
  templateDisplayName,
  templateFields,
  templateFieldsOf,
  templateIssues,
  templateKinds,
  templateModes,
  templateSlotMax,
} from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Clock } from '../../platform/clock.ts';
import { pageWindow } from '../../platform/search.ts';
import type { DeviceCommands } from '../commands/service.ts';
import type { ControlAccess } from '../control/access.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import {
  type StrategiesRepository,
  type StrategyRow,
  type TemplateFilter,
  TemplateNameTaken,
  type TemplateRow,
} from './repository.ts';

/**
 * Strategy templates and applying them (PRODUCT.md §8 "Templates"; README "Remote control:
 * choices"). A template is checked by the contracts' one rule (`templateIssues`) when saved and
 * again against each device's rating when applied. Custom templates belong to an owner: an
 * installer's tree (its level-1 installer) or an end user; another owner's template answers 9001
 * like an unknown id, and system templates are read-only (9001 on edit, delete, enable). Applying
 * reuses remote control's rules (control/access.ts): each device must be seen, writable for its
 * strategy group (`strategyGroup`: the battery, or an EMS 5000's PCS) and unlocked by its device password; then one `strategy` command per device
 * (idempotent on the client's key) and one `device_strategies` row that follows its outcome.
 */

export interface StrategiesOptions {
  repo: StrategiesRepository;
  tenancy: Tenancy;
  access: ControlAccess;
  commands: DeviceCommands;
  operationLog: OperationLog;
  clock: Clock;
}

/** What a refused template's fields answer: 200005 naming each field under `prefix`. */
function refuseIssues(issues: { field: string; message: string }[], prefix = ''): never {
  const fieldIssues: FieldIssue[] = issues.map((issue) => ({
    path: `${prefix}${issue.field}`,
    message: issue.message,
  }));
  throw new Refusal('200005', fieldIssues);
}

/** The slots of a strategy as sent, for the 24-hour bar. */
function slotsOf(params: Record<string, unknown>): StrategyItem['slots'] {
  const slots: StrategyItem['slots'] = [];
  for (const kind of slotKinds) {
    for (let i = 1; i <= templateSlotMax; i += 1) {
      const start = params[slotStartName(kind, i)];
      const end = params[slotEndName(kind, i)];
      if (typeof start !== 'string' || typeof end !== 'string' || start === end) continue;
      const power = params[strategySlotPowerName(kind, i)];
      const soc = params[strategySlotSocName(kind, i)];
      slots.push({
        kind,
        start,
        end,
        power_w: typeof power === 'number' ? power : null,
        soc_pct: typeof soc === 'number' ? soc : null,
      });
    }
  }
  return slots.sort((a, b) => (a.start < b.start ? -1 : 1));
}

export function strategiesService(options: StrategiesOptions) {
  const { repo, tenancy, access, commands, operationLog, clock } = options;

  /** Whose custom templates the caller keeps and uses: its tree's (installers) or its own (end users). */
  const ownerOf = (caller: Caller) => tenancy.ownerOf(caller);

  function itemOf(row: TemplateRow, language: Language): TemplateItem {
    return {
      ...templateFields.parse(row.body),
      template_id: row.template_id,
      kind: row.kind,
      name: row.system ? templateDisplayName(row.name, language) : row.name,
      system: row.system,
      enabled: row.enabled,
      devices: row.devices,
      updated_at: row.updated_at,
    };
  }

  function strategyOf(row: StrategyRow, language: Language): StrategyItem {
    return {
      strategy_id: row.strategy_id,
      template_id: row.template_id,
      kind: row.kind,
      mode: templateModes[row.kind],
      name: templateDisplayName(row.name, language),
      params: row.params,
      slots: slotsOf(row.params),
      state: row.state,
      command_id: row.command_id,
      batch_id: row.batch_id,
      created_at: row.created_at,
      applied_at: row.applied_at,
      applied_by: row.applied_by,
    };
  }

  /** A custom template of the caller's owner, of `kind` when given; 9001 otherwise (system ones included). */
  async function ownTemplate(caller: Caller, templateId: number, kind?: TemplateKind): Promise<TemplateRow> {
    const row = await repo.template(templateId, await ownerOf(caller));
    if (!row || row.system || (kind && row.kind !== kind)) throw new Refusal('9001');
    return row;
  }

  /** A custom template's name and fields, checked; a name taken by the owner is 200908. */
  function checked(kind: TemplateKind, name: string, fields: TemplateFieldsInput) {
    // stored system names are keys of their translations: a custom name may not look like one
    if (name.startsWith('system.')) refuseIssues([{ field: 'name', message: 'validation.invalidValue' }]);
    const body: TemplateBody = { ...fields, kind };
    const issues = templateIssues(body);
    if (issues.length > 0) refuseIssues(issues);
    return templateFieldsOf(body);
  }

  async function named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof TemplateNameTaken) throw new Refusal('200908');
      throw error;
    }
  }

  return {
    /** The system templates, one per kind, as contracts define them (at start-up). */
    seedSystemTemplates(): Promise<void> {
      return repo.ensureSystemTemplates(
        templateKinds.map((kind) => ({
          kind,
          name: systemTemplateKey(kind),
          body: templateFieldsOf({ ...systemTemplates[kind], kind }),
        })),
      );
    },

    async list(
      caller: Caller,
      filter: TemplateFilter,
      page: number,
      pageSize: number,
      language: Language,
    ): Promise<Page<TemplateItem>> {
      const rows = await repo.list(await ownerOf(caller), filter, pageWindow(page, pageSize));
      return { total: rows.total, list: rows.list.map((row) => itemOf(row, language)) };
    },

    async detail(caller: Caller, templateId: number, language: Language): Promise<TemplateItem> {
      const row = await repo.template(templateId, await ownerOf(caller));
      if (!row) throw new Refusal('9001');
      return itemOf(row, language);
    },

    async add(caller: Caller, kind: TemplateKind, name: string, fields: TemplateFieldsInput) {
      const body = checked(kind, name, fields);
      const ownerId = await ownerOf(caller);
      const templateId = await named(() => repo.add({ kind, name, ownerId, body, createdBy: caller.userId }));
      return { template_id: templateId };
    },

    async edit(
      caller: Caller,
      kind: TemplateKind,
      templateId: number,
      name: string,
      fields: TemplateFieldsInput,
    ) {
      await ownTemplate(caller, templateId, kind);
      const body = checked(kind, name, fields);
      await named(() => repo.edit(templateId, name, body));
      return null;
    },

    /** 200701 while a device's active or pending strategy comes from the template. */
    async remove(caller: Caller, kind: TemplateKind, templateId: number) {
      await ownTemplate(caller, templateId, kind);
      if (!(await repo.remove(templateId))) throw new Refusal('200701');
      return null;
    },

    async setEnabled(caller: Caller, templateId: number, enabled: boolean) {
      await ownTemplate(caller, templateId);
      await repo.setEnabled(templateId, enabled);
      return null;
    },

    /**
     * Applies a template (or a mode's parameters) to 1–15 devices: every check on every device
     * before anything is written, then one `strategy` command and one strategy row per device.
     */
    async apply(
      caller: Caller,
      request: {
        key: string;
        sns: readonly string[];
        templateId?: number | undefined;
        mode?: (TemplateFieldsInput & { kind: TemplateKind }) | undefined;
      },
      language: Language,
    ) {
      // what is applied
      let source: { templateId: number | null; kind: TemplateKind; name: string; body: TemplateBody };
      const prefix = request.mode ? 'mode.' : '';
      if (request.templateId !== undefined) {
        const row = await repo.template(request.templateId, await ownerOf(caller));
        if (!row) throw new Refusal('9001');
        if (!row.enabled) refuseIssues([{ field: 'template_id', message: 'validation.invalidValue' }]);
        source = {
          templateId: row.template_id,
          kind: row.kind,
          name: row.name,
          body: { ...row.body, kind: row.kind },
        };
      } else if (request.mode) {
        const { kind, ...fields } = request.mode;
        source = { templateId: null, kind, name: systemTemplateKey(kind), body: { ...fields, kind } };
      } else throw new Refusal('200005');
      const issues = templateIssues(source.body);
      if (issues.length > 0) refuseIssues(issues, prefix);

      // the devices: seen, one type and model, running a battery, writable and unlocked, within rating
      const found = await repo.targets(request.sns, tenancy.seen(caller));
      if (found.length !== request.sns.length) throw new Refusal('9001');
      const targets = request.sns.map((sn) => found.find((target) => target.sn === sn)!);
      const [first] = targets;
      if (!first) throw new Refusal('200005');
      if (targets.some((target) => target.deviceType !== first.deviceType || target.model !== first.model))
        throw new Refusal('200906');
      if (!strategyDeviceTypes.includes(first.deviceType)) throw new Refusal('240002');
      const locked: FieldIssue[] = [];
      for (const [index, target] of targets.entries()) {
        const control = await access.targetOf(caller, target.sn);
        try {
          await access.assertMayWrite(caller, control, [strategyGroup(control.deviceType)]);
        } catch (error) {
          if (!(error instanceof Refusal && error.code === '200905')) throw error;
          locked.push({ path: `equ_sns.${index}`, message: 'validation.devicePasswordRequired' });
        }
      }
      if (locked.length > 0) throw new Refusal('200905', locked);
      const ratingIssues = targets.flatMap((target) =>
        templateIssues(source.body, { ratedPowerW: target.ratedPowerW }),
      );
      if (ratingIssues.length > 0)
        refuseIssues(
          ratingIssues.filter(
            (issue, i) => ratingIssues.findIndex((other) => other.field === issue.field) === i,
          ),
          prefix,
        );

      // one command and one strategy row per device; the same key again answers the same ones
      const params = templateCommand(source.body);
      const batchId = randomUUID();
      const commandIds: string[] = [];
      for (const target of targets) {
        const stored = await commands.create(target.deviceId, { name: 'strategy', params }, caller.userId, {
          clientKey: request.key,
        });
        commandIds.push(stored.commandId);
        await repo.record({
          deviceId: target.deviceId,
          templateId: source.templateId,
          kind: source.kind,
          name: source.name,
          params,
          commandId: stored.commandId,
          batchId,
          appliedBy: caller.userId,
          createdAt: clock.now(),
        });
        if (stored.created)
          await operationLog.recordBy(caller, 'device_command', {
            stationId: target.stationId,
            target: target.sn,
            detail: {
              command: 'strategy',
              command_id: stored.commandId,
              strategy: templateDisplayName(source.name, language),
            },
          });
      }
      const rows = await repo.byCommands(commandIds);
      const list = commandIds.map((commandId) => {
        const row = rows.find((candidate) => candidate.command_id === commandId)!;
        return { equ_sn: row.sn, strategy_id: row.strategy_id, command_id: row.command_id, state: row.state };
      });
      return { batch_id: rows[0]?.batch_id ?? batchId, list };
    },

    /** A device's Strategy tab. */
    async device(caller: Caller, sn: string, page: number, pageSize: number, language: Language) {
      const target = await access.targetOf(caller, sn);
      const rows = await repo.ofDevice(target.deviceId, pageWindow(page, pageSize));
      return {
        equ_sn: target.sn,
        active: rows.active ? strategyOf(rows.active, language) : null,
        pending: rows.pending.map((row) => strategyOf(row, language)),
        history: {
          total: rows.history.total,
          list: rows.history.list.map((row) => strategyOf(row, language)),
        },
      };
    },

    /** An application's progress; 9001 unless the caller sees each of its devices. */
    async batch(caller: Caller, batchId: string) {
      const rows = await repo.batch(batchId);
      if (rows.length === 0) throw new Refusal('9001');
      for (const deviceId of new Set(rows.map((row) => row.device_id)))
        await tenancy.assertSeesDevice(caller, deviceId);
      return {
        batch_id: batchId,
        list: rows.map((row) => ({
          equ_sn: row.sn,
          strategy_id: row.strategy_id,
          command_id: row.command_id,
          state: row.state,
        })),
      };
    },
  };
}

export type StrategiesService = ReturnType<typeof strategiesService>;
