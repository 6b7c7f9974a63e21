import { DeviceType, deviceTypes, pileStates } from '@helio/contracts';
import { emsPartStates, emsStateCode, PartState } from '@helio/contracts/device-link';
import { describe, expect, it } from 'vitest';
import {
  fieldCluster,
  fieldLabelKey,
  fieldName,
  fieldPart,
  groupReading,
  knownFields,
  numberText,
  orderFields,
  partStateName,
  signConvention,
  stateTextKey,
  valueKind,
} from '../src/features/devices/lib/reading-fields.ts';
import en from '../src/locales/devices/en.json' with { type: 'json' };

/** A text of the devices part by its dotted key, undefined when there is none. */
function text(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
}

describe('the fields of a reading', () => {
  it('reads the kind of a value from its name, EMS parts included', () => {
    expect(valueKind('ac_power_w')).toBe('power');
    expect(valueKind('pcs.ac_power_w')).toBe('power');
    expect(valueKind('pv_kwh')).toBe('energy');
    expect(valueKind('bms.soc_pct')).toBe('percent');
    expect(valueKind('grid_voltage_v')).toBe('voltage');
    expect(valueKind('pv1_current_a')).toBe('current');
    expect(valueKind('bms.max_cell_temperature_c')).toBe('temperature');
    expect(valueKind('grid_frequency_hz')).toBe('frequency');
    expect(valueKind('signal_dbm')).toBe('signal');
    expect(valueKind('uptime_s')).toBe('duration');
    expect(valueKind('state')).toBe('state');
    expect(valueKind('sts.state')).toBe('state');
    expect(valueKind('pile_state')).toBe('pileState');
    expect(valueKind('power_factor')).toBe('ratio');
    expect(valueKind('buffered')).toBe('count');
    expect(valueKind('pcs.reactive_power_var')).toBe('reactive');
    expect(valueKind('mode')).toBe('mode');
    expect(valueKind('sts.transfers')).toBe('count');
    expect(valueKind('generator.run_hours')).toBe('hours');
    expect(valueKind('bms.clusters.2.max_cell_v')).toBe('cellVoltage');
    expect(numberText('cellVoltage', 3.3456)).toBe('3.346 V');
    expect(valueKind('something_new')).toBe('plain');
  });

  it('splits an EMS field into its part and its name', () => {
    expect(fieldPart('pcs.ac_power_w')).toBe('pcs');
    expect(fieldName('pcs.ac_power_w')).toBe('ac_power_w');
    expect(fieldPart('load_power_w')).toBeUndefined();
    expect(fieldPart('nopart.value')).toBeUndefined();
    expect(fieldLabelKey('bms.soc_pct')).toBe('devices.reading.field.soc_pct');
    expect(fieldPart('bms.clusters.2.soc_pct')).toBe('bms');
    expect(fieldName('bms.clusters.2.soc_pct')).toBe('soc_pct');
    expect(fieldCluster('bms.clusters.12.soc_pct')).toBe(12);
    expect(fieldCluster('bms.soc_pct')).toBeUndefined();
  });

  it('knows a kind and has a label for every field of every device type', () => {
    for (const type of deviceTypes) {
      for (const field of knownFields(type)) {
        expect(valueKind(field), field).not.toBe('plain');
        expect(typeof text(fieldLabelKey(field)), field).toBe('string');
      }
    }
  });

  it('has a name for every working state, pile state and group', () => {
    for (const name of Object.keys(PartState))
      expect(typeof text(`devices.reading.partState.${name}`)).toBe('string');
    for (const [set, names] of Object.entries(emsPartStates))
      for (const name of names)
        expect(typeof text(`devices.reading.emsState.${set}.${name}`), `${set}.${name}`).toBe('string');
    for (const state of pileStates) expect(typeof text(`devices.reading.pileState.${state}`)).toBe('string');
    for (const type of deviceTypes) {
      const groups = groupReading(type, [...knownFields(type), 'something_new']);
      for (const group of groups)
        expect(typeof text(`devices.reading.group.${group.id}`), group.id).toBe('string');
    }
  });

  it('names a working state by its number', () => {
    expect(partStateName(PartState.onGrid)).toBe('onGrid');
    expect(partStateName(PartState.standby)).toBe('standby');
    expect(partStateName(99)).toBeUndefined();
  });

  it('names an EMS 5000 part’s state from the part’s own set, and the EMS’s own state from the system’s', () => {
    const ems = DeviceType.energyManagementBox;
    expect(stateTextKey(ems, 'pcs.state', emsStateCode('pcs', 'discharging'))).toBe(
      'devices.reading.emsState.pcs.discharging',
    );
    expect(stateTextKey(ems, 'generator.state', emsStateCode('generator', 'cooling'))).toBe(
      'devices.reading.emsState.generator.cooling',
    );
    // the same number is another state in another part's set
    expect(stateTextKey(ems, 'bms.state', 1)).toBe('devices.reading.emsState.bms.charging');
    expect(stateTextKey(ems, 'sts.state', 1)).toBe('devices.reading.emsState.sts.island');
    expect(stateTextKey(ems, 'state', emsStateCode('ems', 'island'))).toBe(
      'devices.reading.emsState.ems.island',
    );
    expect(stateTextKey(ems, 'meter.state', 2)).toBeUndefined();
    // an inverter's state is still a PartState
    expect(stateTextKey(DeviceType.inverter, 'state', PartState.onGrid)).toBe(
      'devices.reading.partState.onGrid',
    );
  });

  it('shows each kind of number in its unit with the decimals of SPEC.md §9', () => {
    expect(numberText('power', 4200)).toBe('4.20 kW');
    expect(numberText('power', -1_500_000)).toBe('-1.50 MW');
    expect(numberText('energy', 1234.56)).toBe('1234.6 kWh');
    expect(numberText('percent', 85.5)).toBe('85.5 %');
    expect(numberText('voltage', 231.44)).toBe('231.4 V');
    expect(numberText('current', -12.06)).toBe('-12.1 A');
    expect(numberText('temperature', 41.5)).toBe('41.5 °C');
    expect(numberText('frequency', 50.014)).toBe('50.01 Hz');
    expect(numberText('signal', -71.6)).toBe('-72 dBm');
    expect(numberText('duration', 3600.4)).toBe('3600 s');
    expect(numberText('ratio', 0.987)).toBe('0.99');
    expect(numberText('count', 12)).toBe('12');
  });

  it('shows a missing number as a gap, never as 0', () => {
    expect(numberText('power', null)).toBe('--');
    expect(numberText('voltage', undefined)).toBe('--');
    expect(numberText('percent', Number.NaN)).toBe('--');
  });

  it('says what + means where the sign matters', () => {
    expect(signConvention(DeviceType.battery, 'power_w')).toBe('charging');
    expect(signConvention(DeviceType.chargingPile, 'power_w')).toBeUndefined();
    expect(signConvention(DeviceType.meter, 'grid_power_w')).toBe('import');
    expect(signConvention(DeviceType.energyManagementBox, 'pcs.ac_power_w')).toBe('charging');
    expect(signConvention(DeviceType.energyManagementBox, 'meter.grid_power_w')).toBe('import');
  });
});

