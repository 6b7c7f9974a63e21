import { DeviceType, device, localDate } from '@helio/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeviceHistory } from '../../src/features/devices/components/device-history.tsx';
import { formatZonedDateTime } from '../../src/features/devices/lib/zoned-time.ts';
import { drawn } from './support/echarts-recorder.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { matchingMedia } from './support/setup.ts';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

const ZONE = 'Europe/Warsaw';

/** Three readings of an inverter, a second apart, with a gap in its temperature. */
const history = {
  bucket_s: 0,
  fields: ['ac_power_w', 'temperature_c'],
  points: [
    { ts: '2025-06-01T10:00:00Z', values: { ac_power_w: 4000, temperature_c: 40.5 } },
    { ts: '2025-06-01T10:00:01Z', values: { ac_power_w: 4250, temperature_c: null } },
    { ts: '2025-06-01T10:00:02Z', values: { ac_power_w: 4100, temperature_c: 41.5 } },
  ],
};

function showHistory() {
  return renderScreen(
    <DeviceHistory deviceId={5} deviceType={DeviceType.inverter} zone={{ zone: ZONE, ofStation: true }} />,
  );
}

describe('a device history chart’s text equivalents', () => {
  it('names the canvas by its values and days, and describes each value’s lowest, highest and latest', async () => {
    fakeApi().answer(device.history, history);
    showHistory();
    const today = localDate(Date.now(), ZONE);
    const canvas = await screen.findByRole('img', { name: `History of AC power from ${today} to ${today}` });
    const summary = document.getElementById(canvas.getAttribute('aria-describedby') ?? '');
    expect(summary?.textContent).toBe(
      `History of AC power from ${today} to ${today}. Points drawn: 3. ` +
        `AC power: lowest 4.00 kW, highest 4.25 kW, latest 4.10 kW at ${formatZonedDateTime('2025-06-01T10:00:02Z', ZONE, 'en')}.`,
    );
  });

  it('shows the readings as a table with a caption, units in the headers and times heading the rows', async () => {
    fakeApi().answer(device.history, history);
    const { user } = showHistory();
    const toggle = await screen.findByRole('button', { name: 'Table view' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = await screen.findByRole('table', {
      name: /^Readings of AC power from .* times in Europe\/Warsaw$/,
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'AC power (kW)']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(history.points.map((point) => formatZonedDateTime(point.ts, ZONE, 'en')));
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4.00', '4.25', '4.10']);
    expect(screen.queryByRole('img', { name: /History of/ })).toBeNull();
  });

  it('says of a value shown without a reading in the range that it has none', async () => {
    // The state of charge is shown by default when the range has it, here only as gaps.
    fakeApi().answer(device.history, {
      ...history,
      fields: ['ac_power_w', 'soc_pct'],
      points: history.points.map((point) => ({ ...point, values: { ...point.values, soc_pct: null } })),
    });
    showHistory();
    const canvas = await screen.findByRole('img', {
      name: /^History of AC power, State of charge \(SOC\) from /,
    });
    expect(document.getElementById(canvas.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /AC power: lowest 4\.00 kW, highest 4\.25 kW, latest 4\.10 kW at .+\. State of charge \(SOC\): no readings\.$/,
    );
  });
});

describe('a device history chart’s motion', () => {
  it('animates for users who do not mind motion, and not at all for those who ask for less', async () => {
    fakeApi().answer(device.history, history);
    const { unmount } = showHistory();
    await screen.findByRole('img', { name: /History of AC power/ });
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    expect(drawn.at(-1)?.animation).toBe(true);
    unmount();

    drawn.length = 0;
    matchingMedia.add('(prefers-reduced-motion: reduce)');
    fakeApi().answer(device.history, history);
    showHistory();
    await screen.findByRole('img', { name: /History of AC power/ });
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    expect(drawn.every((option) => option.animation === false)).toBe(true);
  });
});
