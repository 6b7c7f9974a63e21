import { describe, expect, it } from 'vitest';
import { ex, pollingReply, setSave, sysRw } from '../src/api/calls/ems5000.ts';
import {
  emsPartStates,
  emsParts,
  emsStateCode,
  emsStateName,
  energyManagementValues,
} from '../src/device-link/index.ts';
import {
  DeviceType,
  deviceParameters,
  deviceTypes,
  emsChartFields,
  emsKeyFields,
  emsModeFields,
  emsModeKinds,
  emsParameterName,
  emsPartGroups,
  emsPartParameters,
  parseStrategy,
  type SettingValues,
  settingsIssues,
  strategyCommandIssues,
  strategyDeviceTypes,
  strategyGroup,
  systemTemplates,
  templateCommand,
  templateIssues,
} from '../src/index.ts';

/**
 * The EMS 5000 console's contracts: the parts' parameters as settings groups and their checks, the
 * numbered state sets, the generator support mode from template to command, and the bodies of the
 * console's calls.
 */

const ems = (current: SettingValues = {}, ratedPowerW: number | null = 100_000) => ({
  deviceType: DeviceType.energyManagementBox,
  ratedPowerW,
  current,
});
const ID = '90477ef8-5f5f-459c-ad85-4edc3c9c4eca';

