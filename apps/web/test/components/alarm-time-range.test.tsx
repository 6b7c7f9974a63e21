import { act, screen } from '@testing-library/react';
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

const NO_RANGE: TimeRange = { startTime: undefined, endTime: undefined };

function renderField(initial: TimeRange = NO_RANGE) {
  const onChange = vi.fn();
  const view = renderScreen(<Toolbar initial={initial} onChange={onChange} />);
  return {
    ...view,
    onChange,
    // Each field is named by a label of its own.
    start: screen.getByLabelText('Start') as HTMLInputElement,
    end: screen.getByLabelText('End') as HTMLInputElement,
    before: screen.getByRole('button', { name: 'Before' }),
    after: screen.getByRole('button', { name: 'After' }),
  };
}

/** Lets the pickers' focus handling (layout effects, their popups) settle after a key. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

type Field = ReturnType<typeof renderField>;

/** Presses Tab (or Shift+Tab) and expects focus on `next`. */
async function tabTo(field: Field, next: HTMLElement, shift = false) {
  await field.user.tab({ shift });
  await settle();
  expect(document.activeElement).toBe(next);
}

/** The instants of a range the field sent, as local times "YYYY-MM-DD HH:mm". */
function local(range: TimeRange | undefined): [string, string] {
  const text = (iso: string | undefined) => {
    const date = new Date(iso ?? '');
    const two = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
  };
  return [text(range?.startTime), text(range?.endTime)];
}

describe('the time range field by keyboard', () => {
  it('Tab goes from an empty start to the end, then out of the field; Shift+Tab goes back the same way', async () => {
    const field = renderField();
    await field.user.click(field.before);
    await tabTo(field, field.start);
    await tabTo(field, field.end);
    await tabTo(field, field.after);
    await tabTo(field, field.end, true);
    await tabTo(field, field.start, true);
    await tabTo(field, field.before, true);
    expect(field.onChange).not.toHaveBeenCalled();
  });

  it('takes a range typed into its two fields, each left with Tab, once both are there', async () => {
    const field = renderField();
    await field.user.click(field.start);
    await field.user.keyboard('2026-03-01 08:00');
    await tabTo(field, field.end);
    // One end alone filters nothing yet, and stays shown.
    expect(field.onChange).not.toHaveBeenCalled();
    expect(field.start.value).toBe('2026-03-01 08:00');
    await field.user.keyboard('2026-03-05 18:30');
    await tabTo(field, field.after);
    expect(field.onChange).toHaveBeenCalledTimes(1);
    expect(local(field.onChange.mock.calls[0]?.[0])).toEqual(['2026-03-01 08:00', '2026-03-05 18:30']);
  });

  it('takes a start typed after passing through the empty fields, end first (Shift+Tab)', async () => {
    const field = renderField();
    await field.user.click(field.after);
    await tabTo(field, field.end, true);
    await tabTo(field, field.start, true);
    await field.user.keyboard('2026-03-01 08:00{Enter}');
    await settle();
    expect(field.start.value).toBe('2026-03-01 08:00');
    await tabTo(field, field.end);
    await field.user.keyboard('2026-03-02 08:00{Enter}');
    await settle();
    expect(local(field.onChange.mock.calls.at(-1)?.[0])).toEqual(['2026-03-01 08:00', '2026-03-02 08:00']);
    await tabTo(field, field.after);
  });

  it('passing through a chosen range changes nothing; an end emptied and left clears the range', async () => {
    const field = renderField({
      startTime: new Date(2026, 2, 1, 8, 0).toISOString(),
      endTime: new Date(2026, 2, 5, 18, 30).toISOString(),
    });
    expect(field.start.value).toBe('2026-03-01 08:00');
    await field.user.click(field.before);
    await tabTo(field, field.start);
    // No stop on a field's clear button (a pointer's, shown on hover) between the two.
    await tabTo(field, field.end);
    await tabTo(field, field.after);
    expect(field.onChange).not.toHaveBeenCalled();
    expect(field.end.value).toBe('2026-03-05 18:30');

    await tabTo(field, field.end, true);
    await field.user.keyboard('{Control>}a{/Control}{Backspace}');
    await tabTo(field, field.after);
    expect(field.onChange).toHaveBeenLastCalledWith(NO_RANGE);
    expect(field.start.value).toBe('2026-03-01 08:00');
    expect(field.end.value).toBe('');
  });

  it('says why its range is refused as both fields’ description', () => {
    const onChange = vi.fn();
    renderScreen(
      <TimeRangeField value={NO_RANGE} onChange={onChange} error="The time range cannot exceed 30 days." />,
    );
    const start = screen.getByLabelText('Start');
    const end = screen.getByLabelText('End');
    for (const input of [start, end]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe('The time range cannot exceed 30 days.');
    }
  });
});
