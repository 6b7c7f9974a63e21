import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allCalls,
  kindFields,
  languages,
  parseStrategy,
  strategyCommandIssues,
  systemTemplateKey,
  systemTemplateNames,
  systemTemplates,
  type TemplateBody,
  type TemplateKind,
  templateCommand,
  templateDisplayName,
  templateIssues,
  templateKinds,
} from '../src/index.ts';

/**
 * Strategy templates (strategy/templates.ts): the one check names the form's field, the system
 * templates pass it, and whatever it accepts becomes a `strategy` command the device's own check
 * (`strategyCommandIssues`) accepts, saying the same slots.
 */

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const tou = (extra: Partial<TemplateBody> = {}): TemplateBody => ({
  kind: 'tou',
  grid_charge: true,
  charge_slots: [{ start: '01:00', end: '05:00', soc_pct: 90 }],
  discharge_slots: [{ start: '17:00', end: '21:00' }],
  ...extra,
});

describe('templateIssues', () => {
  it('accepts every system template, and their commands pass the device check', () => {
    for (const kind of templateKinds) {
      const body = { kind, ...systemTemplates[kind] };
      expect(templateIssues(body, { ratedPowerW: 5000 }), kind).toEqual([]);
      expect(strategyCommandIssues(templateCommand(body), { ratedPowerW: 5000 }), kind).toEqual([]);
    }
  });

  it('names the slot field of a reversed or overlapping slot in the form’s names', () => {
    expect(templateIssues(tou({ discharge_slots: [{ start: '21:00', end: '17:00' }] }))).toEqual([
      { field: 'discharge_slots.0.end', message: 'validation.timeRangeOrder' },
    ]);
    expect(
      templateIssues(
        tou({
          discharge_slots: [
            { start: '17:00', end: '21:00' },
            { start: '04:00', end: '06:00' },
          ],
        }),
      ),
    ).toEqual([{ field: 'discharge_slots.1.start', message: 'validation.slotOverlap' }]);
    expect(templateIssues(tou({ charge_slots: [{ start: '1:00', end: '05:00' }] }))).toEqual([
      { field: 'charge_slots.0.start', message: 'validation.timeFormat' },
    ]);
  });

  it('refuses out-of-range values, the floor above the limit, and a kind’s missing fields', () => {
    expect(templateIssues(tou({ max_soc_pct: 101 }))).toEqual([
      { field: 'max_soc_pct', message: 'validation.strategyRange' },
    ]);
    expect(templateIssues(tou({ min_soc_pct: 4 }))).toEqual([
      { field: 'min_soc_pct', message: 'validation.strategyRange' },
    ]);
    expect(templateIssues(tou({ min_soc_pct: 60, max_soc_pct: 60 }))).toContainEqual({
      field: 'min_soc_pct',
      message: 'validation.socOrder',
    });
    expect(templateIssues(tou({ days: [] }))).toEqual([
      { field: 'days', message: 'validation.invalidValue' },
    ]);
    expect(templateIssues({ kind: 'peak_shaving' })).toEqual([
      { field: 'max_grid_w', message: 'validation.strategyFieldRequired' },
    ]);
    expect(templateIssues({ kind: 'manual' })).toEqual([
      { field: 'manual_power_w', message: 'validation.strategyFieldRequired' },
    ]);
    expect(templateIssues({ kind: 'tou' })).toEqual([
      { field: 'charge_slots', message: 'validation.strategyFieldRequired' },
    ]);
    expect(templateIssues({ kind: 'tou_power', charge_slots: [{ start: '01:00', end: '02:00' }] })).toEqual([
      { field: 'charge_slots.0.power_w', message: 'validation.strategyFieldRequired' },
    ]);
    const four = Array.from({ length: 4 }, (_, i) => ({ start: hhmm(i * 60), end: hhmm(i * 60 + 30) }));
    expect(templateIssues(tou({ charge_slots: four }))).toEqual([
      { field: 'charge_slots', message: 'validation.selectionLimit' },
    ]);
  });

  it('checks powers against the device’s rating, not the site’s grid limit', () => {
    const body: TemplateBody = {
      kind: 'tou_power',
      charge_slots: [{ start: '01:00', end: '05:00', power_w: 8000 }],
      max_consumption_w: 9000,
    };
    expect(templateIssues(body)).toEqual([]);
    expect(templateIssues(body, { ratedPowerW: 6000 })).toEqual([
      { field: 'max_consumption_w', message: 'validation.aboveRating' },
      { field: 'charge_slots.0.power_w', message: 'validation.aboveRating' },
    ]);
    expect(templateIssues({ kind: 'peak_shaving', max_grid_w: 50_000 }, { ratedPowerW: 6000 })).toEqual([]);
  });

  it('ignores the fields a kind does not use, and leaves them out of its command', () => {
    const body: TemplateBody = { kind: 'cut_off', min_soc_pct: 15, max_grid_w: -3, charge_slots: [] };
    expect(templateIssues(body)).toEqual([]);
    expect(templateCommand(body)).toEqual({
      mode: 'cut_off',
      priority: 'load',
      max_soc_pct: 100,
      min_soc_pct: 15,
    });
  });
});