describe('the EMS 5000 parts’ parameters', () => {
  it('are the settings groups of the parts, each named part.name, on the EMS only', () => {
    expect([...emsPartGroups]).toEqual([...emsParts]);
    for (const part of emsParts) {
      const parameters = emsPartParameters(part);
      expect(parameters.length, part).toBeGreaterThan(0);
      for (const parameter of parameters) {
        expect(parameter.name.startsWith(`${part}.`), parameter.name).toBe(true);
        expect(parameter.group).toBe(part);
        expect(emsParameterName(part, parameter.name)).toBe(parameter.name.slice(part.length + 1));
      }
    }
    expect(emsParameterName('pcs', 'bms.charge_stop_soc_pct')).toBeUndefined();
    // every part parameter of the EMS is one of its parts'
    const partNames = emsParts.flatMap((part) => emsPartParameters(part).map((p) => p.name));
    expect(
      deviceParameters(DeviceType.energyManagementBox)
        .filter((p) => (emsPartGroups as readonly string[]).includes(p.group))
        .map((p) => p.name),
    ).toEqual(partNames);
    for (const type of deviceTypes.filter((t) => t !== DeviceType.energyManagementBox))
      expect(
        deviceParameters(type).filter((p) => partNames.includes(p.name)),
        `type ${type}`,
      ).toEqual([]);
  });

  it('take writable values within their ranges', () => {
    expect(
      settingsIssues(
        {
          'pcs.enabled': true,
          'pcs.max_charge_w': 50_000,
          'pcs.reactive_mode': 'fixed_pf',
          'pcs.power_factor': 0.95,
          'pvs.power_limit_pct': 80,
          'bms.charge_stop_soc_pct': 95,
          'bms.discharge_stop_soc_pct': 10,
          'sts.transfer_mode': 'auto',
          'generator.start_soc_pct': 20,
          'generator.stop_soc_pct': 80,
          'meter.demand_window_min': '15',
        },
        ems(),
      ),
    ).toEqual([]);
  });

  it('refuse the read-only ones with settingReadOnly', () => {
    for (const name of [
      'pcs.rated_power_w',
      'pvs.rated_power_w',
      'bms.capacity_kwh',
      'bms.cluster_count',
      'bms.cells_per_cluster',
      'generator.rated_power_w',
    ])
      expect(settingsIssues({ [name]: 1 }, ems()), name).toEqual([
        { field: name, message: 'validation.settingReadOnly' },
      ]);
  });

  it('refuse values out of range, of too many decimals, of another kind or not among the choices', () => {
    const refused: [string, unknown, string][] = [
      ['pcs.ramp_pct_min', 0, 'validation.settingRange'],
      ['pcs.ramp_pct_min', 101, 'validation.settingRange'],
      ['pcs.power_factor', 0.79, 'validation.settingRange'],
      ['pcs.power_factor', 0.955, 'validation.settingRange'],
      ['pvs.start_voltage_v', 149, 'validation.settingRange'],
      ['bms.charge_stop_soc_pct', 49, 'validation.settingRange'],
      ['bms.discharge_stop_soc_pct', 51, 'validation.settingRange'],
      ['sts.reconnect_delay_s', 901, 'validation.settingRange'],
      ['generator.start_soc_pct', 4, 'validation.settingRange'],
      ['generator.stop_soc_pct', 101, 'validation.settingRange'],
      ['meter.ct_ratio', 0, 'validation.settingRange'],
      ['pcs.enabled', 'true', 'validation.invalidValue'],
      ['pcs.max_charge_w', '5000', 'validation.invalidValue'],
      ['pcs.reactive_mode', 'q_p', 'validation.invalidValue'],
      ['meter.demand_window_min', 15, 'validation.invalidValue'],
    ];
    for (const [name, value, message] of refused)
      expect(settingsIssues({ [name]: value }, ems()), `${name} = ${value}`).toEqual([
        { field: name, message },
      ]);
    // the bounds themselves are taken
    for (const [name, value] of [
      ['pcs.ramp_pct_min', 1],
      ['pcs.ramp_pct_min', 100],
      ['pcs.power_factor', 0.8],
      ['sts.reconnect_delay_s', 900],
      ['meter.ct_ratio', 5000],
    ] as const)
      expect(settingsIssues({ [name]: value }, ems()), `${name} = ${value}`).toEqual([]);
  });

  it('keep the BMS’s discharge stop SOC below its charge stop SOC, with the values last read', () => {
    expect(
      settingsIssues({ 'bms.discharge_stop_soc_pct': 50, 'bms.charge_stop_soc_pct': 50 }, ems()),
    ).toEqual([{ field: 'bms.charge_stop_soc_pct', message: 'validation.socOrder' }]);
    const current = { 'bms.charge_stop_soc_pct': 60, 'bms.discharge_stop_soc_pct': 10 };
    expect(settingsIssues({ 'bms.discharge_stop_soc_pct': 50 }, ems(current))).toEqual([]);
    expect(
      settingsIssues(
        { 'bms.charge_stop_soc_pct': 50 },
        ems({ ...current, 'bms.discharge_stop_soc_pct': 50 }),
      ),
    ).toEqual([{ field: 'bms.charge_stop_soc_pct', message: 'validation.socOrder' }]);
    expect(
      settingsIssues(
        { 'bms.charge_stop_soc_pct': 51 },
        ems({ ...current, 'bms.discharge_stop_soc_pct': 50 }),
      ),
    ).toEqual([]);
  });

  it('keep the generator’s start SOC below its stop SOC', () => {
    expect(settingsIssues({ 'generator.start_soc_pct': 40, 'generator.stop_soc_pct': 40 }, ems())).toEqual([
      { field: 'generator.stop_soc_pct', message: 'validation.socOrder' },
    ]);
    const current = { 'generator.start_soc_pct': 20, 'generator.stop_soc_pct': 80 };
    expect(settingsIssues({ 'generator.start_soc_pct': 85 }, ems(current))).toEqual([
      { field: 'generator.start_soc_pct', message: 'validation.socOrder' },
    ]);
    expect(settingsIssues({ 'generator.start_soc_pct': 79 }, ems(current))).toEqual([]);
    expect(settingsIssues({ 'generator.stop_soc_pct': 20 }, ems(current))).toEqual([
      { field: 'generator.stop_soc_pct', message: 'validation.socOrder' },
    ]);
  });

  it('are unknown on every other device type', () => {
    for (const type of deviceTypes.filter((t) => t !== DeviceType.energyManagementBox))
      for (const name of ['pcs.max_charge_w', 'bms.charge_stop_soc_pct', 'generator.auto_start'])
        expect(
          settingsIssues(
            { [name]: name === 'generator.auto_start' ? true : 60 },
            { ...ems(), deviceType: type },
          ),
          `type ${type} ${name}`,
        ).toEqual([{ field: name, message: 'validation.settingUnknown' }]);
    expect(settingsIssues({ 'pcs.nonsense': 1 }, ems())).toEqual([
      { field: 'pcs.nonsense', message: 'validation.settingUnknown' },
    ]);
  });

  it('keep the PCS’s powers within the device’s rating', () => {
    expect(settingsIssues({ 'pcs.max_charge_w': 100_001 }, ems())).toEqual([
      { field: 'pcs.max_charge_w', message: 'validation.aboveRating' },
    ]);
    expect(settingsIssues({ 'pcs.max_discharge_w': 120_000 }, ems())).toEqual([
      { field: 'pcs.max_discharge_w', message: 'validation.aboveRating' },
    ]);
    expect(settingsIssues({ 'pcs.max_charge_w': 100_000 }, ems())).toEqual([]);
    // a rating not known: the catalogue's bound only
    expect(settingsIssues({ 'pcs.max_charge_w': 1_000_000 }, ems({}, null))).toEqual([]);
    expect(settingsIssues({ 'pcs.max_charge_w': 1_000_001 }, ems({}, null))).toEqual([
      { field: 'pcs.max_charge_w', message: 'validation.settingRange' },
    ]);
  });
});

