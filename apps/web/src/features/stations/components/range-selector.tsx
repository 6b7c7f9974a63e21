import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { RangeUnit } from '@helio/contracts';
import { Button, DatePicker, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  type ChartRange,
  clampDay,
  EARLIEST_DAY,
  familyUnits,
  isAfterToday,
  periodEnd,
  periodStart,
  type RangeFamily,
  shiftRange,
} from '../lib/range.ts';

interface RangeSelectorProps {
  family: RangeFamily;
  range: ChartRange;
  /** The station's today, YYYY-MM-DD: nothing after it can be chosen. */
  today: string;
  onChange: (range: ChartRange) => void;
}

const pickers: Record<Exclude<RangeUnit, 'total'>, 'date' | 'week' | 'month' | 'year'> = {
  day: 'date',
  week: 'week',
  month: 'month',
  year: 'year',
};

/**
 * How the picker shows the chosen period (SPEC.md §4: YYYY-MM-DD, YYYY-MM, YYYY; a week its days).
 * A week is shown as its days but typed as any of its days (YYYY-MM-DD): the picker reads typed
 * text with every format given and shows the period with the first.
 */
function periodFormat(unit: RangeUnit): string | [(value: Dayjs) => string, string] {
  switch (unit) {
    case 'week':
      return [
        (value: Dayjs) => {
          const day = value.format('YYYY-MM-DD');
          return `${periodStart('week', day)} – ${periodEnd('week', day)}`;
        },
        'YYYY-MM-DD',
      ];
    case 'month':
      return 'YYYY-MM';
    case 'year':
      return 'YYYY';
    default:
      return 'YYYY-MM-DD';
  }
}

/**
 * The date selector of the station charts (SPEC.md §3–4): the unit (day, week, month, year, total;
 * no week for energy-management charts), a picker of the period in the unit's format with nothing
 * after the station's today, and buttons to the previous and next period. Total has no date: its
 * picker is shown read-only.
 *
 * By keyboard: the units are one stop of radio buttons (arrows choose), then the step buttons
 * (Enter or Space) and the picker, where a period is typed and taken with Enter. A step with no
 * period beyond it says so (aria-disabled) but keeps its focus, so that stepping up to today does
 * not drop the focus on the page.
 */
export function RangeSelector({ family, range, today, onChange }: RangeSelectorProps) {
  const { t } = useTranslation();
  const previous = shiftRange(range, -1, today);
  const next = shiftRange(range, 1, today);
  const unitName = t(`stations.range.unit.${range.unit}`);

  return (
    <div className="range-selector" data-testid="range-selector" data-unit={range.unit}>
      <Segmented<RangeUnit>
        value={range.unit}
        onChange={(unit) => onChange({ unit, day: range.day })}
        options={familyUnits[family].map((unit) => ({
          value: unit,
          label: <span data-testid={`range-unit-${unit}`}>{t(`stations.range.unit.${unit}`)}</span>,
        }))}
        aria-label={t('stations.range.label')}
        // The radio buttons inside take the focus; the group itself is no extra stop.
        tabIndex={-1}
        className="range-units"
      />
      <div className="range-period">
        <Button
          icon={<LeftOutlined aria-hidden />}
          aria-disabled={!previous}
          onClick={() => previous && onChange(previous)}
          className="range-step"
          aria-label={t('stations.range.previous', { unit: unitName })}
          title={t('stations.range.previous', { unit: unitName })}
          data-testid="range-previous"
        />
        {range.unit === 'total' ? (
          <DatePicker
            disabled
            placeholder={t('stations.range.allTime')}
            className="range-picker"
            aria-label={t('stations.range.allTime')}
            data-testid="range-picker"
          />
        ) : (
          <DatePicker
            picker={pickers[range.unit]}
            value={dayjs(range.day)}
            format={periodFormat(range.unit)}
            allowClear={false}
            disabledDate={(current) => {
              const day = current.format('YYYY-MM-DD');
              return isAfterToday(range.unit, day, today) || periodEnd(range.unit, day) < EARLIEST_DAY;
            }}
            onChange={(value) => {
              if (value) onChange({ unit: range.unit, day: clampDay(value.format('YYYY-MM-DD'), today) });
            }}
            className="range-picker"
            aria-label={t('stations.range.pick', { unit: unitName })}
            data-testid="range-picker"
          />
        )}
        <Button
          icon={<RightOutlined aria-hidden />}
          aria-disabled={!next}
          onClick={() => next && onChange(next)}
          className="range-step"
          aria-label={t('stations.range.next', { unit: unitName })}
          title={t('stations.range.next', { unit: unitName })}
          data-testid="range-next"
        />
      </div>
    </div>
  );
}
