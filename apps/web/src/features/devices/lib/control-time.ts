import { formatInZone } from './zoned-time.ts';

/**
 * Times of the Settings and Log tabs, in the zone the device's times are shown in (its station's
 * when known): a clock time for "unlocked until 14:30", a short date and time for "read at".
 */

export function clockTime(value: string, zone: string, language: string): string {
  return formatInZone(value, zone, language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

export function shortDateTime(value: string, zone: string, language: string): string {
  return formatInZone(value, zone, language, { dateStyle: 'short', timeStyle: 'short' });
}

/** True while an instant is ahead of `nowMs` (an unlock, a debug session still running). */
export function stillAhead(value: string | null | undefined, nowMs: number): value is string {
  return !!value && Date.parse(value) > nowMs;
}
