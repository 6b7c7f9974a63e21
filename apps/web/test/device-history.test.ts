import { DeviceType } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import {
  axisNumber,
  axisText,
  historyAxes,
  labelWithUnit,
} from '../src/features/devices/lib/history-axes.ts';
import { historyChartOption } from '../src/features/devices/lib/history-chart-option.ts';
import {
  customRangeAllowed,
  historyInstants,
  presetDays,
  readHistoryRange,
  writeHistoryRange,
} from '../src/features/devices/lib/history-range.ts';
import {
  bucketDuration,
  defaultHistoryFields,
  parseHistoryFields,
  plottableFields,
  readHistoryView,
  shownHistoryFields,
  writeHistoryFields,
  writeHistoryView,
} from '../src/features/devices/lib/history-view.ts';
import { elapsed, formatAgo, formatDuration } from '../src/features/devices/lib/zoned-time.ts';

const DAY_MS = 86_400_000;

describe('times in a station’s zone', () => {
  it('says how long ago, in the largest whole unit, and never in the future', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(elapsed(now - 5_400, now)).toEqual({ value: 5, unit: 'second' });
    expect(elapsed(now - 125_000, now)).toEqual({ value: 2, unit: 'minute' });
    expect(elapsed(now - 3 * 3_600_000, now)).toEqual({ value: 3, unit: 'hour' });
    expect(elapsed(now - 2 * DAY_MS, now)).toEqual({ value: 2, unit: 'day' });
    expect(elapsed(now + 3_000, now)).toEqual({ value: 0, unit: 'second' });
    expect(formatAgo({ value: 5, unit: 'second' }, 'en')).toBe('5 seconds ago');
    expect(formatAgo({ value: 0, unit: 'second' }, 'en')).toBe('now');
  });
});

describe('the history range', () => {
  const today = '2025-03-30';

  it('ends every preset today and counts today as one of its days', () => {
    expect(presetDays('today', today)).toEqual({ preset: 'today', from: today, to: today });
    expect(presetDays('yesterday', today)).toEqual({
      preset: 'yesterday',
      from: '2025-03-29',
      to: '2025-03-29',
    });
    expect(presetDays('last7Days', today)).toEqual({ preset: 'last7Days', from: '2025-03-24', to: today });
    expect(presetDays('last30Days', today)).toEqual({ preset: 'last30Days', from: '2025-03-01', to: today });
  });

  it('allows chosen days in order and at most 366 of them', () => {
    expect(customRangeAllowed('2025-01-01', '2025-01-01')).toBe(true);
    expect(customRangeAllowed('2024-01-01', '2024-12-31')).toBe(true); // 366 days
    expect(customRangeAllowed('2024-01-01', '2025-01-01')).toBe(false); // 367 days
    expect(customRangeAllowed('2025-01-02', '2025-01-01')).toBe(false);
  });

  it('reads today by default, and a broken or too long range as today', () => {
    expect(readHistoryRange(new URLSearchParams(), today).preset).toBe('today');
    expect(readHistoryRange(new URLSearchParams('range=last7Days'), today)).toEqual(
      presetDays('last7Days', today),
    );
    expect(readHistoryRange(new URLSearchParams('range=soon'), today).preset).toBe('today');
    expect(
      readHistoryRange(new URLSearchParams('range=custom&from=2025-02-30&to=2025-03-01'), today).preset,
    ).toBe('today');
    expect(
      readHistoryRange(new URLSearchParams('range=custom&from=2023-01-01&to=2025-01-01'), today).preset,
    ).toBe('today');
  });

  it('keeps a range in the address and reads it back, leaving other parameters alone', () => {
    const custom = { preset: 'custom', from: '2025-02-01', to: '2025-02-28' } as const;
    const written = writeHistoryRange(new URLSearchParams('device_id=7&tab=history'), custom);
    expect(written.toString()).toBe('device_id=7&tab=history&range=custom&from=2025-02-01&to=2025-02-28');
    expect(readHistoryRange(written, today)).toEqual(custom);
    const back = writeHistoryRange(written, presetDays('today', today));
    expect(back.toString()).toBe('device_id=7&tab=history');
    expect(writeHistoryRange(back, presetDays('yesterday', today)).get('range')).toBe('yesterday');
  });

  it('asks from the start of the first day to the start of the day after the last, in the zone', () => {
    expect(historyInstants(presetDays('today', today), 'Europe/Warsaw')).toEqual({
      from: '2025-03-29T23:00:00.000Z',
      to: '2025-03-30T22:00:00.000Z',
    });
    expect(historyInstants(presetDays('last7Days', '2025-06-10'), 'UTC')).toEqual({
      from: '2025-06-04T00:00:00.000Z',
      to: '2025-06-11T00:00:00.000Z',
    });
  });

  it('never asks for more than 366 days, even when clocks go back twice within them', () => {
    // 2025-10-25 … 2026-10-25 in Warsaw holds two autumn changes and one spring change: one hour too many.
    const range = { preset: 'custom', from: '2025-10-25', to: '2026-10-25' } as const;
    expect(customRangeAllowed(range.from, range.to)).toBe(true);
    const { from, to } = historyInstants(range, 'Europe/Warsaw');
    expect(Date.parse(to) - Date.parse(from)).toBe(366 * DAY_MS);
    expect(to).toBe('2026-10-25T23:00:00.000Z');
  });
});

