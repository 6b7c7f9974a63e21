import { parseInstant } from '@helio/contracts';
import { Button, DatePicker, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
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

/** The two ends as the pickers show them; one alone is shown but is no range yet. */
interface Ends {
  start: Dayjs | null;
  end: Dayjs | null;
}

const FORMAT = 'YYYY-MM-DD HH:mm';
const NO_RANGE: TimeRange = { startTime: undefined, endTime: undefined };

function pickerValue(text: string | undefined): Dayjs | null {
  const ms = text === undefined ? undefined : parseInstant(text);
  return ms === undefined ? null : dayjs(ms);
}

function endsOf(range: TimeRange): Ends {
  return { start: pickerValue(range.startTime), end: pickerValue(range.endTime) };
}

function rangeOf({ start, end }: Ends): TimeRange {
  return start && end ? { startTime: start.format(), endTime: end.format() } : NO_RANGE;
}

function sameRange(a: TimeRange, b: TimeRange): boolean {
  return a.startTime === b.startTime && a.endTime === b.endTime;
}

/**
 * A date-time range of at most 30 days (SPEC.md §9) in the browser's time zone: a start and an
 * end, each a field of its own, with quick ranges ending now under their calendars. A calendar
 * offers no day out of reach of the other end; a range that still breaks the rules (from the
 * address, or by its times of day) is said under the field.
 *
 * Two fields rather than antd's range picker, for the keyboard: type a start, Enter or Tab, type an
 * end, Enter or Tab. Tab goes from start to end and on to the next control, Shift+Tab back, whether
 * the fields are empty or not (the range picker holds focus in an empty field, hands it from end
 * back to start, and forgets a start typed after the end was passed through). The list is filtered
 * once both ends are set; one end alone waits for the other.
 */
export function TimeRangeField({ value, onChange, error, testId }: TimeRangeFieldProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const startId = useId();
  const endId = useId();
  const [ends, setEnds] = useState(() => endsOf(value));
  const [open, setOpen] = useState<'start' | 'end' | null>(null);

  // The range from outside (the address, "clear filters") replaces what the fields show; the
  // answer to a range of this field's own (none, while one end waits for the other) does not.
  const sent = useRef<TimeRange | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the range's two texts
  useEffect(() => {
    if (sent.current && sameRange(sent.current, value)) return;
    sent.current = null;
    setEnds(endsOf(value));
  }, [value.startTime, value.endTime]);

  // Each field's clear button shows on hover, for the pointer; the keyboard empties a field by its
  // text, so Tab goes from start to end without stopping on an unseen button between them.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    for (const button of fieldset.current?.querySelectorAll<HTMLElement>('.ant-picker-clear') ?? []) {
      button.tabIndex = -1;
    }
  });

  const change = (next: Ends) => {
    setEnds(next);
    const range = rangeOf(next);
    sent.current = range;
    if (!sameRange(range, value)) onChange(range);
  };

  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const quickRanges = (
    <Flex wrap gap={4} className="time-range-presets">
      {rangePresets.map((preset) => (
        <Button
          key={preset.key}
          size="small"
          type="link"
          onClick={() => {
            const now = dayjs();
            change({ start: now.subtract(preset.ms, 'millisecond'), end: now });
            setOpen(null);
          }}
        >
          {t(`timeRange.${preset.key}`)}
        </Button>
      ))}
    </Flex>
  );
  /** Days a calendar does not offer: out of reach of the other end, or on its wrong side. */
  const outOfReach = (other: Dayjs | null, side: 'start' | 'end') => (day: Dayjs) => {
    if (!other) return false;
    const dayStart = day.startOf('day').valueOf();
    const dayEnd = day.endOf('day').valueOf();
    const wrongSide = side === 'start' ? dayStart > other.valueOf() : dayEnd < other.valueOf();
    return wrongSide || dayOutOfReach(dayStart, dayEnd, other.valueOf());
  };
  const picker = (side: 'start' | 'end') => (
    <DatePicker
      id={side === 'start' ? startId : endId}
      // A day chosen alone runs from its first (start) or to its last (end) second.
      showTime={{
        format: 'HH:mm',
        defaultValue: side === 'start' ? dayjs().startOf('day') : dayjs().endOf('day'),
      }}
      format={FORMAT}
      value={ends[side]}
      status={error ? 'error' : undefined}
      {...invalid}
      placeholder={t(`timeRange.${side}`)}
      open={open === side}
      onOpenChange={(next) => setOpen(next ? side : null)}
      renderExtraFooter={() => quickRanges}
      disabledDate={outOfReach(side === 'start' ? ends.end : ends.start, side)}
      onChange={(day) => change({ ...ends, [side]: day ?? null })}
      // A field emptied by its text and left with Tab or Enter is cleared (the picker would put
      // the old date back): the keyboard's way to clear it.
      onKeyDown={(event) => {
        const emptied = event.target instanceof HTMLInputElement && event.target.value === '';
        if ((event.key === 'Tab' || event.key === 'Enter') && emptied && ends[side] !== null) {
          change({ ...ends, [side]: null });
        }
      }}
      className="time-range-input"
    />
  );

  return (
    // One name for the pair, and each field its label (start, end), as its placeholder says: a
    // placeholder alone is no name once the field has a description (its error).
    <fieldset
      ref={fieldset}
      className="time-range-field"
      aria-label={t('timeRange.label')}
      data-testid={testId}
    >
      <label htmlFor={startId} className="visually-hidden">
        {t('timeRange.start')}
      </label>
      <label htmlFor={endId} className="visually-hidden">
        {t('timeRange.end')}
      </label>
      <Flex wrap align="center" gap={4}>
        {picker('start')}
        <span aria-hidden="true" className="time-range-arrow">
          →
        </span>
        {picker('end')}
      </Flex>
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
