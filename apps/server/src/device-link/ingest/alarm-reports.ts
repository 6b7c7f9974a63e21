import { COMMUNICATION_LOST_CODE } from '@helio/contracts';
import type { AlarmMessage, StatusMessage } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import {
  type AlarmEventInput,
  endCommunicationLost,
  openDeviceAlarmKeys,
  recordAlarmEvents,
} from '../../domains/alarms/lifecycle-store.ts';

/**
 * What a batch's messages say about alarms, handed to the alarm lifecycle (domains/alarms
 * lifecycle-store.ts) in the batch's transaction: alarm messages are its events (replayed in time
 * order whatever their arrival), an online status's active list settles what is open then, and a
 * device that spoke is in touch again.
 */

/** A message of a batch that speaks of alarms, in the order they came. */
export type AlarmReport =
  | { deviceId: number; kind: 'alarm'; message: AlarmMessage }
  | { deviceId: number; kind: 'status'; message: StatusMessage };

/**
 * Records a batch's alarm reports and ends the communication-lost alarm of each device in
 * `spoke`; answers how many alarms opened (happening).
 */
export async function recordAlarmReports(
  tx: Database,
  reports: readonly AlarmReport[],
  spoke: readonly number[],
  /** The batch's time, ms: when an alarm message says none, and when the silence ended. */
  atMs: number,
): Promise<number> {
  let opened = 0;
  let events: AlarmEventInput[] = [];
  for (const report of reports) {
    if (report.kind === 'alarm') {
      const event = alarmEvent(report.deviceId, report.message);
      if (event) events.push(event);
    } else if (report.message.state === 'online' && report.message.active_alarms) {
      // the events before it first: the list says what is happening after them
      opened += await recordAlarmEvents(tx, events);
      events = [];
      opened += await settleAlarms(
        tx,
        report.deviceId,
        report.message.active_alarms,
        report.message.ts ?? atMs,
      );
    }
  }
  opened += await recordAlarmEvents(tx, events);
  await endCommunicationLost(tx, spoke, atMs);
  return opened;
}

/**
 * The event an alarm message stands for; none for the portal's own code, which a device may not
 * raise or clear.
 */
function alarmEvent(deviceId: number, message: AlarmMessage): AlarmEventInput | undefined {
  if (message.code === COMMUNICATION_LOST_CODE) return undefined;
  return {
    deviceId,
    code: message.code,
    part: message.part ?? '',
    ms: message.ts,
    event: message.event,
    seq: message.seq,
    source: 'device',
  };
}

/**
 * A device back online says which alarms are happening (at its `ts`, else at the batch's time): the listed ones
 * are raised then, every other alarm of it happening in the portal is cleared then.
 */
async function settleAlarms(
  tx: Database,
  deviceId: number,
  active: NonNullable<StatusMessage['active_alarms']>,
  ms: number,
): Promise<number> {
  const listed = active.filter((alarm) => alarm.code !== COMMUNICATION_LOST_CODE);
  const keys = new Set(listed.map((alarm) => `${alarm.code}|${alarm.part ?? ''}`));
  const events: AlarmEventInput[] = [];
  for (const open of await openDeviceAlarmKeys(tx, deviceId)) {
    if (keys.has(`${open.code}|${open.part}`)) continue;
    events.push({ deviceId, ...open, ms, event: 'clear', seq: null, source: 'status' });
  }
  for (const alarm of listed) {
    events.push({
      deviceId,
      code: alarm.code,
      part: alarm.part ?? '',
      ms,
      event: 'raise',
      seq: null,
      source: 'status',
    });
  }
  return recordAlarmEvents(tx, events);
}
