import {
  type AlarmItem,
  COMMUNICATION_LOST_KEY,
  communicationLostTexts,
  DEFAULT_PAGE_SIZE,
} from '@helio/contracts';
import { enFaultTexts } from '@helio/contracts/fault-texts';
import { describe, expect, it } from 'vitest';
import {
  alarmDuration,
  durationText,
  happeningFirst,
  partTextKey,
  processableIds,
  severityColor,
} from '../src/features/alarms/lib/alarm-display.ts';
import {
  alarmExportBody,
  alarmListBody,
  alarmListPath,
  changeAlarmFilters,
  clearedAlarmFilters,
  defaultAlarmFilters,
  filtersRangeRefusal,
  isFiltered,
  readAlarmFilters,
  writeAlarmFilters,
} from '../src/features/alarms/lib/filters.ts';
import { openAlarmPath } from '../src/features/alarms/lib/paths.ts';
import { contentLength, downloadPercent, resolveDownloadUrl, xlsxFileName } from '../src/lib/download.ts';
import { faultText } from '../src/lib/fault-texts.ts';
import { dayOutOfReach, isRangeRefusal, rangePresets, rangeRefusal } from '../src/lib/time-range.ts';

const DAY_MS = 86_400_000;
const read = (query: string) => readAlarmFilters(new URLSearchParams(query));

describe('the alarm list’s filters in the address', () => {
  it('reads every filter, the order and the page with the API’s names', () => {
    const filters = read(
      'station_id=7&sn=%20INV2%20&device_type=1&severity=critical&state=happening&processing_state=unprocessed' +
        '&start_time=2026-11-01T00:00:00%2B01:00&end_time=2026-11-20T23:59:59%2B01:00' +
        '&sort_by=severity&sort_order=asc&page=3&page_size=50',
    );
    expect(filters).toEqual({
      stationId: 7,
      sn: 'INV2',
      deviceType: 1,
      severity: 'critical',
      state: 'happening',
      processingState: 'unprocessed',
      startTime: '2026-11-01T00:00:00+01:00',
      endTime: '2026-11-20T23:59:59+01:00',
      sortBy: 'severity',
      sortOrder: 'asc',
      page: 3,
      pageSize: 50,
    });
  });

  it('drops what the list cannot use and falls back to the defaults', () => {
    expect(
      read(
        'station_id=07&device_type=5&severity=fatal&state=open&processing_state=done&sort_by=opinion&sort_order=up&page=0&page_size=30',
      ),
    ).toEqual(defaultAlarmFilters);
    expect(read('station_id=99999999999').stationId).toBeUndefined();
    expect(read(`sn=${'A'.repeat(80)}`).sn).toHaveLength(64);
  });

  it('keeps a time range as written, so that a wrong one is said rather than forgotten', () => {
    const filters = read('start_time=yesterday');
    expect(filters.startTime).toBe('yesterday');
    expect(filtersRangeRefusal(filters)).toBe('200601');
  });

  it('writes only what differs from the defaults, and leaves the other parameters alone', () => {
    expect(writeAlarmFilters(defaultAlarmFilters).toString()).toBe('');
    const base = new URLSearchParams('tab=alarms&alarm=12&state=ended&page=4');
    const written = writeAlarmFilters({ ...defaultAlarmFilters, stationId: 7, state: 'happening' }, base);
    expect(written.get('alarm')).toBe('12');
    expect(written.get('tab')).toBe('alarms');
    expect(written.get('state')).toBe('happening');
    expect(written.get('page')).toBeNull();
    expect(written.get('station_id')).toBe('7');
  });

  it('reads back what it wrote', () => {
    const filters = {
      ...defaultAlarmFilters,
      stationId: 3,
      sn: 'BAT2024',
      deviceType: 2 as const,
      severity: 'warning' as const,
      processingState: 'processed' as const,
      startTime: '2026-11-01T00:00:00Z',
      endTime: '2026-11-02T00:00:00Z',
      sortBy: 'cleared_at' as const,
      sortOrder: 'asc' as const,
      page: 2,
      pageSize: 20,
    };
    expect(readAlarmFilters(writeAlarmFilters(filters))).toEqual(filters);
  });

  it('starts again at page 1 after any change but the page, and clears what is set to undefined', () => {
    const current = { ...defaultAlarmFilters, stationId: 7, state: 'happening' as const, page: 4 };
    expect(changeAlarmFilters(current, { page: 5 }).page).toBe(5);
    const next = changeAlarmFilters(current, { state: undefined, sn: '  INV ' });
    expect(next).toEqual({ ...defaultAlarmFilters, stationId: 7, sn: 'INV' });
    expect('state' in next).toBe(false);
  });

  it('tells a filtered list from the whole one, and clears filters but keeps the order', () => {
    expect(isFiltered(defaultAlarmFilters)).toBe(false);
    expect(isFiltered({ ...defaultAlarmFilters, processingState: 'unprocessed' })).toBe(true);
    const sorted = { ...defaultAlarmFilters, stationId: 1, sortBy: 'sn' as const, pageSize: 50 };
    expect(clearedAlarmFilters(sorted)).toEqual({ ...defaultAlarmFilters, sortBy: 'sn', pageSize: 50 });
  });

  it('gives the list and the export the same filters and order', () => {
    const filters = { ...defaultAlarmFilters, stationId: 7, state: 'ended' as const, page: 2 };
    expect(alarmListBody(filters)).toEqual({
      page: 2,
      page_size: DEFAULT_PAGE_SIZE,
      station_id: 7,
      state: 'ended',
      sort_by: 'raised_at',
      sort_order: 'desc',
    });
    expect(alarmExportBody(filters, 'pl')).toEqual({
      station_id: 7,
      state: 'ended',
      sort_by: 'raised_at',
      sort_order: 'desc',
      language: 'pl',
    });
  });

  it('links to the list filtered by a station, and to one alarm’s detail', () => {
    expect(alarmListPath()).toBe('/alarmList/alarmList');
    expect(alarmListPath({ stationId: 9, state: 'happening' })).toBe(
      '/alarmList/alarmList?station_id=9&state=happening',
    );
    expect(openAlarmPath(42)).toBe('/alarmList/alarmList?alarm=42');
  });
});

