import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type TimeRange, TimeRangeField } from '../../src/components/time-range-field.tsx';
import { renderScreen } from './support/render.tsx';

/** The alarm filters' time range between two other controls, as on the alarm list. */
function Toolbar({ initial, onChange }: { initial: TimeRange; onChange: (range: TimeRange) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">Before</button>
      <TimeRangeField
        value={value}
        onChange={(range) => {
          setValue(range);
          onChange(range);
        }}
        testId="range"
      />
      <button type="button">After</button>
    </>
  );
}

function renderField(initial: TimeRange = { startTime: undefined, endTime: undefined }) {
  const onChange = vi.fn();
  const view = renderScreen(<Toolbar initial={initial} onChange={onChange} />);
  return {
    ...view,
    onChange,
    start: screen.getByLabelText('Start') as HTMLInputElement,
    end: screen.getByLabelText('End') as HTMLInputElement,
    before: screen.getByRole('button', { name: 'Before' }),
    after: screen.getByRole('button', { name: 'After' }),
  };
}

/**
 * Tab from the end field leaves the pair: to the range's clear button (once there is a range) and
 * on to the next control, never back to the start.
 */
async function tabOutOfEnd(
  user: ReturnType<typeof renderField>['user'],
  field: ReturnType<typeof renderField>,
) {
  await user.tab();
  await settle();
  expect([field.start, field.end]).not.toContain(document.activeElement);
  if (document.activeElement !== field.after) {
    expect(document.activeElement?.closest('.ant-picker-clear')).not.toBeNull();
    await user.tab();
    await settle();
  }
  expect(document.activeElement).toBe(field.after);
}

/** Lets the picker's focus handling (layout effects, its popup) settle after a key. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

describe('the time range field by keyboard', () => {
  it('Tab goes from an empty start to the end, then out of the field; Shift+Tab goes back the same way', async () => {
    const { user, start, end, before, after, onChange } = renderField();
    await user.click(before);
    await user.tab();
    await settle();
    expect(document.activeElement).toBe(start);
    await user.tab();
    await settle();
    expect(document.activeElement).toBe(end);
    await user.tab();
    await settle();
    expect(document.activeElement).toBe(after);

    await user.tab({ shift: true });
    await settle();
    expect(document.activeElement).toBe(end);
    await user.tab({ shift: true });
    await settle();
    expect(document.activeElement).toBe(start);
    await user.tab({ shift: true });
    await settle();
    expect(document.activeElement).toBe(before);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a range typed into its two fields, each confirmed by Tab, and leaves with the second', async () => {
    const field = renderField();
    const { user, start, end, onChange } = field;
    await user.click(start);
    await user.keyboard('2026-03-01 08:00');
    await user.tab();
    await settle();
    expect(document.activeElement).toBe(end);
    await user.keyboard('2026-03-05 18:30');
    await tabOutOfEnd(user, field);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const range = onChange.mock.calls[0]?.[0] as TimeRange;
    expect(Date.parse(range.startTime ?? '')).toBe(new Date(2026, 2, 1, 8, 0).getTime());
    expect(Date.parse(range.endTime ?? '')).toBe(new Date(2026, 2, 5, 18, 30).getTime());
  });

  it('passing through a chosen range by Tab changes nothing', async () => {
    const field = renderField({
      startTime: new Date(2026, 2, 1, 8, 0).toISOString(),
      endTime: new Date(2026, 2, 5, 18, 30).toISOString(),
    });
    const { user, start, end, before, onChange } = field;
    expect(start.value).toBe('2026-03-01 08:00');
    await user.click(before);
    await user.tab();
    await settle();
    await user.tab();
    await settle();
    expect(document.activeElement).toBe(end);
    await tabOutOfEnd(user, field);
    expect(onChange).not.toHaveBeenCalled();
    expect(end.value).toBe('2026-03-05 18:30');
  });
});