describe('what the history shows', () => {
  it('keeps the table view in the address and the chart as the default', () => {
    expect(readHistoryView(new URLSearchParams('view=table'))).toBe('table');
    expect(readHistoryView(new URLSearchParams('view=pie'))).toBe('chart');
    expect(writeHistoryView(new URLSearchParams('tab=history'), 'table').toString()).toBe(
      'tab=history&view=table',
    );
    expect(writeHistoryView(new URLSearchParams('tab=history&view=table'), 'chart').toString()).toBe(
      'tab=history',
    );
  });

  it('reads the chosen fields, dropping what cannot be a field', () => {
    expect(parseHistoryFields(null)).toBeUndefined();
    expect(parseHistoryFields('')).toEqual([]);
    expect(parseHistoryFields('pcs.ac_power_w,bms.soc_pct,pcs.ac_power_w,<b>')).toEqual([
      'pcs.ac_power_w',
      'bms.soc_pct',
    ]);
    expect(writeHistoryFields(new URLSearchParams(), ['a_w', 'b_pct']).get('fields')).toBe('a_w,b_pct');
  });

  it('does not plot working states, whose average names no state', () => {
    expect(plottableFields(['state', 'ac_power_w', 'pcs.state', 'bms.soc_pct'])).toEqual([
      'ac_power_w',
      'bms.soc_pct',
    ]);
  });

  it('shows the main power and the SOC by default', () => {
    expect(defaultHistoryFields(DeviceType.inverter, ['pv_power_w', 'ac_power_w', 'pv_kwh'])).toEqual([
      'ac_power_w',
    ]);
    expect(defaultHistoryFields(DeviceType.battery, ['soc_pct', 'power_w', 'voltage_v'])).toEqual([
      'power_w',
      'soc_pct',
    ]);
    expect(
      defaultHistoryFields(DeviceType.energyManagementBox, ['load_power_w', 'pcs.ac_power_w', 'bms.soc_pct']),
    ).toEqual(['pcs.ac_power_w', 'bms.soc_pct']);
  });

  it('falls back to the first field when the main power is missing, and to nothing without fields', () => {
    expect(defaultHistoryFields(DeviceType.inverter, ['temperature_c', 'pv_kwh'])).toEqual(['temperature_c']);
    expect(defaultHistoryFields(DeviceType.dataLogger, ['signal_dbm', 'buffered'])).toEqual(['signal_dbm']);
    expect(defaultHistoryFields(DeviceType.inverter, [])).toEqual([]);
  });

  it('shows the chosen fields the range has', () => {
    expect(shownHistoryFields(DeviceType.inverter, ['pv_kwh', 'gone_w'], ['ac_power_w', 'pv_kwh'])).toEqual([
      'pv_kwh',
    ]);
    expect(shownHistoryFields(DeviceType.inverter, [], ['ac_power_w'])).toEqual([]);
    expect(shownHistoryFields(DeviceType.inverter, undefined, ['ac_power_w'])).toEqual(['ac_power_w']);
  });

  it('says how long an averaged point lasts, and nothing for raw readings', () => {
    expect(bucketDuration(0)).toBeUndefined();
    expect(bucketDuration(30)).toEqual({ value: 30, unit: 'second' });
    expect(bucketDuration(300)).toEqual({ value: 5, unit: 'minute' });
    expect(bucketDuration(5400)).toEqual({ value: 1.5, unit: 'hour' });
    expect(bucketDuration(21_082)).toEqual({ value: 5.9, unit: 'hour' });
    expect(bucketDuration(86_400)).toEqual({ value: 1, unit: 'day' });
    expect(formatDuration({ value: 5, unit: 'minute' }, 'en')).toBe('5 minutes');
    expect(formatDuration({ value: 1, unit: 'hour' }, 'en')).toBe('1 hour');
  });
});

