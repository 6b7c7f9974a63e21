import {
  type CallData,
  type EmsModeKind,
  type ems5000,
  emsChartFields,
  emsKeyFields,
  emsModeFields,
  emsModeKinds,
  emsParameterName,
  emsPartParameters,
  type FieldIssue,
  groupsOf,
  type Language,
  localDate,
  localPeriod,
  type SettingValue,
  type SettingValues,
  strategyGroup,
  strategyModes,
  systemTemplateNames,
  systemTemplates,
  templateFieldsOf,
  templateFieldsOfCommand,
  templateModes,
} from '@helio/contracts';
import { type EmsPart, emsParts, type FlatValues } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AlarmsRepository } from '../alarms/repository.ts';
import { followDevice } from '../commands/device-live.ts';
import type { CommandsRepository } from '../commands/repository.ts';
import type { ControlAccess } from '../control/access.ts';
import type { ControlTarget } from '../control/repository.ts';
import type { ControlService } from '../control/service.ts';
import { lastAnswer } from '../control/settings-store.ts';
import { FIVE_MINUTES_MS } from '../plant/day-powers.ts';
import type { PlantRepository } from '../plant/repository.ts';
import type { StrategiesService } from '../strategies/service.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { Ems5000Repository, StationEms } from './repository.ts';

/**
 * The EMS 5000 console (contracts api/calls/ems5000.ts; README "EMS 5000 console: choices"). A
 * station named by id must be seen by the caller and hold an EMS 5000 (9001 otherwise); the EMS
 * is then a remote-control target like any device, and every rule is its owner's: who may write
 * which part and the unlock (control/access.ts), the check of a change set and its one command
 * (control/service.ts `save`, `read`), the values as last answered (control/settings-store.ts),
 * the strategies (strategies/service.ts, through `api/mode/update`), alarms happening now (the
 * alarms' repository) and the local day's five-minute buckets (plant: repository `buckets`,
 * day-powers.ts). A part's parameters are the settings catalogue's group of the part, named
 * `part.name` there and unprefixed here.
 */

export interface Ems5000Options {
  db: Database;
  repo: Ems5000Repository;
  plant: Pick<PlantRepository, 'buckets'>;
  alarms: Pick<AlarmsRepository, 'list'>;
  tenancy: Tenancy;
  access: ControlAccess;
  control: ControlService;
  strategies: StrategiesService;
  /** A device's newest commands (the live stream follows them). */
  commands: Pick<CommandsRepository, 'recent'>;
  clock: Clock;
  /** How often the live stream looks for news, ms. */
  livePollMs?: number;
}

type SysIndex = CallData<typeof ems5000.sysIndex>;
type Head = Pick<
  SysIndex,
  'station_id' | 'device_id' | 'equ_sn' | 'status' | 'updated_at' | 'needs_password' | 'unlocked_until'
>;

/** Most alarms happening at once a part shows. */
const MAX_OPEN_ALARMS = 200;
const finishedStates: readonly string[] = ['succeeded', 'failed', 'expired'];

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The values of `part` in a device's flat values, unprefixed (`pcs.ac_power_w` → `ac_power_w`). */
function partValues<V>(part: EmsPart, values: Readonly<Record<string, V>>): Record<string, V> {
  const own: Record<string, V> = {};
  for (const [key, value] of Object.entries(values)) {
    const name = emsParameterName(part, key);
    if (name !== undefined) own[name] = value;
  }
  return own;
}

function stateOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

