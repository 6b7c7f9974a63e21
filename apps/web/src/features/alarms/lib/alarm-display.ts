import type { AlarmItem, AlarmState, ProcessingState } from '@helio/contracts';
import { emsParts, type FaultSeverity } from '@helio/contracts/device-link';

/**
 * How alarms look wherever they are shown: the colour of a severity, a state and a processing
 * state (as antd Tag colours), the part an EMS 5000 alarm concerns, and how long an alarm lasted.
 */

/** Warning amber, fault orange, critical red: the more severe, the louder. */
export const severityColor: Record<FaultSeverity, string> = {
  warning: 'gold',
  fault: 'orange',
  critical: 'red',
};

/** A happening alarm stands out; an ended one recedes. */
export const alarmStateColor: Record<AlarmState, string> = {
  happening: 'error',
  ended: 'default',
};

/** Unprocessed asks for attention; processed is done. */
export const processingStateColor: Record<ProcessingState, string> = {
  unprocessed: 'warning',
  processed: 'success',
};

/** The translation key naming an EMS 5000 part (the device texts' reading groups), else undefined. */
export function partTextKey(part: string | null): string | undefined {
  return part && (emsParts as readonly string[]).includes(part) ? `devices.reading.group.${part}` : undefined;
}

export interface Duration {
  days: number;
  hours: number;
  minutes: number;
}

/**
 * How long an alarm has lasted: until it ended, or until `nowMs` while it is happening. Whole
 * minutes; a clock difference that puts the end before the start counts as no time.
 */
export function alarmDuration(item: Pick<AlarmItem, 'raised_at' | 'cleared_at'>, nowMs: number): Duration {
  const endMs = item.cleared_at ? Date.parse(item.cleared_at) : nowMs;
  const totalMinutes = Math.max(0, Math.floor((endMs - Date.parse(item.raised_at)) / 60_000));
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/** A duration as its two largest units ("2 d 3 h", "3 h 5 min", "4 min"), with the words given. */
export function durationText(
  duration: Duration,
  unit: (name: keyof Duration, value: number) => string,
): string {
  const parts: string[] = [];
  if (duration.days > 0) parts.push(unit('days', duration.days));
  if (duration.hours > 0 || duration.days > 0) parts.push(unit('hours', duration.hours));
  if (duration.days === 0) parts.push(unit('minutes', duration.minutes));
  return parts.slice(0, 2).join(' ');
}

/** Happening alarms first, then the newest: the order of a device's or a station's alarms. */
export function happeningFirst<T extends Pick<AlarmItem, 'state' | 'raised_at' | 'alarm_id'>>(
  items: readonly T[],
): T[] {
  return [...items].sort(
    (a, b) =>
      Number(a.state !== 'happening') - Number(b.state !== 'happening') ||
      Date.parse(b.raised_at) - Date.parse(a.raised_at) ||
      b.alarm_id - a.alarm_id,
  );
}

/**
 * The ids among `selected` that a processing call may take: those still on the page shown, at
 * most `max` of them (the API's batch limit). Undefined when nothing is left to process.
 */
export function processableIds(
  selected: readonly number[],
  shown: readonly Pick<AlarmItem, 'alarm_id'>[],
  max: number,
): number[] | undefined {
  const onPage = new Set(shown.map((item) => item.alarm_id));
  const ids = [...new Set(selected)].filter((id) => onPage.has(id)).slice(0, max);
  return ids.length > 0 ? ids : undefined;
}
