import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DayBarScale } from '../../../components/day-bar-scale.tsx';
import { clockText, DAY_MINUTES, type DaySlot } from '../lib/day-slots.ts';
import '../strategies.css';

const hours = [0, 3, 6, 9, 12, 15, 18, 21, 24];

export interface DaySlotBarProps {
  slots: readonly DaySlot[];
  /** What the bar shows, read before the slots ("Slots of Night charge"). */
  caption?: string;
  testId?: string;
}

/**
 * A strategy's day on a 24-hour bar: charge slots hatched, discharge slots solid, each also named
 * by its letter (never by colour alone). The bar itself is hidden from screen readers: they read
 * the list under it, one item per slot with its times and what it does. Redraws as the slots
 * change; a slot not yet well formed (end before start) is listed but not drawn.
 */
export function DaySlotBar({ slots, caption, testId = 'strategy-day-bar' }: DaySlotBarProps) {
  const { t } = useTranslation();
  const listId = useId();
  const sorted = [...slots].sort((a, b) => a.startMin - b.startMin);
  const drawn = sorted.filter((slot) => slot.endMin > slot.startMin);
  const said = (slot: DaySlot) =>
    [
      t(`strategies.bar.kind.${slot.kind}`),
      `${clockText(slot.startMin)}–${clockText(slot.endMin)}`,
      slot.detail,
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <figure className="strategy-day-bar" data-testid={testId} aria-labelledby={listId}>
      <figcaption id={listId} className="visually-hidden">
        {caption ?? t('strategies.bar.caption')}
      </figcaption>
      <div className="day-bar-track" aria-hidden="true">
        {drawn.map((slot) => (
          <span
            key={`${slot.kind}-${slot.startMin}-${slot.endMin}`}
            className={`day-bar-segment day-bar-${slot.kind}`}
            style={{
              left: `${(slot.startMin / DAY_MINUTES) * 100}%`,
              width: `${((slot.endMin - slot.startMin) / DAY_MINUTES) * 100}%`,
            }}
            title={said(slot)}
            data-testid={`${testId}-segment`}
          >
            {t(`strategies.bar.letter.${slot.kind}`)}
          </span>
        ))}
      </div>
      <DayBarScale hours={hours} />
      <div className="day-bar-legend" aria-hidden="true">
        <span className="day-bar-key day-bar-charge" />
        {t('strategies.bar.kind.charge')}
        <span className="day-bar-key day-bar-discharge" />
        {t('strategies.bar.kind.discharge')}
      </div>
      {sorted.length === 0 ? (
        <p className="visually-hidden" data-testid={`${testId}-none`}>
          {t('strategies.bar.none')}
        </p>
      ) : (
        <ul className="visually-hidden" data-testid={`${testId}-list`}>
          {sorted.map((slot) => (
            <li key={`${slot.kind}-${slot.startMin}-${slot.endMin}`}>{said(slot)}</li>
          ))}
        </ul>
      )}
    </figure>
  );
}
