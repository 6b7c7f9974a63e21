import { describe, expect, it } from 'vitest';
import {
  type GridStandard,
  gridStandardCodes,
  gridStandardOf,
  gridStandards,
  type ProtectionSettingName,
  protectionDecimals,
  protectionSettingNames,
  protectionUnits,
} from '../src/control/grid-standards.ts';

const value = (standard: GridStandard, name: ProtectionSettingName): number =>
  standard.settings[name].default;

/** True when `x` has no more than `decimals` decimals (within floating-point noise). */
const hasDecimals = (x: number, decimals: number): boolean => {
  const scaled = x * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

describe('the protection settings', () => {
  it('each have a unit and the decimals of that unit (V 1, s 2, Hz 2, %/min 1)', () => {
    const decimalsOfUnit = { V: 1, s: 2, Hz: 2, '%/min': 1 } as const;
    expect(Object.keys(protectionUnits).sort()).toEqual([...protectionSettingNames].sort());
    expect(Object.keys(protectionDecimals).sort()).toEqual([...protectionSettingNames].sort());
    for (const name of protectionSettingNames) {
      expect(protectionDecimals[name], name).toBe(decimalsOfUnit[protectionUnits[name]]);
    }
  });

  it('name their unit in their name', () => {
    for (const name of protectionSettingNames) {
      const unit = protectionUnits[name];
      if (name === 'ramp_pct_per_min') expect(unit).toBe('%/min');
      else if (name.endsWith('_hz') || name.includes('_hz_')) expect(unit, name).toBe('Hz');
      else if (name.endsWith('_s')) expect(unit, name).toBe('s');
      else expect(unit, name).toBe('V');
    }
  });
});

describe('the grid standards', () => {
  it('are exactly the codes of gridStandardCodes, once each, in that order', () => {
    expect(gridStandards.map((standard) => standard.code)).toEqual([...gridStandardCodes]);
    expect(new Set(gridStandards.map((standard) => standard.code)).size).toBe(gridStandards.length);
  });

  it('are found by their code, and nothing by an unknown one', () => {
    for (const standard of gridStandards) expect(gridStandardOf(standard.code)).toBe(standard);
    expect(gridStandardOf('CEI_0_16')).toBeUndefined();
    expect(gridStandardOf('cei_0_21')).toBeUndefined();
    expect(gridStandardOf('')).toBeUndefined();
  });

  it('cover at least IT, DE, ES, BE, GB, US, ZA, AU and NZ', () => {
    const covered = new Set(gridStandards.flatMap((standard) => standard.countries));
    for (const country of ['IT', 'DE', 'ES', 'BE', 'GB', 'US', 'ZA', 'AU', 'NZ']) {
      expect(covered.has(country), country).toBe(true);
    }
  });

  it('give EN 50549-1 to EU members without a national variant in the list, and to no country that has one', () => {
    const en = gridStandardOf('EN_50549_1')!;
    for (const country of ['AT', 'NL', 'PL', 'CZ', 'PT', 'DK', 'SE']) {
      expect(en.countries, country).toContain(country);
    }
    const national = new Set(
      gridStandards
        .filter((standard) => standard.code !== 'EN_50549_1' && standard.nominalFrequencyHz === 50)
        .flatMap((standard) => standard.countries),
    );
    for (const country of en.countries) expect(national.has(country), country).toBe(false);
  });

  it('ask for a remote self-test in CEI 0-21 only', () => {
    expect(gridStandards.filter((standard) => standard.selfTest).map((standard) => standard.code)).toEqual([
      'CEI_0_21',
    ]);
  });
});

describe.each(gridStandards.map((standard) => [standard.code, standard] as const))(
  '%s',
  (_code, standard) => {
    it('has a name, an edition, upper-case two-letter countries and a nominal grid', () => {
      expect(standard.name.trim()).not.toBe('');
      expect(standard.edition.trim()).not.toBe('');
      expect(standard.countries.length).toBeGreaterThan(0);
      for (const country of standard.countries) expect(country).toMatch(/^[A-Z]{2}$/);
      expect(new Set(standard.countries).size).toBe(standard.countries.length);
      expect([120, 230]).toContain(standard.nominalVoltageV);
      expect([50, 60]).toContain(standard.nominalFrequencyHz);
    });

    it('has every setting, with finite figures min ≤ default ≤ max in its unit’s decimals, and a source', () => {
      expect(Object.keys(standard.settings).sort()).toEqual([...protectionSettingNames].sort());
      for (const name of protectionSettingNames) {
        const bound = standard.settings[name];
        for (const figure of [bound.min, bound.default, bound.max]) {
          expect(Number.isFinite(figure), name).toBe(true);
          expect(hasDecimals(figure, protectionDecimals[name]), `${name} ${figure}`).toBe(true);
        }
        expect(bound.min, name).toBeLessThanOrEqual(bound.default);
        expect(bound.default, name).toBeLessThanOrEqual(bound.max);
        expect(bound.source.trim(), name).not.toBe('');
      }
    });

    it('has no negative figure', () => {
      for (const name of protectionSettingNames)
        expect(standard.settings[name].min, name).toBeGreaterThanOrEqual(0);
    });

    it('puts both over-voltage stages above nominal, stage 2 farther out and no slower', () => {
      const v = (name: ProtectionSettingName) => value(standard, name);
      expect(v('ov1_v')).toBeGreaterThan(standard.nominalVoltageV);
      expect(v('ov2_v')).toBeGreaterThan(v('ov1_v'));
      expect(v('ov2_s')).toBeLessThanOrEqual(v('ov1_s'));
    });

    it('puts both under-voltage stages below nominal, stage 2 farther out and no slower', () => {
      const v = (name: ProtectionSettingName) => value(standard, name);
      expect(v('uv1_v')).toBeLessThan(standard.nominalVoltageV);
      expect(v('uv2_v')).toBeLessThan(v('uv1_v'));
      expect(v('uv2_s')).toBeLessThanOrEqual(v('uv1_s'));
    });

    it('puts both over-frequency stages above nominal, stage 2 farther out and no slower', () => {
      const v = (name: ProtectionSettingName) => value(standard, name);
      expect(v('of1_hz')).toBeGreaterThan(standard.nominalFrequencyHz);
      expect(v('of2_hz')).toBeGreaterThan(v('of1_hz'));
      expect(v('of2_s')).toBeLessThanOrEqual(v('of1_s'));
    });

    it('puts both under-frequency stages below nominal, stage 2 farther out and no slower', () => {
      const v = (name: ProtectionSettingName) => value(standard, name);
      expect(v('uf1_hz')).toBeLessThan(standard.nominalFrequencyHz);
      expect(v('uf2_hz')).toBeLessThan(v('uf1_hz'));
      expect(v('uf2_s')).toBeLessThanOrEqual(v('uf1_s'));
    });

    it('reconnects only within a window around nominal, after a delay, with a ramp of at most 100 %/min', () => {
      const v = (name: ProtectionSettingName) => value(standard, name);
      expect(v('reconnect_v_min')).toBeLessThan(standard.nominalVoltageV);
      expect(v('reconnect_v_max')).toBeGreaterThan(standard.nominalVoltageV);
      expect(v('reconnect_hz_min')).toBeLessThan(standard.nominalFrequencyHz);
      expect(v('reconnect_hz_max')).toBeGreaterThan(standard.nominalFrequencyHz);
      expect(v('reconnect_delay_s')).toBeGreaterThanOrEqual(0);
      expect(v('ramp_pct_per_min')).toBeGreaterThan(0);
      expect(v('ramp_pct_per_min')).toBeLessThanOrEqual(100);
      expect(standard.settings.ramp_pct_per_min.min).toBeGreaterThan(0);
      expect(standard.settings.ramp_pct_per_min.max).toBeLessThanOrEqual(100);
    });

    it("says where it leaves the standard: a second stage or an open value is the manufacturer's", () => {
      for (const name of protectionSettingNames) {
        const { source } = standard.settings[name];
        if (/standard defines one stage/.test(source)) expect(source, name).toMatch(/manufacturer default/);
      }
    });
  },
);

describe('known figures', () => {
  const figure = (code: string, name: ProtectionSettingName) => gridStandardOf(code)!.settings[name].default;

  it('CEI 0-21: 59.S2 264.5 V in 0.2 s, 27.S1 195.5 V in 1.5 s, 81>.S2 51.5 Hz, 81<.S2 47.5 Hz, 300 s', () => {
    expect(figure('CEI_0_21', 'ov2_v')).toBe(264.5);
    expect(figure('CEI_0_21', 'ov2_s')).toBe(0.2);
    expect(figure('CEI_0_21', 'uv1_v')).toBe(195.5);
    expect(figure('CEI_0_21', 'uv1_s')).toBe(1.5);
    expect(figure('CEI_0_21', 'of2_hz')).toBe(51.5);
    expect(figure('CEI_0_21', 'uf2_hz')).toBe(47.5);
    expect(figure('CEI_0_21', 'reconnect_delay_s')).toBe(300);
  });

  it('VDE-AR-N 4105: U< 0.8 Un in 3 s, U<< 0.45 Un in 0.3 s, f> 51.5 Hz, f< 47.5 Hz, 10 %/min', () => {
    expect(figure('VDE_AR_N_4105', 'uv1_v')).toBe(184);
    expect(figure('VDE_AR_N_4105', 'uv1_s')).toBe(3);
    expect(figure('VDE_AR_N_4105', 'uv2_v')).toBe(103.5);
    expect(figure('VDE_AR_N_4105', 'uv2_s')).toBe(0.3);
    expect(figure('VDE_AR_N_4105', 'of1_hz')).toBe(51.5);
    expect(figure('VDE_AR_N_4105', 'uf1_hz')).toBe(47.5);
    expect(figure('VDE_AR_N_4105', 'ramp_pct_per_min')).toBe(10);
  });

  it('G99: 262.2 V in 1 s, 200.1 V in 2.5 s, 51.5 Hz in 90 s, 47.5 Hz in 20 s, reconnection after 20 s', () => {
    expect(figure('G99', 'ov1_v')).toBe(262.2);
    expect(figure('G99', 'ov1_s')).toBe(1);
    expect(figure('G99', 'uv1_v')).toBe(200.1);
    expect(figure('G99', 'uv1_s')).toBe(2.5);
    expect(figure('G99', 'of1_hz')).toBe(51.5);
    expect(figure('G99', 'of1_s')).toBe(90);
    expect(figure('G99', 'uf1_hz')).toBe(47.5);
    expect(figure('G99', 'uf1_s')).toBe(20);
    expect(figure('G99', 'reconnect_delay_s')).toBe(20);
  });

  it('UL 1741 SB (IEEE 1547 Category II): OV2 144 V in 0.16 s, UV1 84 V in 10 s, OF1 61.2 Hz in 300 s', () => {
    const ul = gridStandardOf('UL_1741')!;
    expect(ul.nominalVoltageV).toBe(120);
    expect(ul.nominalFrequencyHz).toBe(60);
    expect(figure('UL_1741', 'ov2_v')).toBe(144);
    expect(figure('UL_1741', 'ov2_s')).toBe(0.16);
    expect(figure('UL_1741', 'uv1_v')).toBe(84);
    expect(figure('UL_1741', 'uv1_s')).toBe(10);
    expect(figure('UL_1741', 'of1_hz')).toBe(61.2);
    expect(figure('UL_1741', 'of1_s')).toBe(300);
    expect(figure('UL_1741', 'uf2_hz')).toBe(56.5);
  });

  it('AS/NZS 4777.2: V> 265 V, V>> 275 V, V< 180 V, V<< 70 V; 47/52 Hz in Region A, 45/55 Hz in New Zealand', () => {
    for (const code of ['AS4777_2_A', 'AS4777_2_B', 'AS4777_2_C', 'AS4777_2_NZ']) {
      expect(figure(code, 'ov1_v')).toBe(265);
      expect(figure(code, 'ov2_v')).toBe(275);
      expect(figure(code, 'uv1_v')).toBe(180);
      expect(figure(code, 'uv2_v')).toBe(70);
    }
    expect(figure('AS4777_2_A', 'uf1_hz')).toBe(47);
    expect(figure('AS4777_2_A', 'of1_hz')).toBe(52);
    expect(figure('AS4777_2_NZ', 'uf1_hz')).toBe(45);
    expect(figure('AS4777_2_NZ', 'of1_hz')).toBe(55);
    expect(gridStandardOf('AS4777_2_NZ')!.countries).toEqual(['NZ']);
  });
});
