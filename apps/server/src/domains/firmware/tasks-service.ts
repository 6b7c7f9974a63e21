import {
  compareFirmwareVersions,
  type FieldIssue,
  type FirmwarePart,
  firmwareParts,
  type Language,
  mainFirmwarePart,
  type Page,
  rolloutStage,
  type UpgradeRecord,
  type UpgradeStatus,
  type UpgradeTaskItem,
  type UpgradeTaskRow,
  type UpgradeTaskState,
} from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Clock } from '../../platform/clock.ts';
import { pageWindow } from '../../platform/search.ts';
import type { ControlAccess } from '../control/access.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { rolloutPlan } from './rollout.ts';
import type {
  CatalogueFile,
  CatalogueModel,
  TaskDevice,
  TaskQueries,
  TaskRow,
  TasksRepository,
  TaskTally,
} from './tasks-repository.ts';

/**
 * Installers' upgrade tasks (PRODUCT.md §8 "Firmware", SPEC.md §3/§4/§8). A task belongs to the
 * caller's tree (tenancy `ownerOf`): its installers list, follow and steer it, anyone else gets
 * 9001 as for an unknown id; end users get 9001 on every task call. Adding one reuses remote
 * control's rules (control/access.ts): each device seen, maintainable and unlocked by its
 * password. Pause, resume and cancel of a task not in a state to take them answer 100001.
 */

export interface UpgradeTasksOptions {
  repo: TasksRepository;
  tenancy: Tenancy;
  access: ControlAccess;
  operationLog: OperationLog;
  clock: Clock;
  /** Asks the rollout job for a run (rollout.ts). */
  rolloutSoon: () => Promise<void>;
}

export interface NewTaskRequest {
  name?: string | undefined;
  sns: readonly string[];
  fileIds: readonly number[];
  startAt?: string | undefined;
  canarySize: number;
  batchSize: number;
  failureThresholdPct: number;
  confirmDowngrade: boolean;
}

/** The part whose version a device reports as `firmware_version`: the main part if the model has it, else its first. */
export function mainPartOf(model: Pick<CatalogueModel, 'parts'>): FirmwarePart {
  return model.parts.includes(mainFirmwarePart) ? mainFirmwarePart : (model.parts[0] ?? mainFirmwarePart);
}

/**
 * What a device runs of `part`: what it said of the part, else its `firmware_version` for the
 * model's main part; unknown otherwise (no downgrade or minimum check then).
 */
export function currentVersion(device: TaskDevice, part: FirmwarePart, model: CatalogueModel): string | null {
  return device.firmware_parts[part] ?? (part === mainPartOf(model) ? device.firmware_version : null);
}

/** A task's counts (contracts `taskCounts`), current stage and number of stages from its tallies. */
export function taskCountsOf(tallies: readonly TaskTally[]) {
  const counts: UpgradeTaskItem['counts'] = {
    total: 0,
    queued: 0,
    by_status: {},
    succeeded: 0,
    failed: 0,
    cancelled: 0,
  };
  let open = Number.POSITIVE_INFINITY;
  let last = -1;
  for (const tally of tallies) {
    counts.total += tally.rows;
    last = Math.max(last, tally.stage);
    if (tally.state === 'queued' || tally.state === 'sent') open = Math.min(open, tally.stage);
    if (tally.state === 'queued') counts.queued += tally.rows;
    else if (tally.state !== 'sent') counts[tally.state] += tally.rows;
    if (tally.state !== 'queued' && tally.status !== null) {
      const key = String(tally.status);
      counts.by_status[key] = (counts.by_status[key] ?? 0) + tally.rows;
    }
  }
  return { counts, stage: Number.isFinite(open) ? open : Math.max(last, 0), stages: last + 1 };
}

