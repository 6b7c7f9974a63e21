import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandMessage } from '../src/device-link/index.ts';
import {
  parseStrategy,
  type StrategyIssue,
  strategyCommandIssues,
  strategyModes,
  strategyParamNames,
  strategyPriorities,
} from '../src/index.ts';

/**
 * The `strategy` command's one check and its program (strategy/command.ts): whatever the check
 * takes parses into a program that says the same; reversed, overlapping, half-given and malformed
 * slots, values out of range and powers above the rating are refused by the field that is wrong.
 */

const rated = { ratedPowerW: 6000 };
type Params = Record<string, number | string | boolean>;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const slotNames = ['charge', 'discharge'].flatMap((kind) => [1, 2, 3].map((i) => `${kind}_${i}`));

/** Up to six slots that never overlap: consecutive pairs of distinct sorted minutes, each under a slot name. */
const slotsArbitrary = fc
  .uniqueArray(fc.integer({ min: 0, max: 1439 }), { minLength: 0, maxLength: 12 })
  .chain((minutes) => {
    const sorted = [...minutes].sort((a, b) => a - b);
    const pairs = Array.from({ length: Math.floor(sorted.length / 2) }, (_, i): [number, number] => [
      sorted[2 * i]!,
      sorted[2 * i + 1]!,
    ]);
    return fc
      .shuffledSubarray(slotNames, { minLength: pairs.length, maxLength: pairs.length })
      .map((names) => pairs.map(([start, end], i) => ({ name: names[i]!, start, end })));
  });

/** A strategy the check must take: every value in range, slots apart, powers within the rating. */
const validParams: fc.Arbitrary<Params> = fc
  .record(
    {
      mode: fc.constantFrom(...strategyModes),
      priority: fc.option(fc.constantFrom(...strategyPriorities), { nil: undefined }),
      socs: fc.uniqueArray(fc.integer({ min: 5, max: 100 }), { minLength: 2, maxLength: 2 }),
      grid_charge: fc.option(fc.boolean(), { nil: undefined }),
      max_grid_w: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
      max_consumption_w: fc.option(fc.integer({ min: 0, max: 6000 }), { nil: undefined }),
      days: fc.option(
        fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }).map((days) => days.join('')),
        { nil: undefined },
      ),
      slots: slotsArbitrary,
      slotPower: fc.integer({ min: 0, max: 6000 }),
      slotSoc: fc.integer({ min: 5, max: 100 }),
      manual_power_w: fc.option(fc.integer({ min: -6000, max: 6000 }), { nil: undefined }),
    },
    { requiredKeys: ['mode', 'socs', 'slots', 'slotPower', 'slotSoc'] },
  )
  .map(({ socs, slots, slotPower, slotSoc, ...rest }) => {
    const params: Params = {};
    for (const [name, value] of Object.entries(rest)) if (value !== undefined) params[name] = value;
    if (params.mode === 'peak_shaving' && params.max_grid_w === undefined) params.max_grid_w = 5000;
    params.min_soc_pct = Math.min(...socs);
    params.max_soc_pct = Math.max(...socs);
    slots.forEach(({ name, start, end }, i) => {
      params[`${name}_start`] = hhmm(start);
      params[`${name}_end`] = hhmm(end);
      if (i % 2 === 0) params[`${name}_power_w`] = slotPower;
      if (i % 3 === 0) params[`${name}_soc_pct`] = slotSoc;
    });
    return params;
  });

/** Any value of a param's kind, and the wrong ones around it. */
const looseValue = fc.oneof(
  fc.integer({ min: -10, max: 120 }),
  fc.integer({ min: -10_000, max: 10_000 }),
  fc.double({ min: -200, max: 200, noNaN: true }),
  fc.boolean(),
  fc.constantFrom(...strategyModes, ...strategyPriorities, '12345', '7', '54', '', 'x'),
  fc.integer({ min: 0, max: 1439 }).map(hhmm),
  fc.constantFrom('24:00', '1:00', '00:60'),
);
const looseParams: fc.Arbitrary<Params> = fc.dictionary(
  fc.constantFrom(...strategyParamNames, 'battery_mode'),
  looseValue,
  { maxKeys: 14 },
);