const points = [
  {
    ts: '2025-06-01T10:00:00Z',
    values: { ac_power_w: 4200, pv_power_w: 4400, soc_pct: 80, grid_voltage_v: 230.04 },
  },
  {
    ts: '2025-06-01T10:05:00Z',
    values: { ac_power_w: null, pv_power_w: 4500, soc_pct: 81.26, grid_voltage_v: 231 },
  },
];

describe('the units of a history', () => {
  it('puts fields of one unit on one axis, in the order they were chosen', () => {
    const axes = historyAxes(
      ['ac_power_w', 'soc_pct', 'pv_power_w', 'grid_voltage_v', 'power_factor'],
      points,
    );
    expect(axes.map((axis) => [axis.unit, axis.fields])).toEqual([
      ['kW', ['ac_power_w', 'pv_power_w']],
      ['%', ['soc_pct']],
      ['V', ['grid_voltage_v']],
      ['', ['power_factor']],
    ]);
  });

  it('scales power and energy for the whole axis by its largest value', () => {
    const big = [{ ts: '2025-06-01T10:00:00Z', values: { ac_power_w: 2_500_000, load_power_w: 900_000 } }];
    const [axis] = historyAxes(['ac_power_w', 'load_power_w'], big);
    expect(axis).toMatchObject({ unit: 'MW', factor: 1e6, decimals: 2 });
    expect(axisText(axis!, 900_000)).toBe('0.90');
    const [energy] = historyAxes(['pv_kwh'], [{ ts: '2025-06-01T10:00:00Z', values: { pv_kwh: 12_345 } }]);
    expect(energy).toMatchObject({ unit: 'MWh', factor: 1e3 });
  });

  it('writes values in their axis unit, gaps as gaps', () => {
    const [power, soc, volts] = historyAxes(['ac_power_w', 'soc_pct', 'grid_voltage_v'], points);
    expect(axisText(power!, 4200)).toBe('4.20');
    expect(axisText(power!, null)).toBe('--');
    expect(axisText(power!, -1)).toBe('0.00');
    expect(axisText(soc!, 81.26)).toBe('81.3');
    expect(axisText(volts!, 230.04)).toBe('230.0');
    expect(axisNumber(power!, 4250)).toBe(4.25);
    expect(axisNumber(power!, null)).toBeNull();
    expect(labelWithUnit('AC power', power)).toBe('AC power (kW)');
    expect(labelWithUnit('Power factor', historyAxes(['power_factor'], points)[0])).toBe('Power factor');
  });
});

