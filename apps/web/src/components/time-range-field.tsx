import { parseInstant } from '@helio/contracts';
import { DatePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOutOfReach, rangePresets } from '../lib/time-range.ts';

export interface TimeRange {
  /** ISO 8601 instants with the browser's offset, as the API takes them. */
  startTime: string | undefined;
  endTime: string | undefined;
}

interface TimeRangeFieldProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
  /** Why the range is refused (200601, 200603), shown under the field. */
  error?: string | undefined;
  testId?: string;
}

function pickerValue(text: string | undefined): Dayjs | null {
  const ms = text === undefined ? undefined : parseInstant(text);
  return ms === undefined ? null : dayjs(ms);
}

/**
 * A date-time range of at most 30 days (SPEC.md §9) in the browser's time zone, with quick ranges
 * ending now. The picker offers no day out of reach of the first one chosen; a range that still
 * breaks the rules (from the address, or by its times of day) is said under the field. By keyboard:
 * type a start, Enter or Tab, type an end, Enter or Tab; Tab leaves the field from its end, and
 * Shift+Tab from its start.
 */
export function TimeRangeField({ value, onChange, error, testId }: TimeRangeFieldProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const startId = useId();
  const endId = useId();
  return (
    // One name for the pair of inputs, and each its own label (start, end), as its placeholder
    // says: a placeholder alone is no name once the field has a description (its error).
    <fieldset className="time-range-field" aria-label={t('timeRange.label')} data-testid={testId}>
      <label htmlFor={startId} className="visually-hidden">
        {t('timeRange.start')}
      </label>
      <label htmlFor={endId} className="visually-hidden">
        {t('timeRange.end')}
      </label>
      <DatePicker.RangePicker
        id={{ start: startId, end: endId }}
        // A day chosen alone runs from its first to its last second.
        showTime={{ format: 'HH:mm', defaultValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
        format="YYYY-MM-DD HH:mm"
        // Tab goes on from an empty field as from a filled one (start, end, then the next control):
        // without this the picker holds focus in an empty field, or hands it from end back to start.
        // A range left with one end empty is no range (see onChange).
        allowEmpty={[true, true]}
        value={[pickerValue(value.startTime), pickerValue(value.endTime)]}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={[t('timeRange.start'), t('timeRange.end')]}
        presets={rangePresets.map((preset) => ({
          label: t(`timeRange.${preset.key}`),
          value: () => [dayjs().subtract(preset.ms, 'millisecond'), dayjs()] as [Dayjs, Dayjs],
        }))}
        disabledDate={(day, info) =>
          info.from !== undefined &&
          dayOutOfReach(day.startOf('day').valueOf(), day.endOf('day').valueOf(), info.from.valueOf())
        }
        onChange={(dates) => {
          const [start, end] = dates ?? [null, null];
          // One end alone is no range: the filter goes.
          onChange(
            start && end
              ? { startTime: start.format(), endTime: end.format() }
              : { startTime: undefined, endTime: undefined },
          );
        }}
      />
      {error && (
        <Typography.Text
          type="danger"
          id={errorId}
          role="alert"
          className="time-range-error"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </Typography.Text>
      )}
    </fieldset>
  );
}
