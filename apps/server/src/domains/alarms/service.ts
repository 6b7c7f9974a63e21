import {
  type AlarmItem,
  type alarm,
  type CallData,
  checkTimeRange,
  type ProcessingState,
  type RangeGranularity,
} from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { AlarmFilter, AlarmSort, AlarmsRepository } from './repository.ts';
import { happeningPerBucket, timelineBucketS } from './timeline.ts';

/** The list's filter as the calls send it. */
export interface AlarmFilterInput extends Omit<AlarmFilter, 'range'> {
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** The time range of a filter, or the catalogue's refusal (200601, 200602, 200603). */
export function rangeOf(start: string | undefined, end: string | undefined, granularity?: RangeGranularity) {
  const checked = checkTimeRange(start, end, granularity);
  if ('refusal' in checked) throw new Refusal(checked.refusal);
  return checked.range;
}

/**
 * Alarms as installers and end users see them: the list and its filters, one alarm, the station's
 * error list, counts and the timeline, all within what the caller sees (its scope and the stations
 * granted to its tree); processing is an installer's act (PRODUCT.md §4).
 */
export function alarmsService(repo: AlarmsRepository, tenancy: Tenancy, log: OperationLog) {
  /** The filter with its range checked, after refusing ids the caller does not see (9001). */
  async function checkedFilter(caller: Caller, input: AlarmFilterInput): Promise<AlarmFilter> {
    const range = rangeOf(input.startTime, input.endTime);
    if (input.stationId !== undefined) await tenancy.assertSeesStation(caller, input.stationId);
    if (input.deviceId !== undefined) await tenancy.assertSeesDevice(caller, input.deviceId);
    const { startTime: _start, endTime: _end, ...rest } = input;
    return { ...rest, range };
  }

  return {
    checkedFilter,

    async list(caller: Caller, input: AlarmFilterInput, sort: AlarmSort, page: number, pageSize: number) {
      return repo.list(
        tenancy.seen(caller),
        await checkedFilter(caller, input),
        sort,
        pageWindow(page, pageSize),
      );
    },

    async detail(caller: Caller, alarmId: number): Promise<AlarmItem> {
      const [item] = await repo.items(tenancy.seen(caller), [alarmId]);
      if (!item) throw new Refusal('9001');
      return item;
    },

    /** Marks alarms processed or unprocessed: installers only, all of them seen by the caller or none changes. */
    async process(
      caller: Caller,
      input: { alarmIds: number[]; state: ProcessingState; opinion: string | undefined },
    ): Promise<AlarmItem[]> {
      tenancy.assertInstaller(caller);
      const alarmIds = [...new Set(input.alarmIds)];
      if ((await repo.items(tenancy.seen(caller), alarmIds)).length !== alarmIds.length)
        throw new Refusal('9001');
      const changed = await repo.process(alarmIds, input.state, input.opinion, caller.userId);
      const stations = [...new Set(changed.map((row) => row.stationId))];
      await log.recordBy(caller, 'alarm_process', {
        stationId: stations.length === 1 ? stations[0] : null,
        target: alarmIds.join(', '),
        detail: {
          processing_state: input.state,
          alarms: alarmIds.length,
          opinion: input.opinion !== undefined,
        },
      });
      return repo.items(tenancy.seen(caller), alarmIds);
    },

    async errorList(
      caller: Caller,
      stationId: number,
      state: AlarmItem['state'] | undefined,
      page: number,
      pageSize: number,
    ) {
      await tenancy.assertSeesStation(caller, stationId);
      return repo.stationErrors(stationId, state, pageWindow(page, pageSize));
    },

    async counts(caller: Caller, stationIds: number[], deviceIds: number[]) {
      const stations = [...new Set(stationIds)];
      const devices = [...new Set(deviceIds)];
      for (const stationId of stations) await tenancy.assertSeesStation(caller, stationId);
      for (const deviceId of devices) await tenancy.assertSeesDevice(caller, deviceId);
      const counted = await repo.counts(tenancy.seen(caller), stations, devices);
      const none = { happening: 0, unprocessed: 0 };
      const byStation = new Map(counted.stations.map((row) => [row.station_id, row]));
      const byDevice = new Map(counted.devices.map((row) => [row.device_id, row]));
      return {
        total: counted.total,
        stations: stations.map((stationId) => ({
          ...none,
          ...byStation.get(stationId),
          station_id: stationId,
        })),
        devices: devices.map((deviceId) => ({ ...none, ...byDevice.get(deviceId), device_id: deviceId })),
      };
    },

    async timeline(caller: Caller, input: CallTimelineInput): Promise<CallData<typeof alarm.timeline>> {
      await tenancy.assertSeesStation(caller, input.stationId);
      if (input.deviceId !== undefined && !(await repo.deviceOnStation(input.deviceId, input.stationId))) {
        throw new Refusal('9001');
      }
      const range = rangeOf(input.startTime, input.endTime, input.granularity)!;
      const bucketS = timelineBucketS[input.granularity];
      const intervals = await repo.intervals(input.stationId, input.deviceId, range);
      const counts = happeningPerBucket(intervals, range.fromMs, range.toMs, bucketS * 1000);
      return {
        bucket_s: bucketS,
        points: counts.map((happening, index) => ({
          ts: new Date(range.fromMs + index * bucketS * 1000).toISOString(),
          happening,
        })),
      };
    },
  };
}

interface CallTimelineInput {
  stationId: number;
  deviceId: number | undefined;
  granularity: 'minute' | 'hour' | 'day';
  startTime: string;
  endTime: string;
}

export type AlarmsService = ReturnType<typeof alarmsService>;