describe('time ranges (SPEC.md §9, the contracts’ own rule)', () => {
  const start = '2026-11-01T00:00:00+01:00';
  it('accepts no range, and a range of up to 30 days', () => {
    expect(rangeRefusal(undefined, undefined)).toBeUndefined();
    expect(rangeRefusal(start, '2026-12-01T00:00:00+01:00')).toBeUndefined();
    expect(rangeRefusal(start, start)).toBeUndefined();
  });

  it('refuses a one-sided, malformed or reversed range with 200601', () => {
    expect(rangeRefusal(start, undefined)).toBe('200601');
    expect(rangeRefusal(undefined, start)).toBe('200601');
    expect(rangeRefusal('2026-11-01', '2026-11-02')).toBe('200601');
    expect(rangeRefusal('2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z')).toBe('200601');
  });

  it('refuses a range over 30 days with 200603, by the second', () => {
    expect(rangeRefusal(start, '2026-12-01T00:00:01+01:00')).toBe('200603');
    expect(isRangeRefusal('200603')).toBe(true);
    expect(isRangeRefusal('9001')).toBe(false);
  });

  it('offers quick ranges the rule accepts', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    for (const preset of rangePresets) {
      const from = new Date(now - preset.ms).toISOString();
      expect(rangeRefusal(from, new Date(now).toISOString()), preset.key).toBeUndefined();
    }
  });

  it('greys out the days no range from the first chosen one may reach', () => {
    const anchor = Date.parse('2026-11-10T12:00:00Z');
    const day = (offset: number) => {
      const startMs = Date.parse('2026-11-10T00:00:00Z') + offset * DAY_MS;
      return dayOutOfReach(startMs, startMs + DAY_MS - 1, anchor);
    };
    expect(day(0)).toBe(false);
    expect(day(30)).toBe(false);
    expect(day(31)).toBe(true);
    expect(day(-30)).toBe(false);
    expect(day(-31)).toBe(true);
  });
});

const alarm = (fields: Partial<AlarmItem>): AlarmItem => ({
  alarm_id: 1,
  station_id: 1,
  station_name: 'Home',
  timezone: 'Europe/Warsaw',
  device_id: 1,
  sn: 'INV2024A0000001',
  device_type: 1,
  code: 101,
  fault_key: 'grid_over_voltage',
  severity: 'fault',
  part: null,
  source: 'device',
  state: 'ended',
  raised_at: '2026-11-20T08:00:00Z',
  cleared_at: '2026-11-20T09:35:00Z',
  acquired_at: '2026-11-20T08:00:02Z',
  processing_state: 'unprocessed',
  opinion: null,
  processed_by: null,
  processed_by_name: null,
  processed_at: null,
  ...fields,
});