describe('the EMS 5000 state sets', () => {
  it('number each set’s states by their place, and name them back', () => {
    for (const [set, names] of Object.entries(emsPartStates) as [
      keyof typeof emsPartStates,
      readonly string[],
    ][]) {
      names.forEach((name, code) => {
        expect(emsStateCode(set, name as never), `${set} ${name}`).toBe(code);
        expect(emsStateName(set, code), `${set} ${code}`).toBe(name);
      });
      expect(emsStateName(set, names.length)).toBeUndefined();
      expect(emsStateName(set, -1)).toBeUndefined();
    }
    expect(emsStateCode('pcs', 'discharging')).toBe(4);
    expect(emsStateCode('generator', 'running')).toBe(2);
    expect(emsStateCode('ems', 'island')).toBe(2);
    expect(emsStateName('meter', 1)).toBe('communication_fault');
  });

  it('name nothing that is not an integer', () => {
    for (const code of [1.5, '1', null, undefined, Number.NaN, true])
      expect(emsStateName('bms', code), String(code)).toBeUndefined();
  });

  it('are the only states each part’s state field takes', () => {
    const shape = energyManagementValues.shape;
    expect(shape.state.safeParse(emsPartStates.ems.length - 1).success).toBe(true);
    expect(shape.state.safeParse(emsPartStates.ems.length).success).toBe(false);
    for (const part of emsParts) {
      const state = shape[part].unwrap().shape.state;
      const count = emsPartStates[part].length;
      expect(state.safeParse(count - 1).success, part).toBe(true);
      expect(state.safeParse(count).success, part).toBe(false);
    }
  });
});

describe('the console’s lists', () => {
  it('name, for each part, values of the part’s schema', () => {
    for (const part of emsParts) {
      const fields = Object.keys(energyManagementValues.shape[part].unwrap().shape);
      for (const field of [...emsKeyFields[part], ...emsChartFields[part]])
        expect(fields, part).toContain(field);
    }
    expect(emsModeKinds).toContain('generator_support');
  });
});

describe('the generator support mode', () => {
  const body = { kind: 'generator_support' as const, ...systemTemplates.generator_support };

  it('has a system template that passes, and refuses a floor at or above the limit', () => {
    expect(templateIssues(body, { ratedPowerW: 100_000 })).toEqual([]);
    expect(templateIssues({ ...body, min_soc_pct: 100 })).toEqual([
      { field: 'min_soc_pct', message: 'validation.socOrder' },
    ]);
  });

  it('makes a strategy command the device takes, with its import limit', () => {
    const withLimit = { ...body, max_grid_w: 40_000 };
    expect(templateIssues(withLimit)).toEqual([]);
    const params = templateCommand(withLimit);
    expect(params).toMatchObject({ mode: 'generator_support', max_grid_w: 40_000, min_soc_pct: 20 });
    expect(strategyCommandIssues(params, { ratedPowerW: 100_000 })).toEqual([]);
    const program = parseStrategy(params);
    expect(program.mode).toBe('generator_support');
    expect(program.maxGridW).toBe(40_000);
    expect(program.minSocPct).toBe(20);
    expect(program.maxSocPct).toBe(100);
    // without a limit the generator only runs at the floor: no maxGridW
    const floorOnly = templateCommand(body);
    expect(strategyCommandIssues(floorOnly, { ratedPowerW: 100_000 })).toEqual([]);
    expect(parseStrategy(floorOnly).maxGridW).toBeUndefined();
  });

  it('runs on the EMS 5000 through its PCS, on the others through the battery', () => {
    expect(strategyDeviceTypes).toContain(DeviceType.energyManagementBox);
    expect(strategyGroup(DeviceType.energyManagementBox)).toBe('pcs');
    for (const type of strategyDeviceTypes.filter((t) => t !== DeviceType.energyManagementBox))
      expect(strategyGroup(type), `type ${type}`).toBe('battery');
  });
});

