import { minutesOf, type StrategyItem } from '@helio/contracts';
import { useStrategyTexts } from '../lib/use-strategy-texts.ts';
import { DaySlotBar } from './day-slot-bar.tsx';

export interface StrategySlotsBarProps {
  slots: StrategyItem['slots'];
  caption?: string;
  testId?: string;
}

/** A strategy's slots as sent to a device (api/mode/device) on the 24-hour bar. */
export function StrategySlotsBar({ slots, caption, testId }: StrategySlotsBarProps) {
  const texts = useStrategyTexts();
  return (
    <DaySlotBar
      slots={slots.map((slot) => ({
        kind: slot.kind,
        startMin: minutesOf(slot.start),
        endMin: minutesOf(slot.end),
        detail: texts.slotDetail(slot.kind, slot),
      }))}
      caption={caption}
      testId={testId}
    />
  );
}
