import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alarmFault,
  COMMUNICATION_LOST_CODE,
  checkTimeRange,
  communicationLostTexts,
  MINUTE_RANGE_MAX_DAYS,
  operationActions,
  RANGE_MAX_DAYS,
  severityRank,
} from '../src/alarms.ts';
import { faultByCode, faultCatalogue } from '../src/device-link/faults.ts';
import { languages } from '../src/i18n.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('time ranges (SPEC.md §9)', () => {
  const start = Date.parse('2026-03-01T00:00:00Z');

  it('no range is fine; one end alone, a text that is not an instant with an offset, or a reversed range is 200601', () => {
    expect(checkTimeRange(undefined, undefined)).toEqual({ range: undefined });
    for (const [from, to] of [
      [iso(start), undefined],
      [undefined, iso(start)],
      ['2026-03-01', '2026-03-02'],
      ['2026-03-01T00:00:00', '2026-03-02T00:00:00'],
      ['tomorrow', iso(start)],
      ['2026-02-30T00:00:00Z', '2026-03-02T00:00:00Z'],
      ['2026-03-01T24:00:00Z', '2026-03-02T00:00:00Z'],
      ['2026-03-01T10:00:00+25:00', '2026-03-02T00:00:00Z'],
      [iso(start + 1), iso(start)],
    ] as const) {
      expect(checkTimeRange(from, to), `${from} … ${to}`).toEqual({ refusal: '200601' });
    }
    expect(checkTimeRange('2026-03-01T01:00:00+01:00', iso(start))).toEqual({
      range: { fromMs: start, toMs: start },
    });
  });

  it('30 days at most (200603), 7 days of per-minute data (200602), to the millisecond', () => {
    expect(checkTimeRange(iso(start), iso(start + RANGE_MAX_DAYS * DAY))).toHaveProperty('range');
    expect(checkTimeRange(iso(start), iso(start + RANGE_MAX_DAYS * DAY + 1))).toEqual({ refusal: '200603' });
    expect(checkTimeRange(iso(start), iso(start + MINUTE_RANGE_MAX_DAYS * DAY), 'minute')).toHaveProperty(
      'range',
    );
    expect(checkTimeRange(iso(start), iso(start + MINUTE_RANGE_MAX_DAYS * DAY + 1), 'minute')).toEqual({
      refusal: '200602',
    });
    expect(checkTimeRange(iso(start), iso(start + 8 * DAY), 'hour')).toHaveProperty('range');
  });

  it('any two instants: the answer follows from their order and span alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2100-01-01') }),
        fc.integer({ min: -40 * DAY, max: 40 * DAY }),
        fc.constantFrom('minute' as const, 'hour' as const, 'day' as const),
        (from, span, granularity) => {
          const result = checkTimeRange(iso(from), iso(from + span), granularity);
          const limit = (granularity === 'minute' ? MINUTE_RANGE_MAX_DAYS : RANGE_MAX_DAYS) * DAY;
          if (span < 0) expect(result).toEqual({ refusal: '200601' });
          else if (span > limit)
            expect(result).toEqual({ refusal: granularity === 'minute' ? '200602' : '200603' });
          else expect(result).toEqual({ range: { fromMs: from, toMs: from + span } });
        },
      ),
    );
  });
});

describe('faults of alarms', () => {
  it('a catalogue code has its key and severity; 500 is the portal’s; an unknown code is a fault without key', () => {
    for (const fault of faultCatalogue) {
      expect(alarmFault(fault.code)).toEqual({ key: fault.key, severity: fault.severity });
    }
    expect(faultByCode(COMMUNICATION_LOST_CODE)).toBeUndefined();
    expect(alarmFault(COMMUNICATION_LOST_CODE)).toEqual({ key: 'communication_lost', severity: 'fault' });
    expect(alarmFault(65_000)).toEqual({ key: null, severity: 'fault' });
    expect([severityRank('warning'), severityRank('fault'), severityRank('critical')]).toEqual([1, 2, 3]);
  });

  it('communication lost is written in every language, each its own', () => {
    for (const language of languages) {
      const texts = communicationLostTexts[language];
      for (const text of Object.values(texts)) expect(text.trim().length, language).toBeGreaterThan(1);
      if (language !== 'en') expect(texts.name).not.toBe(communicationLostTexts.en.name);
    }
  });

  it('operation log actions are distinct', () => {
    expect(new Set(operationActions).size).toBe(operationActions.length);
  });
});
