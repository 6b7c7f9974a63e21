import {
  type CommandItem,
  type CommandStateName,
  completeChanges,
  DeviceType,
  type FieldIssue,
  groupsOf,
  type Page,
  type SettingsView,
  type SettingValues,
  settingParameterOf,
  settingsIssues,
  standardOf,
} from '@helio/contracts';
import type { CommandName, SelfTestRow } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Clock } from '../../platform/clock.ts';
import { pageWindow } from '../../platform/search.ts';
import type { DeviceCommands, NewCommand } from '../commands/service.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { ControlAccess } from './access.ts';
import type { ControlRepository, ControlTarget } from './repository.ts';
import { lastAnswer } from './settings-store.ts';

/**
 * Remote control of a device (PRODUCT.md §8; who may act: access.ts, the password: device-password.ts):
 * change sets checked by the one rule of contracts (`settingsIssues`) before they become one
 * command each, and the commands of network, self-test, debugging, restart and the system group.
 * The device applies a change all or nothing and answers its values, which become its settings as
 * last read (settings-store.ts, in ingestion's transaction).
 */

/** A debug session reports this often. */
export const DEBUG_INTERVAL_S = 10;
/** Device types that cannot switch to debugging (they report through their bus): 240000. */
const noDebugTypes: readonly DeviceType[] = [DeviceType.battery, DeviceType.meter];
/** The commands that change settings and wait on the Settings tab. */
const settingsCommands: readonly CommandName[] = ['settings', 'network', 'sync_clock', 'restore_defaults'];

export interface ControlOptions {
  db: Database;
  repo: ControlRepository;
  tenancy: Tenancy;
  commands: DeviceCommands;
  access: ControlAccess;
  operationLog: OperationLog;
  clock: Clock;
  /** Writes a self-test report job due when the report should be mailed. */
  scheduleSelfTestReport: (commandId: string, userId: number, runAt: Date) => Promise<void>;
  /** The delay from a self-test's start to its report mail. */
  selfTestReportDelayMs: number;
}