describe('templateCommand', () => {
  it('flattens slots and days into the command’s names', () => {
    expect(templateCommand(tou({ days: [5, 1, 3] }))).toEqual({
      mode: 'time_of_use',
      priority: 'load',
      max_soc_pct: 100,
      min_soc_pct: 10,
      grid_charge: true,
      days: '135',
      charge_1_start: '01:00',
      charge_1_end: '05:00',
      charge_1_soc_pct: 90,
      discharge_1_start: '17:00',
      discharge_1_end: '21:00',
    });
  });
});

/** Any template body of a kind, valid or not: times on a 15-minute grid, a few slots, SOCs and powers around their bounds. */
const slotArbitrary = fc.record(
  {
    start: fc.integer({ min: 0, max: 95 }).map((q) => hhmm(q * 15)),
    end: fc.integer({ min: 0, max: 95 }).map((q) => hhmm(q * 15)),
    power_w: fc.option(fc.integer({ min: -10, max: 12_000 }), { nil: undefined }),
    soc_pct: fc.option(fc.integer({ min: 0, max: 105 }), { nil: undefined }),
  },
  { requiredKeys: ['start', 'end'] },
);
const bodyArbitrary: fc.Arbitrary<TemplateBody> = fc.record(
  {
    kind: fc.constantFrom(...templateKinds),
    priority: fc.constantFrom('load', 'battery', 'grid' as const),
    max_soc_pct: fc.integer({ min: 0, max: 105 }),
    min_soc_pct: fc.integer({ min: 0, max: 105 }),
    grid_charge: fc.boolean(),
    max_grid_w: fc.integer({ min: -10, max: 20_000 }),
    max_consumption_w: fc.integer({ min: -10, max: 12_000 }),
    days: fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { maxLength: 8 }),
    charge_slots: fc.array(slotArbitrary, { maxLength: 4 }),
    discharge_slots: fc.array(slotArbitrary, { maxLength: 4 }),
    manual_power_w: fc.integer({ min: -12_000, max: 12_000 }),
  },
  { requiredKeys: ['kind'] },
);

describe('a template the check accepts is a command the device accepts', () => {
  it('holds for any body and rating (fast-check)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(bodyArbitrary, fc.option(fc.integer({ min: 1000, max: 10_000 })), (body, ratedPowerW) => {
        if (templateIssues(body, { ratedPowerW }).length > 0) return;
        accepted += 1;
        const params = templateCommand(body);
        expect(strategyCommandIssues(params, { ratedPowerW })).toEqual([]);
        const program = parseStrategy(params);
        const slotCount = (body.charge_slots?.length ?? 0) + (body.discharge_slots?.length ?? 0);
        const used = kindFields[body.kind as TemplateKind];
        const sent =
          (used.includes('charge_slots') ? (body.charge_slots?.length ?? 0) : 0) +
          (used.includes('discharge_slots') ? (body.discharge_slots?.length ?? 0) : 0);
        expect(program.slots.length).toBe(sent);
        expect(sent).toBeLessThanOrEqual(slotCount);
      }),
      { numRuns: 2000 },
    );
    // the generator reaches accepted bodies, not only refusals
    expect(accepted).toBeGreaterThan(100);
  });
});

describe('system templates and calls', () => {
  it('names each kind in the five languages', () => {
    for (const kind of templateKinds)
      for (const language of languages) {
        expect(systemTemplateNames[kind][language].length).toBeGreaterThan(0);
        expect(templateDisplayName(systemTemplateKey(kind), language)).toBe(
          systemTemplateNames[kind][language],
        );
      }
    expect(templateDisplayName('My night plan', 'pl')).toBe('My night plan');
  });

  it('declares the SPEC’s twelve template calls and api/mode/update', () => {
    const paths = allCalls.map((call) => call.path);
    for (const group of ['tcd', 'tcdp', 'ps'])
      for (const action of ['list', 'add', 'edit', 'del'])
        expect(paths).toContain(`api/mode/${group}/${action}`);
    expect(paths).toContain('api/mode/update');
  });
});
