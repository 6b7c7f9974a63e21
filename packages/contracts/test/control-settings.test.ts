import { describe, expect, it } from 'vitest';
import {
  activeSlots,
  completeChanges,
  DeviceType,
  deviceParameters,
  gridStandards,
  groupsOf,
  protectionSettingNames,
  type SettingValues,
  settingParameters,
  settingsIssues,
} from '../src/index.ts';

/**
 * The one check of a change set (control/device-settings.ts), for every grid standard: each
 * protection setting is taken at its bounds and refused a step past them; stages keep their order;
 * slots stay within a day and never overlap; powers stay within the rating; unknown, read-only
 * and other groups' names are refused.
 */

const inverter = (current: SettingValues = {}) => ({
  deviceType: DeviceType.inverter,
  ratedPowerW: 6000,
  current,
});
const step = (decimals: number) => 10 ** -decimals;
const decimalsOf = (name: string) =>
  settingParameters.find((parameter) => parameter.name === name && parameter.kind === 'number')?.kind ===
  'number'
    ? (settingParameters.find((parameter) => parameter.name === name) as { decimals: number }).decimals
    : 0;

describe('grid standards', () => {
  for (const standard of gridStandards) {
    const current = completeChanges({ grid_standard: standard.code }, {});
    it(`${standard.code}: its defaults pass, and every setting is refused a step outside its range`, () => {
      expect(settingsIssues(current, inverter())).toEqual([]);
      for (const name of protectionSettingNames) {
        const bound = standard.settings[name];
        const delta = step(decimalsOf(name));
        for (const value of [bound.min, bound.max]) {
          const issues = settingsIssues({ [name]: value }, inverter(current));
          // a bound may still break a stage's order against the other stage's default: then that is the issue
          for (const issue of issues)
            expect(issue.message, `${name} = ${value}`).toBe('validation.stageOrder');
        }
        for (const value of [bound.min - delta, bound.max + delta]) {
          const issues = settingsIssues({ [name]: Number(value.toFixed(6)) }, inverter(current));
          expect(
            issues.map((issue) => issue.message),
            `${standard.code} ${name} = ${value}`,
          ).toContain(
            issues.some((issue) => issue.field === name)
              ? 'validation.settingRange'
              : 'validation.stageOrder',
          );
          expect(issues.length).toBeGreaterThan(0);
        }
      }
    });
  }

  it('choosing another standard fills its defaults, but keeps values given with it', () => {
    const [first, second] = gridStandards;
    const current = completeChanges({ grid_standard: first!.code }, {});
    const changed = completeChanges(
      { grid_standard: second!.code, ov1_s: second!.settings.ov1_s.max },
      current,
    );
    expect(changed.ov2_v).toBe(second!.settings.ov2_v.default);
    expect(changed.ov1_s).toBe(second!.settings.ov1_s.max);
    expect(completeChanges({ export_limit_w: 10 }, current)).toEqual({ export_limit_w: 10 });
  });

  it('stages keep their order: a second over-voltage stage at or below the first is refused', () => {
    const standard = gridStandards.find(
      (candidate) => candidate.settings.ov1_v.max >= candidate.settings.ov2_v.min,
    )!;
    const current = completeChanges({ grid_standard: standard.code }, {});
    const issues = settingsIssues(
      { ov1_v: standard.settings.ov1_v.max, ov2_v: standard.settings.ov2_v.min },
      inverter(current),
    );
    expect(issues).toEqual([{ field: 'ov2_v', message: 'validation.stageOrder' }]);
  });
});

describe('battery slots', () => {
  const off = { charge_1_start: '00:00', charge_1_end: '00:00' };
  it('a slot whose start equals its end is off; start after end is refused (SPEC §4)', () => {
    expect(activeSlots(off)).toEqual([]);
    expect(settingsIssues({ charge_1_start: '05:00', charge_1_end: '01:00' }, inverter())).toEqual([
      { field: 'charge_1_end', message: 'validation.timeRangeOrder' },
    ]);
    expect(settingsIssues({ charge_1_start: '5:00' }, inverter())).toEqual([
      { field: 'charge_1_start', message: 'validation.timeFormat' },
    ]);
  });

  it('no two active slots overlap, whichever kind, checked against the current ones too', () => {
    const current = { charge_2_start: '10:00', charge_2_end: '12:00' };
    expect(
      settingsIssues({ discharge_1_start: '11:00', discharge_1_end: '13:00' }, inverter(current)),
    ).toEqual([{ field: 'discharge_1_start', message: 'validation.slotOverlap' }]);
    // touching ends do not overlap
    expect(
      settingsIssues({ discharge_1_start: '12:00', discharge_1_end: '13:00' }, inverter(current)),
    ).toEqual([]);
    expect(
      settingsIssues(
        { charge_1_start: '01:00', charge_1_end: '03:00', charge_3_start: '02:00', charge_3_end: '04:00' },
        inverter(),
      ).map((issue) => issue.message),
    ).toEqual(['validation.slotOverlap']);
  });

  it('stop SOCs keep their order, powers stay within the rating', () => {
    expect(
      settingsIssues({ discharge_stop_soc_pct: 50, charge_stop_soc_pct: 40 }, inverter()).map(
        (issue) => issue.message,
      ),
    ).toEqual(['validation.socOrder']);
    expect(settingsIssues({ max_charge_w: 6001 }, inverter())).toEqual([
      { field: 'max_charge_w', message: 'validation.aboveRating' },
    ]);
    expect(settingsIssues({ max_charge_w: 6000 }, inverter())).toEqual([]);
    expect(settingsIssues({ charge_stop_soc_pct: 100.5 }, inverter())).toEqual([
      { field: 'charge_stop_soc_pct', message: 'validation.settingRange' },
    ]);
  });
});

describe('names', () => {
  it('unknown names, reported values and another device type’s groups are refused', () => {
    expect(settingsIssues({ nope: 1 }, inverter())).toEqual([
      { field: 'nope', message: 'validation.settingUnknown' },
    ]);
    expect(settingsIssues({ net_ip: '10.0.0.2' }, inverter())).toEqual([
      { field: 'net_ip', message: 'validation.settingReadOnly' },
    ]);
    const meter = { deviceType: DeviceType.meter, ratedPowerW: null, current: {} };
    expect(groupsOf(DeviceType.meter)).toEqual(['system']);
    expect(settingsIssues({ export_limit_w: 100 }, meter)).toEqual([
      { field: 'export_limit_w', message: 'validation.settingUnknown' },
    ]);
    expect(settingsIssues({ export_limit_enabled: 'yes' }, inverter())).toEqual([
      { field: 'export_limit_enabled', message: 'validation.invalidValue' },
    ]);
  });

  it('every writable parameter of every device type has a default-looking value that passes alone', () => {
    for (const deviceType of [DeviceType.inverter, DeviceType.offGrid, DeviceType.commercialHybrid]) {
      for (const parameter of deviceParameters(deviceType, true)) {
        const value =
          parameter.kind === 'number'
            ? parameter.min
            : parameter.kind === 'choice'
              ? parameter.options[0]!
              : parameter.kind === 'time'
                ? '00:00'
                : parameter.kind === 'switch'
                  ? true
                  : '';
        if (parameter.group === 'grid' && parameter.name !== 'grid_standard') continue;
        const issues = settingsIssues({ [parameter.name]: value }, { ...inverter(), deviceType });
        expect(
          issues.filter((issue) => issue.message !== 'validation.socOrder'),
          `${deviceType} ${parameter.name}`,
        ).toEqual([]);
      }
    }
  });
});