describe('the EMS 5000 calls’ bodies', () => {
  const messages = (result: {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) => (result.success ? [] : result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));

  it('sys/rw reads "1", "true" and true as a read, "0" and "false" as none, and defaults to none', () => {
    for (const read of ['1', 'true', true, 1])
      expect(sysRw.body.parse({ station_id: '7', part: 'bms', read }), String(read)).toEqual({
        station_id: 7,
        part: 'bms',
        read: true,
      });
    expect(sysRw.body.parse({ station_id: 7, part: 'pcs' }).read).toBe(false);
    for (const read of ['0', 'false', false, 0])
      expect(sysRw.body.parse({ station_id: 7, part: 'pcs', read }).read, String(read)).toBe(false);
    for (const read of ['yes', 2, 'on'])
      expect(messages(sysRw.body.safeParse({ station_id: 7, part: 'pcs', read })), String(read)).toEqual([
        ['read', 'validation.invalidValue'],
      ]);
    expect(messages(sysRw.body.safeParse({ station_id: 7, part: 'ats' }))).toEqual([
      ['part', 'validation.invalidValue'],
    ]);
  });

  it('ex takes a day and refuses a date that is not one with chartDate', () => {
    expect(ex.body.parse({ station_id: 7, part: 'pvs', date: '2026-03-01' }).date).toBe('2026-03-01');
    expect(ex.body.parse({ station_id: 7, part: 'pvs' }).date).toBeUndefined();
    for (const date of ['2026-02-30', '2026-03', '01.03.2026', 'yesterday'])
      expect(messages(ex.body.safeParse({ station_id: 7, part: 'pvs', date })), date).toEqual([
        ['date', 'validation.chartDate'],
      ]);
  });

  it('set/save refuses an empty change set', () => {
    const save = { station_id: 7, part: 'pcs', key: ID };
    expect(setSave.body.safeParse({ ...save, changes: { max_charge_w: 50_000 } }).success).toBe(true);
    expect(messages(setSave.body.safeParse({ ...save, changes: {} }))).toEqual([
      ['changes', 'validation.invalidValue'],
    ]);
    expect(messages(setSave.body.safeParse({ ...save, key: 'again', changes: { enabled: true } }))).toEqual([
      ['key', 'validation.invalidValue'],
    ]);
  });

  it('set/save names a change set that is no object, or a value of another type, with a translated key', () => {
    const save = { station_id: 7, part: 'pcs', key: ID };
    expect(messages(setSave.body.safeParse({ ...save, changes: 'x' }))).toEqual([
      ['changes', 'validation.invalidValue'],
    ]);
    expect(messages(setSave.body.safeParse({ ...save, changes: { max_charge_w: { w: 1 } } }))).toEqual([
      ['changes.max_charge_w', 'validation.invalidValue'],
    ]);
  });

  it('polling/reply refuses a command id that is not a UUID', () => {
    expect(pollingReply.body.parse({ command_id: ID, part: 'bms' })).toEqual({ command_id: ID, part: 'bms' });
    for (const commandId of ['42', '', `${ID}x`, 'not-a-uuid'])
      expect(messages(pollingReply.body.safeParse({ command_id: commandId })), commandId).toEqual([
        ['command_id', 'validation.invalidValue'],
      ]);
  });
});

describe('a mode’s fields as the console edits them', () => {
  it('names what each kind requires, and bounds powers by the EMS’s rating', () => {
    const manual = emsModeFields('manual', 100_000);
    expect(manual.find((field) => field.name === 'manual_power_w')).toEqual({
      name: 'manual_power_w',
      required: true,
      unit: 'W',
      min: -100_000,
      max: 100_000,
    });
    const peak = emsModeFields('peak_shaving', null);
    expect(peak.find((field) => field.name === 'max_grid_w')).toMatchObject({ required: true, unit: 'W' });
    expect(peak.find((field) => field.name === 'min_soc_pct')).toMatchObject({
      required: false,
      min: 5,
      max: 100,
    });
    expect(emsModeFields('tou', null).find((field) => field.name === 'charge_slots')).toMatchObject({
      required: true,
      min: 1,
      max: 3,
    });
    expect(emsModeFields('generator_support', null).map((field) => field.name)).toEqual([
      'priority',
      'max_soc_pct',
      'min_soc_pct',
      'max_grid_w',
    ]);
  });
});