export function upgradeTasksService(options: UpgradeTasksOptions) {
  const { repo, tenancy, access, operationLog, clock } = options;

  /** A task of the caller's tree; 9001 for end users and any other id. */
  async function ownTask(caller: Caller, taskId: number): Promise<TaskRow> {
    tenancy.assertInstaller(caller);
    const task = await repo.task(taskId, await tenancy.ownerOf(caller));
    if (!task) throw new Refusal('9001');
    return task;
  }

  /**
   * The chosen devices, in the request's order: each seen by the caller (9001), and for a write
   * maintainable (9001) and unlocked (200905, naming each locked one); then of one type and model
   * (200906) that the catalogue has (7002).
   */
  async function chosen(caller: Caller, sns: readonly string[], write: boolean) {
    tenancy.assertInstaller(caller);
    const duplicate = sns.findIndex((sn, index) => sns.indexOf(sn) !== index);
    if (duplicate >= 0)
      throw new Refusal('200005', [{ path: `sns.${duplicate}`, message: 'validation.invalidValue' }]);
    const locked: FieldIssue[] = [];
    const ids: number[] = [];
    for (const [index, sn] of sns.entries()) {
      const target = await access.targetOf(caller, sn);
      ids.push(target.deviceId);
      if (!write) continue;
      try {
        await access.assertMayMaintain(caller, target);
      } catch (error) {
        if (!(error instanceof Refusal && error.code === '200905')) throw error;
        locked.push({ path: `sns.${index}`, message: 'validation.devicePasswordRequired' });
      }
    }
    if (locked.length > 0) throw new Refusal('200905', locked);
    const found = await repo.devices(ids);
    const devices = ids.map((id) => found.find((device) => device.device_id === id)!);
    const [first] = devices;
    if (!first) throw new Refusal('200005');
    if (
      devices.some(
        (device) =>
          device.device_type !== first.device_type ||
          device.model.toLowerCase() !== first.model.toLowerCase(),
      )
    )
      throw new Refusal('200906');
    const model = await repo.model(first.model);
    if (!model || model.device_type !== first.device_type) throw new Refusal('7002');
    return { devices, model };
  }

  function itemOf(
    task: TaskRow,
    tallies: readonly TaskTally[],
    devices: number,
    files: { file_id: number; part: FirmwarePart; name: string; version: string }[],
  ): UpgradeTaskItem {
    const { counts, stage, stages } = taskCountsOf(tallies.filter((tally) => tally.task_id === task.task_id));
    return {
      task_id: task.task_id,
      name: task.name,
      model: task.model,
      files: task.files.map(({ file_id, part }) => {
        const file = files.find((candidate) => candidate.file_id === file_id);
        return { file_id, part, name: file?.name ?? '', version: file?.version ?? '' };
      }),
      state: task.state,
      pause_reason: task.pause_reason,
      start_at: task.start_at.toISOString(),
      canary_size: task.canary_size,
      batch_size: task.batch_size,
      failure_threshold_pct: task.failure_threshold_pct,
      stage,
      stages,
      devices,
      counts,
      created_by: task.created_by,
      created_at: task.created_at,
      finished_at: task.finished_at,
    };
  }

  async function itemsOf(tasks: readonly TaskRow[]): Promise<UpgradeTaskItem[]> {
    const ids = tasks.map((task) => task.task_id);
    const [tallies, devices, files] = await Promise.all([
      repo.tallies(ids),
      repo.deviceCounts(ids),
      repo.fileSummaries([...new Set(tasks.flatMap((task) => task.files.map((file) => file.file_id)))]),
    ]);
    return tasks.map((task) => itemOf(task, tallies, devices.get(task.task_id) ?? 0, files));
  }

  /** Every row of a task with why a queued one waits. */
  async function rowsOf(task: TaskRow): Promise<UpgradeTaskRow[]> {
    const rows = await repo.progress(task.task_id);
    const stations = [...new Set(rows.filter((row) => row.state === 'queued').map((row) => row.station_id))];
    const now = clock.now();
    const plan = rolloutPlan(task.state, rows, await repo.pcsGapStations(stations, now), now);
    return rows.map((row) => ({
      equ_sn: row.sn,
      station_name: row.station_name,
      device_state: row.device_state,
      stage: row.stage,
      part: row.part,
      file_name: row.file_name,
      from_version: row.from_version,
      version: row.version,
      state: row.state,
      status: row.status as UpgradeStatus | null,
      progress_pct: row.progress_pct,
      message: row.message,
      waiting_for: plan.waiting.get(row.id) ?? null,
      sent_at: row.sent_at,
      finished_at: row.finished_at,
    }));
  }

  async function logTask(caller: Caller, task: Pick<TaskRow, 'task_id' | 'name'>, act: string) {
    await operationLog.recordBy(caller, 'device_command', {
      target: task.name,
      detail: { command: 'upgrade', task_id: task.task_id, act },
    });
  }

  return {
    /** The chosen devices' model, their versions and the model's files (a read: no unlock needed). */
    async choices(caller: Caller, sns: readonly string[], language: Language) {
      const { devices, model } = await chosen(caller, sns, false);
      const busy = await repo.busyDevices(devices.map((device) => device.device_id));
      const files = await repo.modelFiles(model.model_id);
      return {
        model: model.name,
        device_type: devices[0]!.device_type,
        devices: devices.map((device) => ({
          equ_sn: device.sn,
          station_name: device.station_name,
          state: device.status,
          versions: Object.fromEntries(
            model.parts.flatMap((part) => {
              const version = currentVersion(device, part, model);
              return version === null ? [] : [[part, version]];
            }),
          ),
          busy: busy.has(device.device_id),
        })),
        files: files.map((file) => {
          const current = devices.map((device) => currentVersion(device, file.part, model));
          return {
            file_id: file.file_id,
            part: file.part,
            name: file.name,
            version: file.version,
            min_version: file.min_version,
            size_bytes: file.size_bytes,
            notes: file.notes[language] ?? file.notes.en ?? Object.values(file.notes)[0] ?? '',
            created_at: file.created_at,
            downgrades: current.filter(
              (version) => version !== null && compareFirmwareVersions(file.version, version) < 0,
            ).length,
            below_minimum: current.filter((version) => belowMinimum(file, version)).length,
          };
        }),
      };
    },

    /**
     * Adds a task, checked in this order: devices reachable and unlocked; one type and model
     * (200906); the model and every file in the catalogue, of that model (7002); one file per part
     * (200005); no device in an unfinished task (7003); no unfinished task of the tree for the
     * model's part (6000); no device below a file's minimum (7007); no downgrade unless confirmed
     * (7006). Then the task and its rows in one transaction, and the rollout asked for a run.
     */
    async add(caller: Caller, request: NewTaskRequest) {
      const { devices, model } = await chosen(caller, request.sns, true);
      const files = await repo.files(request.fileIds);
      const picked = request.fileIds.map((id) => files.find((file) => file.file_id === id));
      if (picked.some((file) => !file || file.withdrawn || file.model_id !== model.model_id))
        throw new Refusal('7002');
      const chosenFiles = (picked as CatalogueFile[]).sort(
        (a, b) => firmwareParts.indexOf(a.part) - firmwareParts.indexOf(b.part),
      );
      const twice = request.fileIds.findIndex(
        (id, index) =>
          request.fileIds.findIndex((other) => partOf(files, other) === partOf(files, id)) !== index,
      );
      if (twice >= 0)
        throw new Refusal('200005', [{ path: `file_ids.${twice}`, message: 'validation.invalidValue' }]);
      const ownerId = await tenancy.ownerOf(caller);
      const deviceIds = devices.map((device) => device.device_id);
      const parts = chosenFiles.map((file) => file.part);
      const assertFree = async (scope: TaskQueries) => {
        if ((await scope.busyDevices(deviceIds)).size > 0) throw new Refusal('7003');
        const busyParts = await scope.busyParts(ownerId, model.name);
        if (parts.some((part) => busyParts.has(part))) throw new Refusal('6000');
      };
      await assertFree(repo);
      const current = (device: TaskDevice, file: CatalogueFile) => currentVersion(device, file.part, model);
      if (devices.some((device) => chosenFiles.some((file) => belowMinimum(file, current(device, file)))))
        throw new Refusal('7007');
      const downgrades = devices.some((device) =>
        chosenFiles.some((file) => {
          const version = current(device, file);
          return version !== null && compareFirmwareVersions(file.version, version) < 0;
        }),
      );
      if (downgrades && !request.confirmDowngrade) throw new Refusal('7006');

      const now = clock.now();
      const asked = request.startAt ? new Date(request.startAt) : now;
      const startAt = asked.getTime() > now.getTime() ? asked : now;
      const name =
        request.name ??
        `${model.name} ${chosenFiles.map((file) => `${file.part} ${file.version}`).join(', ')}`;
      const taskId = await repo.adding(async (scope) => {
        // again under the additions' lock: another addition may have come in between
        await assertFree(scope);
        return scope.insert({
          name,
          ownerId,
          model: model.name,
          deviceType: model.device_type,
          files: chosenFiles.map((file) => ({ file_id: file.file_id, part: file.part })),
          startAt,
          canarySize: request.canarySize,
          batchSize: request.batchSize,
          failureThresholdPct: request.failureThresholdPct,
          createdBy: caller.userId,
          createdAt: now,
          rows: devices.flatMap((device, position) =>
            chosenFiles.map((file) => ({
              deviceId: device.device_id,
              stationId: device.station_id,
              position,
              stage: rolloutStage(position, request.canarySize, request.batchSize),
              fileId: file.file_id,
              part: file.part,
              fromVersion: current(device, file),
            })),
          ),
        });
      });
      await operationLog.recordBy(caller, 'device_command', {
        target: name,
        detail: { command: 'upgrade', task_id: taskId, act: 'add', devices: devices.length },
      });
      await options.rolloutSoon();
      return { task_id: taskId };
    },

    async list(
      caller: Caller,
      state: UpgradeTaskState | undefined,
      page: number,
      pageSize: number,
    ): Promise<Page<UpgradeTaskItem>> {
      tenancy.assertInstaller(caller);
      const rows = await repo.list(await tenancy.ownerOf(caller), state, pageWindow(page, pageSize));
      return { total: rows.total, list: await itemsOf(rows.list) };
    },

    async detail(caller: Caller, taskId: number) {
      const task = await ownTask(caller, taskId);
      const [item] = await itemsOf([task]);
      return { ...item!, rows: await rowsOf(task) };
    },

    /** The task and its rows for its export, read with the caller's rights at download time. */
    exportSource: async (caller: Caller, taskId: number) => {
      const task = await ownTask(caller, taskId);
      return { task, rows: await rowsOf(task) };
    },

    /** 9001 unless the task is the caller's tree's (before an export's ticket is issued). */
    async assertOwn(caller: Caller, taskId: number): Promise<void> {
      await ownTask(caller, taskId);
    },

    async pause(caller: Caller, taskId: number) {
      const task = await ownTask(caller, taskId);
      if (!(await repo.move(taskId, ['scheduled', 'running'], 'paused', clock.now(), { reason: 'manual' })))
        throw new Refusal('100001');
      await logTask(caller, task, 'pause');
      return null;
    },

    /** A paused task runs again (or waits for its start), its failures counted from now. */
    async resume(caller: Caller, taskId: number) {
      const task = await ownTask(caller, taskId);
      const now = clock.now();
      const to = task.start_at.getTime() > now.getTime() ? 'scheduled' : 'running';
      if (!(await repo.move(taskId, ['paused'], to, now, { countedFrom: now }))) throw new Refusal('100001');
      await logTask(caller, task, 'resume');
      await options.rolloutSoon();
      return null;
    },

    /** Queued rows are cancelled; rows already sent finish on their device and keep their outcome. */
    async cancel(caller: Caller, taskId: number) {
      const task = await ownTask(caller, taskId);
      if (!(await repo.move(taskId, ['scheduled', 'running', 'paused'], 'cancelled', clock.now())))
        throw new Refusal('100001');
      await logTask(caller, task, 'cancel');
      return null;
    },

    /** A device's upgrade records (api/setting/system/updateLog): anyone who sees the device. */
    async records(caller: Caller, sn: string, page: number, pageSize: number): Promise<Page<UpgradeRecord>> {
      const target = await access.targetOf(caller, sn);
      const rows = await repo.records(target.deviceId, pageWindow(page, pageSize));
      return {
        total: rows.total,
        list: rows.list.map((row) => ({ ...row, status: row.status as UpgradeStatus | null })),
      };
    },
  };
}

export type UpgradeTasksService = ReturnType<typeof upgradeTasksService>;

/** Whether a device running `version` (unknown: null) is below the file's minimum. */
function belowMinimum(file: Pick<CatalogueFile, 'min_version'>, version: string | null): boolean {
  return (
    file.min_version !== null && version !== null && compareFirmwareVersions(version, file.min_version) < 0
  );
}

function partOf(files: readonly CatalogueFile[], fileId: number): FirmwarePart | undefined {
  return files.find((file) => file.file_id === fileId)?.part;
}
