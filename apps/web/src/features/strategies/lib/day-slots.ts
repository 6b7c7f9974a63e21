import type { SlotKind } from '@helio/contracts';

/** Minutes of a day. */
export const DAY_MINUTES = 24 * 60;

/** A slot drawn on the day bar: minutes of the local day, [startMin, endMin). */
export interface DaySlot {
  kind: SlotKind;
  startMin: number;
  endMin: number;
  /** What it does besides its times, said with it ("up to 90 %", "3 kW"). */
  detail?: string | undefined;
}

/** Minutes of the day as HH:mm (1440 is "24:00", a slot's end at midnight). */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
