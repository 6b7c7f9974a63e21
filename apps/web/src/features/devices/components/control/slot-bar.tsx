import { activeSlots, type SettingValues } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { DayBarScale } from '../../../../components/day-bar-scale.tsx';
import type { GroupFormValues } from '../../lib/control-settings.ts';

const DAY_MIN = 24 * 60;
const hours = [0, 6, 12, 18, 24];

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The day's active slots as typed, on a 24-hour bar: charge hatched, discharge solid, each also
 * named by its letter and listed in the bar's text (never by colour alone).
 */
export function SlotBar({ values }: { values: GroupFormValues }) {
  const { t } = useTranslation();
  const slots = activeSlots(values as SettingValues)
    .filter((slot) => slot.end > slot.start)
    .sort((a, b) => a.start - b.start);
  const said = (kind: 'charge' | 'discharge') =>
    slots
      .filter((slot) => slot.kind === kind)
      .map((slot) => `${clock(slot.start)}–${clock(slot.end)}`)
      .join(', ') || t('control.battery.none');
  const summary = t('control.battery.barSummary', { charge: said('charge'), discharge: said('discharge') });
  return (
    <figure className="control-slot-bar" data-testid="control-slot-bar">
      <div className="day-bar-track" role="img" aria-label={summary}>
        {slots.map((slot) => (
          <span
            key={slot.field}
            className={`day-bar-segment day-bar-${slot.kind}`}
            style={{
              left: `${(slot.start / DAY_MIN) * 100}%`,
              width: `${((slot.end - slot.start) / DAY_MIN) * 100}%`,
            }}
            title={`${t(`control.battery.kind.${slot.kind}`)} ${clock(slot.start)}–${clock(slot.end)}`}
          >
            {t(`control.battery.letter.${slot.kind}`)}
          </span>
        ))}
      </div>
      <DayBarScale hours={hours} />
      <figcaption className="day-bar-legend">
        <span className="day-bar-key day-bar-charge" aria-hidden="true" />
        {t('control.battery.kind.charge')}
        <span className="day-bar-key day-bar-discharge" aria-hidden="true" />
        {t('control.battery.kind.discharge')}
      </figcaption>
    </figure>
  );
}