export function ems5000Service(options: Ems5000Options) {
  const { repo, tenancy, access, control, strategies, clock } = options;

  /** The station's EMS and the caller's standing on it; 9001 out of reach or without an EMS. */
  async function systemOf(caller: Caller, stationId: number) {
    const ems = await repo.stationEms(tenancy.seen(caller), stationId);
    if (!ems) throw new Refusal('9001');
    const target = await access.targetOf(caller, ems.sn);
    const standing = access.standingOf(caller, target);
    const writable = access.writableGroups(standing, groupsOf(target.deviceType));
    const head: Head = {
      station_id: ems.stationId,
      device_id: ems.deviceId,
      equ_sn: ems.sn,
      status: ems.status,
      updated_at: ems.updatedAt,
      ...(await access.unlockState(caller, target)),
    };
    return { ems, target, writable, head };
  }

  /** The alarms happening now on the EMS, by part ('' for the device itself). */
  async function openAlarms(caller: Caller, ems: StationEms) {
    const page = await options.alarms.list(
      tenancy.seen(caller),
      { deviceId: ems.deviceId, state: 'happening' },
      { by: 'raised_at', order: 'asc' },
      { limit: MAX_OPEN_ALARMS, offset: 0 },
    );
    return (part: EmsPart) =>
      page.list
        .filter((alarm) => alarm.part === part)
        .map((alarm) => ({
          alarm_id: alarm.alarm_id,
          code: alarm.code,
          severity: alarm.severity,
          started_at: alarm.raised_at,
        }));
  }

  /** The part's chart fields over the station-local day: five-minute means of the EMS's readings, null where none. */
  async function dayHistory(ems: StationEms, part: EmsPart, date: string) {
    const { startMs, endMs } = localPeriod('day', date, ems.timezone);
    const count = Math.ceil((endMs - startMs) / FIVE_MINUTES_MS);
    const fields = emsChartFields[part];
    const rows = await options.plant.buckets(
      ems.stationId,
      fields.map((field) => `${part}.${field}`),
      startMs,
      endMs,
      FIVE_MINUTES_MS,
    );
    const series = fields.map((field) => ({
      field,
      values: Array.from({ length: count }, (): number | null => null),
    }));
    for (const row of rows) {
      if (row.device_id !== ems.deviceId || row.bucket < 0 || row.bucket >= count) continue;
      row.values.forEach((value, index) => {
        const line = series[index];
        if (line && value !== null) line.values[row.bucket] = round2(value);
      });
    }
    return { date, start: new Date(startMs).toISOString(), step_s: FIVE_MINUTES_MS / 1000, series };
  }

  /** The active and a pending strategy of the EMS (the strategies' Strategy tab, newest pending). */
  async function strategiesOf(caller: Caller, target: ControlTarget, language: Language) {
    const tab = await strategies.device(caller, target.sn, 1, 1, language);
    return { active: tab.active, pending: tab.pending.at(-1) ?? null };
  }

  return {
    async sysIndex(caller: Caller, stationId: number): Promise<SysIndex> {
      const { ems, writable, head } = await systemOf(caller, stationId);
      const alarmsOf = await openAlarms(caller, ems);
      const reported = emsParts.filter((part) =>
        Object.keys(ems.values).some((key) => key.startsWith(`${part}.`)),
      );
      const mode = ems.values.mode;
      return {
        ...head,
        state: stateOf(ems.values.state),
        mode: strategyModes.find((known) => known === mode) ?? null,
        parts: reported.map((part) => {
          const own = partValues(part, ems.values);
          const values: FlatValues = {};
          for (const field of emsKeyFields[part]) {
            const value = own[field];
            if (value !== undefined) values[field] = value;
          }
          return {
            part,
            state: stateOf(own.state),
            values,
            alarms: alarmsOf(part),
            writable: writable.includes(part),
          };
        }),
      };
    },

    async ex(
      caller: Caller,
      stationId: number,
      part: EmsPart,
      date: string | undefined,
    ): Promise<CallData<typeof ems5000.ex>> {
      const { ems, head } = await systemOf(caller, stationId);
      const alarmsOf = await openAlarms(caller, ems);
      const { state, ...values } = partValues(part, ems.values);
      return {
        ...head,
        part,
        state: stateOf(state),
        values,
        alarms: alarmsOf(part),
        history: await dayHistory(ems, part, date ?? localDate(clock.now().getTime(), ems.timezone)),
      };
    },

    /**
     * A part's parameters as last read. `read: true` first asks the device (control's read: 7005
     * while one is pending); asking is an act on the device, so only those who may write the part
     * may (9001 for end users and the demo, though the call is a read).
     */
    async sysRw(
      caller: Caller,
      stationId: number,
      part: EmsPart,
      read: boolean,
    ): Promise<CallData<typeof ems5000.sysRw>> {
      const { target, writable, head } = await systemOf(caller, stationId);
      if (read) {
        if (!writable.includes(part)) throw new Refusal('9001');
        await control.read(caller, target.sn);
      }
      const view = await control.view(caller, target.sn);
      const values = view.values ?? {};
      return {
        ...head,
        part,
        writable: writable.includes(part),
        parameters: emsPartParameters(part).map((parameter) => ({
          name: emsParameterName(part, parameter.name) ?? parameter.name,
          kind: parameter.kind,
          access: parameter.access,
          unit: parameter.kind === 'number' && parameter.unit !== '' ? parameter.unit : null,
          min: parameter.kind === 'number' ? parameter.min : null,
          max: parameter.kind === 'number' ? parameter.max : null,
          decimals: parameter.kind === 'number' ? parameter.decimals : null,
          options: parameter.kind === 'choice' ? [...parameter.options] : null,
          value: values[parameter.name] ?? null,
        })),
        read_at: view.read_at,
        reading: view.reading,
        pending: view.pending.filter(
          (command) =>
            command.name === 'settings' &&
            Object.keys(command.params).some((name) => emsParameterName(part, name) !== undefined),
        ),
        rated_power_w: view.rated_power_w,
      };
    },

    /** A part's change set, qualified and saved by control (its checks, key and command); issues named unqualified. */
    async setSave(
      caller: Caller,
      stationId: number,
      part: EmsPart,
      key: string,
      changes: SettingValues,
    ): Promise<CallData<typeof ems5000.setSave>> {
      const { target } = await systemOf(caller, stationId);
      const qualified: Record<string, SettingValue> = {};
      for (const [name, value] of Object.entries(changes)) qualified[`${part}.${name}`] = value;
      try {
        return await control.save(caller, target.sn, key, qualified);
      } catch (error) {
        if (!(error instanceof Refusal) || error.code !== '200005' || !error.issues) throw error;
        const prefix = `changes.${part}.`;
        const issues: FieldIssue[] = error.issues.map((issue) => ({
          ...issue,
          path: issue.path.startsWith(prefix) ? `changes.${issue.path.slice(prefix.length)}` : issue.path,
        }));
        throw new Refusal('200005', issues);
      }
    },

    /**
     * A command's outcome by id (9001 for one of a device the caller does not see; 7005 until it
     * finishes), with the values it brought: the device's values as last read when this command
     * brought them, the part's only (unprefixed) when `part` is given.
     */
    async pollingReply(
      caller: Caller,
      commandId: string,
      part: EmsPart | undefined,
    ): Promise<CallData<typeof ems5000.pollingReply>> {
      const row = await control.seenCommand(caller, commandId);
      if (!finishedStates.includes(row.state)) throw new Refusal('7005');
      const answer = await lastAnswer(options.db, row.device_id);
      const brought = answer?.commandId === row.command_id ? answer.values : undefined;
      return {
        command_id: row.command_id,
        name: row.name,
        state: row.state,
        error: row.error,
        message: row.message,
        values: brought ? (part ? partValues(part, brought) : { ...brought }) : null,
        finished_at: row.updated_at,
      };
    },

    async modeShow(
      caller: Caller,
      stationId: number,
      language: Language,
    ): Promise<CallData<typeof ems5000.modeShow>> {
      const { ems, target, writable, head } = await systemOf(caller, stationId);
      const { active, pending } = await strategiesOf(caller, target, language);
      const mode = ems.values.mode;
      return {
        ...head,
        modes: emsModeKinds.map((kind) => ({
          kind,
          mode: templateModes[kind],
          name: systemTemplateNames[kind][language],
        })),
        active,
        pending,
        reported: strategyModes.find((known) => known === mode) ?? null,
        writable: writable.includes(strategyGroup(target.deviceType)),
        rated_power_w: target.ratedPowerW,
      };
    },

    async modeDetail(
      caller: Caller,
      stationId: number,
      kind: EmsModeKind,
      language: Language,
    ): Promise<CallData<typeof ems5000.modeDetail>> {
      const { target } = await systemOf(caller, stationId);
      const { active } = await strategiesOf(caller, target, language);
      const running = active?.kind === kind;
      return {
        kind,
        mode: templateModes[kind],
        name: systemTemplateNames[kind][language],
        active: running,
        fields: emsModeFields(kind, target.ratedPowerW),
        values:
          running && active
            ? templateFieldsOfCommand(kind, active.params)
            : templateFieldsOf({ ...systemTemplates[kind], kind }),
      };
    },

    /** The console's live stream (api/ems5000/live): refused like a read of the station before it begins. */
    async live(caller: Caller, stationId: number) {
      const { ems } = await systemOf(caller, stationId);
      return followDevice(
        { latestAt: repo.latestAt, commands: options.commands, pollMs: options.livePollMs },
        ems,
      );
    },
  };
}

export type Ems5000Service = ReturnType<typeof ems5000Service>;