const fieldsOf = (issues: StrategyIssue[]) => issues.map((issue) => issue.field);

describe('strategyCommandIssues and parseStrategy', () => {
  it('take every well-formed strategy, and its program says what the params say', () => {
    fc.assert(
      fc.property(validParams, (params) => {
        expect(strategyCommandIssues(params, rated)).toEqual([]);
        const program = parseStrategy(params);
        expect(program.mode).toBe(params.mode);
        expect(program.priority).toBe(params.priority ?? 'load');
        expect([program.minSocPct, program.maxSocPct]).toEqual([params.min_soc_pct, params.max_soc_pct]);
        expect(program.gridCharge).toBe(params.grid_charge ?? false);
        expect(program.days.join('')).toBe(params.days ?? '1234567');
        const active = slotNames.filter(
          (name) =>
            params[`${name}_start`] !== undefined && params[`${name}_start`] !== params[`${name}_end`],
        );
        expect(program.slots.length).toBe(active.length);
        for (let i = 1; i < program.slots.length; i += 1)
          expect(program.slots[i]!.startMin).toBeGreaterThanOrEqual(program.slots[i - 1]!.endMin);
        for (const slot of program.slots) {
          expect(slot.startMin).toBeLessThan(slot.endMin);
          expect(slot.socPct).toBeGreaterThanOrEqual(5);
          expect(slot.socPct).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('parse whatever they take, with every value in its range', () => {
    fc.assert(
      fc.property(looseParams, (params) => {
        if (strategyCommandIssues(params, rated).length > 0) return;
        const program = parseStrategy(params);
        expect(strategyModes).toContain(program.mode);
        expect(program.minSocPct).toBeLessThan(program.maxSocPct);
        expect(program.days.length).toBeGreaterThan(0);
        for (const slot of program.slots) expect(slot.endMin).toBeGreaterThan(slot.startMin);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse a slot that ends before it starts, on its end', () => {
    fc.assert(
      fc.property(
        validParams,
        fc.constantFrom(...slotNames),
        fc.integer({ min: 1, max: 1439 }),
        fc.integer({ min: 0, max: 1438 }),
        (params, name, start, end) => {
          fc.pre(end < start);
          const changed = { ...params, [`${name}_start`]: hhmm(start), [`${name}_end`]: hhmm(end) };
          expect(strategyCommandIssues(changed, rated)).toContainEqual({
            field: `${name}_end`,
            message: 'validation.timeRangeOrder',
          });
          expect(() => parseStrategy(changed)).toThrow(`${name}_end`);
        },
      ),
    );
  });

  it('refuse two active slots that overlap, naming one of them', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(slotNames, { minLength: 2, maxLength: 2 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 2, max: 200 }),
        fc.integer({ min: 1, max: 199 }),
        fc.integer({ min: 1, max: 200 }),
        ([a, b], start, length, into, more) => {
          fc.pre(into < length);
          const params: Params = {
            mode: 'time_of_use',
            [`${a}_start`]: hhmm(start),
            [`${a}_end`]: hhmm(start + length),
            [`${b}_start`]: hhmm(start + into),
            [`${b}_end`]: hhmm(Math.min(1439, start + length + more)),
          };
          const issues = strategyCommandIssues(params, rated);
          expect(issues.map((issue) => issue.message)).toEqual(['validation.slotOverlap']);
          expect([`${a}_start`, `${b}_start`]).toContain(issues[0]!.field);
        },
      ),
    );
  });

  it('refuse values out of range and powers above the rating, by field, and nothing else', () => {
    const cases: [Params, string, StrategyIssue['message']][] = [
      [{ max_soc_pct: 101 }, 'max_soc_pct', 'validation.strategyRange'],
      [{ min_soc_pct: 4 }, 'min_soc_pct', 'validation.strategyRange'],
      [{ min_soc_pct: 12.5 }, 'min_soc_pct', 'validation.strategyRange'],
      [{ min_soc_pct: 60, max_soc_pct: 60 }, 'min_soc_pct', 'validation.socOrder'],
      [{ max_soc_pct: 8 }, 'max_soc_pct', 'validation.socOrder'],
      [{ charge_2_soc_pct: 0 }, 'charge_2_soc_pct', 'validation.strategyRange'],
      [{ discharge_1_power_w: 6001 }, 'discharge_1_power_w', 'validation.aboveRating'],
      [{ charge_3_power_w: -1 }, 'charge_3_power_w', 'validation.strategyRange'],
      [{ max_consumption_w: 7000 }, 'max_consumption_w', 'validation.aboveRating'],
      [{ manual_power_w: -6500 }, 'manual_power_w', 'validation.aboveRating'],
      [{ max_grid_w: -5 }, 'max_grid_w', 'validation.strategyRange'],
      [{ grid_charge: 'yes' }, 'grid_charge', 'validation.invalidValue'],
      [{ priority: 'home' }, 'priority', 'validation.invalidValue'],
      [{ days: '135531' }, 'days', 'validation.invalidValue'],
      [{ days: '08' }, 'days', 'validation.invalidValue'],
      [{ days: '' }, 'days', 'validation.invalidValue'],
      [{ charge_1_start: '25:00', charge_1_end: '26:00' }, 'charge_1_start', 'validation.timeFormat'],
      [{ discharge_2_start: '17:00' }, 'discharge_2_end', 'validation.timeFormat'],
      [{ battery_mode: 'peak_shaving' }, 'battery_mode', 'validation.settingUnknown'],
      [{ mode: 'turbo' }, 'mode', 'validation.invalidValue'],
    ];
    for (const [change, field, message] of cases) {
      const issues = strategyCommandIssues({ mode: 'self_consumption', ...change }, rated);
      expect(issues, JSON.stringify(change)).toContainEqual({ field, message });
      // a change of another field would not be refused for it
      expect(
        issues.every((issue) => issue.field in change || issue.field === field),
        JSON.stringify(issues),
      ).toBe(true);
    }
    expect(fieldsOf(strategyCommandIssues({}, rated))).toEqual(['mode']);
    expect(fieldsOf(strategyCommandIssues({ mode: 'peak_shaving' }, rated))).toEqual(['max_grid_w']);
    // the site's import limit is not the device's power: no rating bounds it
    expect(strategyCommandIssues({ mode: 'peak_shaving', max_grid_w: 50_000 }, rated)).toEqual([]);
    // without a known rating only the bound counts
    expect(strategyCommandIssues({ mode: 'manual', manual_power_w: -6500 }, { ratedPowerW: null })).toEqual(
      [],
    );
  });

  it('fill the defaults of a bare strategy', () => {
    expect(parseStrategy({ mode: 'cut_off' })).toEqual({
      mode: 'cut_off',
      priority: 'load',
      maxSocPct: 100,
      minSocPct: 10,
      gridCharge: false,
      days: [1, 2, 3, 4, 5, 6, 7],
      slots: [],
      manualPowerW: 0,
    });
    expect(
      parseStrategy({
        mode: 'time_of_use',
        min_soc_pct: 20,
        max_soc_pct: 90,
        charge_1_start: '01:00',
        charge_1_end: '05:00',
        discharge_1_start: '17:00',
        discharge_1_end: '21:00',
        discharge_1_power_w: 3000,
        charge_2_start: '00:00',
        charge_2_end: '00:00',
      }).slots,
    ).toEqual([
      { kind: 'charge', startMin: 60, endMin: 300, socPct: 90 },
      { kind: 'discharge', startMin: 1020, endMin: 1260, powerW: 3000, socPct: 20 },
    ]);
  });

  it('take the example of docs/device-protocol.md §8.4.2', () => {
    const doc = readFileSync(new URL('../../../docs/device-protocol.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('#### 8.4.2 `strategy`'), doc.indexOf('#### 8.4.3'));
    const json = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
    const command = commandMessage.parse(JSON.parse(json!));
    expect(command.name).toBe('strategy');
    expect(strategyCommandIssues(command.params ?? {}, { ratedPowerW: 6000 })).toEqual([]);
    // the section lists every param name
    for (const name of ['mode', 'priority', 'max_soc_pct', 'min_soc_pct', 'grid_charge', 'max_grid_w'])
      expect(section).toContain(`\`${name}\``);
  });
});