export function controlService(options: ControlOptions) {
  const { repo, tenancy, commands, access, operationLog, clock } = options;
  const { standingOf, targetOf, assertMayWrite, assertMayMaintain } = access;
  const writableGroups = access.writableGroups;

  async function issue(
    caller: Caller,
    target: ControlTarget,
    command: NewCommand,
    clientKey?: string,
    /** How long it waits for an offline device; the commands' default (24 h) when absent. */
    ttlMs?: number,
  ): Promise<{ command_id: string; state: CommandStateName }> {
    const stored = await commands.create(target.deviceId, command, caller.userId, {
      clientKey,
      ...(ttlMs === undefined ? {} : { ttlMs }),
    });
    if (stored.created)
      await operationLog.recordBy(caller, 'device_command', {
        stationId: target.stationId,
        target: target.sn,
        detail: { command: command.name, command_id: stored.commandId },
      });
    return { command_id: stored.commandId, state: stored.state };
  }

  async function debugRunning(target: ControlTarget): Promise<string | undefined> {
    const now = clock.now().getTime();
    for (const row of await repo.latest(target.deviceId, 'debug', 5)) {
      if (row.state === 'failed' || row.state === 'expired') continue;
      if (row.params.action === 'stop') return undefined;
      const durationS = Number(row.params.duration_s);
      const end = Date.parse(row.created_at) + durationS * 1000;
      return end > now ? new Date(end).toISOString() : undefined;
    }
    return undefined;
  }

  /** A command with its device, if the caller sees the device; 9001 otherwise, as for one that does not exist. */
  async function seenCommand(caller: Caller, commandId: string) {
    const row = await repo.command(commandId);
    if (!row) throw new Refusal('9001');
    await tenancy.assertSeesDevice(caller, row.device_id);
    return row;
  }

  return {
    /** One command to a device the caller may act on, idempotent on `clientKey`, in the operation log. */
    issue,

    async view(caller: Caller, sn: string): Promise<SettingsView> {
      const target = await targetOf(caller, sn);
      const standing = standingOf(caller, target);
      const answer = await lastAnswer(options.db, target.deviceId);
      const catalogue = groupsOf(target.deviceType);
      // the groups the device answered for (a site without a battery has no battery group)
      const answered = answer
        ? catalogue.filter((group) =>
            Object.keys(answer.values).some((name) => settingParameterOf(name)?.group === group),
          )
        : catalogue;
      const [reading] = await repo.unfinished(target.deviceId, ['read']);
      return {
        equ_sn: target.sn,
        device_id: target.deviceId,
        device_type: target.deviceType,
        rated_power_w: target.ratedPowerW,
        status: target.status,
        groups: answered,
        writable_groups: writableGroups(standing, answered),
        ...(await access.unlockState(caller, target)),
        values: answer ? { ...answer.values } : null,
        read_at: answer?.readAt ?? null,
        reading: reading?.command_id ?? null,
        pending: await repo.unfinished(target.deviceId, settingsCommands),
        last: (await repo.lastFinished(target.deviceId, settingsCommands)) ?? null,
        debug_until: (await debugRunning(target)) ?? null,
        self_test: Boolean(answer && catalogue.includes('grid') && standardOf(answer.values)?.selfTest),
        command_ttl_h: commands.ttlMs / 3_600_000,
      };
    },

    /** A read command; 7005 while another read of the device is pending. */
    async read(caller: Caller, sn: string) {
      const target = await targetOf(caller, sn);
      if ((await repo.unfinished(target.deviceId, ['read'])).length > 0) throw new Refusal('7005');
      return issue(caller, target, { name: 'read', params: {} });
    },

    /** One change set, checked, as one command (the same key, or the same change still under way, is that command). */
    async save(caller: Caller, sn: string, key: string, changes: SettingValues) {
      const target = await targetOf(caller, sn);
      // the groups the change touches; an unknown name has none and is refused by the check below
      const groups = [
        ...new Set(Object.keys(changes).flatMap((name) => settingParameterOf(name)?.group ?? [])),
      ];
      await assertMayWrite(caller, target, groups);
      const current = (await lastAnswer(options.db, target.deviceId))?.values ?? {};
      const completed = completeChanges(changes, current);
      const issues = settingsIssues(completed, {
        deviceType: target.deviceType,
        ratedPowerW: target.ratedPowerW,
        current,
      });
      if (issues.length > 0) {
        const fieldIssues: FieldIssue[] = issues.map((found) => ({
          path: `changes.${found.field}`,
          message: found.message,
        }));
        throw new Refusal('200005', fieldIssues);
      }
      const same = (await repo.unfinished(target.deviceId, ['settings'])).find(
        (row) => JSON.stringify(sorted(row.params)) === JSON.stringify(sorted(completed)),
      );
      if (same) return { command_id: same.command_id, state: same.state };
      return issue(caller, target, { name: 'settings', params: completed }, key);
    },

    async network(
      caller: Caller,
      sn: string,
      key: string,
      form: {
        dhcp: boolean;
        ip?: string | undefined;
        mask?: string | undefined;
        gateway?: string | undefined;
        dns?: string | undefined;
      },
    ) {
      const target = await targetOf(caller, sn);
      if (!groupsOf(target.deviceType).includes('network')) throw new Refusal('240002');
      await assertMayMaintain(caller, target);
      const params: Record<string, string | boolean> = form.dhcp
        ? { dhcp: true }
        : {
            dhcp: false,
            ip: form.ip ?? '',
            mask: form.mask ?? '',
            gateway: form.gateway ?? '',
            dns: form.dns ?? '',
          };
      return issue(caller, target, { name: 'network', params }, key);
    },

    /** A self-test, for a standard that requires one; its report is mailed after `selfTestReportDelayMs`. */
    async selfTest(caller: Caller, sn: string) {
      const target = await targetOf(caller, sn);
      await assertMayMaintain(caller, target);
      const values = (await lastAnswer(options.db, target.deviceId))?.values;
      if (!values || !groupsOf(target.deviceType).includes('grid') || !standardOf(values)?.selfTest)
        throw new Refusal('240002');
      if ((await repo.unfinished(target.deviceId, ['self_test'])).length > 0) throw new Refusal('7005');
      const answer = await issue(caller, target, { name: 'self_test', params: {} });
      await options.scheduleSelfTestReport(
        answer.command_id,
        caller.userId,
        new Date(clock.now().getTime() + options.selfTestReportDelayMs),
      );
      return answer;
    },

    async debug(caller: Caller, sn: string, action: 'start' | 'stop', minutes: number) {
      const target = await targetOf(caller, sn);
      await assertMayMaintain(caller, target);
      if (noDebugTypes.includes(target.deviceType)) throw new Refusal('240000');
      const running = await debugRunning(target);
      if (action === 'start' && running) throw new Refusal('8001');
      const params: Record<string, string | number> =
        action === 'start' ? { action, interval_s: DEBUG_INTERVAL_S, duration_s: minutes * 60 } : { action };
      return issue(caller, target, { name: 'debug', params });
    },

    async restart(caller: Caller, sn: string) {
      const target = await targetOf(caller, sn);
      await assertMayMaintain(caller, target);
      return issue(caller, target, { name: 'restart', params: {} });
    },

    async system(caller: Caller, sn: string, action: 'sync_clock' | 'restore_defaults') {
      const target = await targetOf(caller, sn);
      await assertMayMaintain(caller, target);
      return action === 'sync_clock'
        ? issue(caller, target, {
            name: 'sync_clock',
            params: { ts: clock.now().getTime(), time_zone: target.timezone },
          })
        : issue(caller, target, { name: 'restore_defaults', params: {} });
    },

    async commands(
      caller: Caller,
      sn: string,
      filter: { name?: string | undefined; state?: string | undefined },
      page: number,
      pageSize: number,
    ): Promise<Page<CommandItem>> {
      const target = await targetOf(caller, sn);
      return repo.commands(target.deviceId, filter, pageWindow(page, pageSize));
    },

    seenCommand,

    async command(caller: Caller, commandId: string): Promise<CommandItem> {
      const { device_id: _device, report: _report, sn: _sn, ...item } = await seenCommand(caller, commandId);
      return item;
    },

    async selfTestReport(caller: Caller, commandId: string) {
      const row = await repo.command(commandId);
      if (row?.name !== 'self_test') throw new Refusal('9001');
      await tenancy.assertSeesDevice(caller, row.device_id);
      return { equ_sn: row.sn, ...reportOf(row, (await lastAnswer(options.db, row.device_id))?.values) };
    },

    /** The device's refused messages: its installer's (or a grantee's) view. */
    async diagnostics(caller: Caller, sn: string) {
      const target = await targetOf(caller, sn);
      const standing = standingOf(caller, target);
      if (standing !== 'installer' && standing !== 'grantee') throw new Refusal('9001');
      return { list: await repo.diagnostics(target.deviceId) };
    },
  };
}

export type ControlService = ReturnType<typeof controlService>;

function sorted(values: Readonly<Record<string, unknown>>): [string, unknown][] {
  return Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A self-test command as its report. */
export function reportOf(
  row: {
    state: CommandStateName;
    message: string | null;
    created_at: string;
    updated_at: string;
    report: unknown;
  },
  values: SettingValues | undefined,
) {
  const rows = Array.isArray(row.report) ? (row.report as SelfTestRows) : [];
  const finished = row.state === 'succeeded' || row.state === 'failed' || row.state === 'expired';
  return {
    grid_standard: typeof values?.grid_standard === 'string' ? values.grid_standard : null,
    state: row.state,
    message: row.message,
    started_at: row.created_at,
    finished_at: finished ? row.updated_at : null,
    passed: finished ? row.state === 'succeeded' && rows.every((test) => test.pass) : null,
    rows,
  };
}

type SelfTestRows = SelfTestRow[];