describe('how alarms are shown', () => {
  it('names faults from the catalogue in the language shown, and the portal’s own one', () => {
    expect(faultText(enFaultTexts, 'grid_over_voltage', 'en')?.name).toBe('Grid over-voltage');
    expect(faultText(undefined, COMMUNICATION_LOST_KEY, 'pl')).toBe(communicationLostTexts.pl);
    expect(faultText(enFaultTexts, null, 'en')).toBeUndefined();
    expect(faultText(enFaultTexts, 'not_a_fault', 'en')).toBeUndefined();
    expect(faultText(undefined, 'grid_over_voltage', 'cs')).toBeUndefined();
  });

  it('colours severities from amber to red', () => {
    expect(severityColor).toEqual({ warning: 'gold', fault: 'orange', critical: 'red' });
  });

  it('names an EMS 5000 part with the device texts, and nothing else', () => {
    expect(partTextKey('bms')).toBe('devices.reading.group.bms');
    expect(partTextKey(null)).toBeUndefined();
    expect(partTextKey('boiler')).toBeUndefined();
  });

  it('measures how long an alarm lasted, or has lasted until now', () => {
    expect(alarmDuration(alarm({}), 0)).toEqual({ days: 0, hours: 1, minutes: 35 });
    const now = Date.parse('2026-11-22T11:10:30Z');
    expect(alarmDuration(alarm({ state: 'happening', cleared_at: null }), now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 10,
    });
    // A device clock ahead of the portal's: no negative time.
    expect(alarmDuration(alarm({ cleared_at: '2026-11-20T07:59:00Z' }), 0)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
    });
  });

  it('words a duration by its two largest units', () => {
    const unit = (name: string, value: number) => `${value}${name[0]}`;
    expect(durationText({ days: 2, hours: 3, minutes: 10 }, unit)).toBe('2d 3h');
    expect(durationText({ days: 0, hours: 1, minutes: 35 }, unit)).toBe('1h 35m');
    expect(durationText({ days: 0, hours: 0, minutes: 4 }, unit)).toBe('4m');
    expect(durationText({ days: 1, hours: 0, minutes: 59 }, unit)).toBe('1d 0h');
  });

  it('puts happening alarms first, then the newest', () => {
    const items = [
      alarm({ alarm_id: 1, raised_at: '2026-11-20T10:00:00Z' }),
      alarm({ alarm_id: 2, state: 'happening', raised_at: '2026-11-19T10:00:00Z' }),
      alarm({ alarm_id: 3, raised_at: '2026-11-21T10:00:00Z' }),
      alarm({ alarm_id: 4, state: 'happening', raised_at: '2026-11-20T10:00:00Z' }),
    ];
    expect(happeningFirst(items).map((item) => item.alarm_id)).toEqual([4, 2, 3, 1]);
  });

  it('processes only chosen alarms still shown, at most a batch of them', () => {
    const shown = [alarm({ alarm_id: 1 }), alarm({ alarm_id: 2 }), alarm({ alarm_id: 3 })];
    expect(processableIds([3, 1, 3, 9], shown, 200)).toEqual([3, 1]);
    expect(processableIds([1, 2, 3], shown, 2)).toEqual([1, 2]);
    expect(processableIds([9], shown, 200)).toBeUndefined();
  });
});

describe('the export’s download', () => {
  it('resolves the answered address against the API’s base', () => {
    const page = 'https://portal.example/alarmList/alarmList?state=happening';
    expect(resolveDownloadUrl('api/alarm/file/abc', '/portal/', page)).toBe(
      'https://portal.example/portal/api/alarm/file/abc',
    );
    expect(resolveDownloadUrl('/api/alarm/file/abc', '/portal/', page)).toBe(
      'https://portal.example/api/alarm/file/abc',
    );
    expect(resolveDownloadUrl('https://files.example/x.xlsx', '/', page)).toBe(
      'https://files.example/x.xlsx',
    );
  });

  it('tells the progress when the size is known', () => {
    expect(downloadPercent(512, 2048)).toBe(25);
    expect(downloadPercent(4096, 2048)).toBe(100);
    expect(downloadPercent(512, undefined)).toBeUndefined();
    expect(downloadPercent(512, 0)).toBeUndefined();
    expect(contentLength(' 2048 ')).toBe(2048);
    expect(contentLength('two')).toBeUndefined();
    expect(contentLength(null)).toBeUndefined();
  });

  it('saves under a safe .xlsx name', () => {
    const fallback = 'alarms-2026-11-20';
    expect(xlsxFileName('alarms-2026-11-20.xlsx', fallback)).toBe('alarms-2026-11-20.xlsx');
    expect(xlsxFileName('a/b:c', fallback)).toBe('a_b_c.xlsx');
    expect(xlsxFileName('  ', fallback)).toBe('alarms-2026-11-20.xlsx');
    expect(xlsxFileName(undefined, fallback)).toBe('alarms-2026-11-20.xlsx');
    expect(xlsxFileName('Usage.XLSX', fallback)).toBe('Usage.XLSX');
  });
});