describe('the groups of a reading', () => {
  it('groups an EMS 5000 by its parts, its own values first, in the protocol order', () => {
    const groups = groupReading(DeviceType.energyManagementBox, [
      'meter.grid_power_w',
      'bms.soc_pct',
      'pcs.state',
      'load_power_w',
      'pcs.ac_power_w',
      'bms.state',
    ]);
    expect(groups).toEqual([
      { id: 'system', fields: ['load_power_w'] },
      { id: 'pcs', fields: ['pcs.state', 'pcs.ac_power_w'] },
      { id: 'bms', fields: ['bms.state', 'bms.soc_pct'] },
      { id: 'meter', fields: ['meter.grid_power_w'] },
    ]);
  });

  it('groups other devices by what the values measure, unknown fields last', () => {
    const groups = groupReading(DeviceType.inverter, [
      'temperature_c',
      'pv_kwh',
      'grid_voltage_v',
      'ac_power_w',
      'state',
      'pv_power_w',
      'grid_frequency_hz',
      'zz_new',
    ]);
    expect(groups).toEqual([
      { id: 'status', fields: ['state'] },
      { id: 'power', fields: ['pv_power_w', 'ac_power_w'] },
      { id: 'energy', fields: ['pv_kwh'] },
      { id: 'electrical', fields: ['grid_voltage_v', 'grid_frequency_hz'] },
      { id: 'temperature', fields: ['temperature_c'] },
      { id: 'other', fields: ['zz_new'] },
    ]);
  });

  it('puts SOC and SOH of a battery together and a data logger under its connection', () => {
    expect(groupReading(DeviceType.battery, ['soh_pct', 'soc_pct']).map((group) => group)).toEqual([
      { id: 'battery', fields: ['soc_pct', 'soh_pct'] },
    ]);
    expect(groupReading(DeviceType.dataLogger, ['uptime_s', 'buffered', 'signal_dbm'])).toEqual([
      { id: 'link', fields: ['signal_dbm', 'buffered', 'uptime_s'] },
    ]);
  });

  it('orders fields as the type declares them, unknown ones by name after', () => {
    expect(orderFields(DeviceType.meter, ['b_new', 'export_kwh', 'a_new', 'grid_power_w'])).toEqual([
      'grid_power_w',
      'export_kwh',
      'a_new',
      'b_new',
    ]);
  });

  it('flattens the EMS 5000 parts as `part.field`', () => {
    const fields = knownFields(DeviceType.energyManagementBox);
    expect(fields.slice(0, 3)).toEqual(['state', 'mode', 'load_power_w']);
    expect(fields).toContain('pcs.ac_power_w');
    expect(fields).toContain('bms.clusters.1.max_cell_no');
    expect(fields).toContain('generator.generator_kwh');
    expect(fields.every((field) => !['pcs', 'bms', 'bms.clusters'].includes(field))).toBe(true);
  });

  it('orders a BMS’s clusters one after the other, each in the schema’s order', () => {
    expect(
      orderFields(DeviceType.energyManagementBox, [
        'bms.clusters.2.soc_pct',
        'bms.clusters.10.soc_pct',
        'bms.clusters.1.voltage_v',
        'bms.soc_pct',
        'bms.clusters.1.soc_pct',
      ]),
    ).toEqual([
      'bms.soc_pct',
      'bms.clusters.1.soc_pct',
      'bms.clusters.1.voltage_v',
      'bms.clusters.2.soc_pct',
      'bms.clusters.10.soc_pct',
    ]);
  });
});