describe('the history chart', () => {
  const from = Date.parse('2025-05-31T22:00:00Z');
  const to = Date.parse('2025-06-01T22:00:00Z');
  const option = historyChartOption({
    points,
    fields: ['ac_power_w', 'soc_pct'],
    labels: { ac_power_w: 'AC <power>', soc_pct: 'SOC' },
    from,
    to,
    zone: 'Europe/Warsaw',
    // A language with a 24-hour clock, so the times read the same on every machine.
    language: 'pl',
    reducedMotion: true,
  }) as {
    animation: boolean;
    xAxis: { type: string; min: number; max: number; axisLabel: { formatter: (value: number) => string } };
    yAxis: { name: string; position: string }[];
    series: { name: string; yAxisIndex: number; sampling: string; data: [number, number | null][] }[];
    dataZoom: { type: string }[];
    tooltip: { formatter: (params: unknown) => string };
  };

  it('draws one line per field on a time axis spanning the whole range, on the station’s clock', () => {
    // Warsaw is two hours ahead in summer: its midnight is plotted as midnight UTC.
    expect(option).toMatchObject({ useUTC: true });
    expect(option.xAxis).toMatchObject({
      type: 'time',
      min: Date.parse('2025-06-01T00:00:00Z'),
      max: Date.parse('2025-06-02T00:00:00Z'),
    });
    expect(option.series.map((series) => [series.name, series.yAxisIndex, series.sampling])).toEqual([
      ['AC <power>', 0, 'lttb'],
      ['SOC', 1, 'lttb'],
    ]);
    expect(option.dataZoom.map((zoom) => zoom.type)).toEqual(['inside', 'slider']);
  });

  it('is drawn without animation for a user who asks for reduced motion, with it otherwise', () => {
    expect(option.animation).toBe(false);
    const moving = historyChartOption({
      points,
      fields: ['ac_power_w'],
      labels: {},
      from,
      to,
      zone: 'Europe/Warsaw',
      language: 'pl',
      reducedMotion: false,
    });
    expect(moving.animation).toBe(true);
  });

  it('has one y-axis per unit, the first on the left, percentages from 0 to 100', () => {
    expect(option.yAxis.map((axis) => [axis.name, axis.position])).toEqual([
      ['kW', 'left'],
      ['%', 'right'],
    ]);
    expect(option.yAxis[1]).toMatchObject({ min: 0, max: 100 });
  });

  it('plots values in the axis unit at the station’s wall-clock time, with gaps where a value is missing', () => {
    // 10:00 UTC is 12:00 in Warsaw in summer.
    expect(option.series[0]!.data).toEqual([
      [Date.parse('2025-06-01T12:00:00Z'), 4.2],
      [Date.parse('2025-06-01T12:05:00Z'), null],
    ]);
    expect(option.series[1]!.data[1]).toEqual([Date.parse('2025-06-01T12:05:00Z'), 81.3]);
  });

  it('labels the time axis with the plotted wall-clock time', () => {
    expect(option.xAxis.axisLabel.formatter(Date.parse('2025-06-01T12:00:00Z'))).toBe('12:00');
  });

  it('writes the tooltip with units and escapes the labels', () => {
    const at = Date.parse('2025-06-01T12:00:00Z');
    const html = option.tooltip.formatter([
      { seriesIndex: 0, marker: '•', value: [at, 4.2] },
      { seriesIndex: 1, marker: '•', value: [at, 80] },
      { seriesIndex: 0, marker: '•', value: [at, null] },
    ]);
    expect(html).toContain('AC &lt;power&gt;: <b>4.20 kW</b>');
    expect(html).toContain('SOC: <b>80.0 %</b>');
    expect(html).toContain('AC &lt;power&gt;: <b>--</b>');
    expect(html).toContain('12:00:00');
  });
});
