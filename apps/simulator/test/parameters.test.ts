import { DeviceType, gridStandardOf, protectionSettingNames, StationType } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import {
  DeviceParameters,
  defaultNetwork,
  gridStandardFor,
  plantControlOf,
  reportIntervalOption,
  siteGroups,
} from '../src/devices/parameters.ts';
import type { PlantConfig } from '../src/plant/model.ts';
import { samplePlantConfig } from '../src/plant/presets.ts';
import { placesNamed } from '../src/runtime/places.ts';
import { essConfig, places, pvOnlyConfig } from './plant-support.ts';

/** A device's parameter values: defaults by type, site and country, checks all or nothing, physics. */

const place = placesNamed(['milan'])[0]!;

function parametersOf(
  deviceType: DeviceType,
  plant: PlantConfig,
  options: { countryCode?: string; ratedPowerW?: number; runIntervalS?: number } = {},
): DeviceParameters {
  return new DeviceParameters(
    { deviceType, plant, countryCode: options.countryCode, ratedPowerW: options.ratedPowerW, seed: 5 },
    options.runIntervalS ?? 300,
  );
}

describe('defaults', () => {
  it('a residential hybrid inverter in Italy: CEI 0-21 with its protection defaults, the plant battery, no limits', () => {
    const plant = essConfig(places.munich, 'self_consumption');
    const values = parametersOf(DeviceType.inverter, plant, {
      countryCode: 'IT',
      ratedPowerW: 6000,
    }).values();
    const cei = gridStandardOf('CEI_0_21')!;
    expect(values.grid_standard).toBe('CEI_0_21');
    for (const name of protectionSettingNames) expect(values[name], name).toBe(cei.settings[name].default);
    expect(values).toMatchObject({
      export_limit_enabled: false,
      export_limit_w: 6000,
      active_power_pct: 100,
      reactive_mode: 'off',
      power_factor: 1,
      pf_excitation: 'over',
      charge_1_start: '00:00',
      charge_1_end: '00:00',
      discharge_3_start: '00:00',
      discharge_3_end: '00:00',
      charge_stop_soc_pct: 95,
      discharge_stop_soc_pct: 10,
      discharge_stop_v: 44,
      max_charge_w: 5000,
      max_discharge_w: 5000,
      report_interval_s: '300',
      time_zone: 'Europe/Berlin',
      clock_offset_s: 0,
      net_link: 'wifi',
      net_dhcp: true,
    });
    expect(values.net_ip).toMatch(/^192\.168\.\d+\.\d+$/);
    expect(values.net_signal_dbm).toBeLessThan(-40);
    // an on-grid site without generator has no off-grid group
    expect(values).not.toHaveProperty('output_voltage_v');
    expect(values).not.toHaveProperty('gen_start_soc_pct');
  });

  it('a country without a standard of its own follows EN 50549-1; no country too', () => {
    expect(gridStandardFor('PL').code).toBe('EN_50549_1');
    expect(gridStandardFor('BR').code).toBe('EN_50549_1');
    expect(gridStandardFor(undefined).code).toBe('EN_50549_1');
    expect(gridStandardFor('de').code).toBe('VDE_AR_N_4105');
  });

  it('leaves out the groups the site lacks', () => {
    const pvOnly = pvOnlyConfig(places.munich, 30);
    expect(siteGroups(DeviceType.inverter, pvOnly)).toEqual(['grid', 'export', 'power', 'system', 'network']);
    const offGrid = samplePlantConfig(StationType.offGrid, place, 3);
    expect(siteGroups(DeviceType.offGrid, offGrid)).toEqual(['battery', 'offgrid', 'system', 'network']);
    const ci = samplePlantConfig(StationType.commercialEss, place, 3);
    expect(siteGroups(DeviceType.commercialHybrid, ci)).toEqual([
      'grid',
      'export',
      'power',
      'battery',
      'offgrid',
      'system',
      'network',
    ]);
    expect(siteGroups(DeviceType.battery, ci)).toEqual(['system']);
    expect(siteGroups(DeviceType.meter, ci)).toEqual(['system']);
  });

  it('an off-grid inverter: generator thresholds, the standard’s output voltage and frequency', () => {
    const offGrid = samplePlantConfig(StationType.offGrid, place, 3);
    const values = parametersOf(DeviceType.offGrid, offGrid, { countryCode: 'IT' }).values();
    expect(values).toMatchObject({
      gen_start_soc_pct: 20,
      gen_stop_soc_pct: 80,
      output_voltage_v: '230',
      output_frequency_hz: '50',
    });
    expect(values).not.toHaveProperty('grid_standard');
    const us = parametersOf(DeviceType.offGrid, offGrid, { countryCode: 'US' }).values();
    expect(us).toMatchObject({ output_voltage_v: '120', output_frequency_hz: '60' });
  });

  it('power defaults never exceed the rating; a large pack has a higher stop voltage', () => {
    const plant = samplePlantConfig(StationType.commercialEss, place, 3);
    const values = parametersOf(DeviceType.commercialHybrid, plant, { ratedPowerW: 10_000 }).values();
    expect(values.max_charge_w).toBe(10_000);
    expect(values.export_limit_w).toBe(10_000);
    expect(values.discharge_stop_v).toBeGreaterThan(300);
  });

  it('network: by type, drawn once from the seed', () => {
    expect(defaultNetwork(DeviceType.dataLogger, 1)).toMatchObject({ net_link: 'ethernet' });
    expect(defaultNetwork(DeviceType.dataLogger, 1)).not.toHaveProperty('net_signal_dbm');
    expect(defaultNetwork(DeviceType.chargingPile, 1)).toMatchObject({ net_link: 'cellular' });
    expect(defaultNetwork(DeviceType.chargingPile, 1).net_ip).toMatch(/^10\./);
    expect(defaultNetwork(DeviceType.inverter, 7)).toEqual(defaultNetwork(DeviceType.inverter, 7));
  });

  it('reports at the run’s interval, as the nearest option', () => {
    expect(reportIntervalOption(60)).toBe('60');
    expect(reportIntervalOption(5)).toBe('60');
    expect(reportIntervalOption(400)).toBe('300');
    const parameters = parametersOf(DeviceType.inverter, pvOnlyConfig(places.munich, 30), {
      runIntervalS: 5,
    });
    expect(parameters.reportIntervalS).toBe(5);
    expect(parameters.values().report_interval_s).toBe('60');
  });
});

describe('a change', () => {
  const plant = essConfig(places.munich, 'self_consumption');

  it('is refused whole when one value is out of its range or above the rating', () => {
    const parameters = parametersOf(DeviceType.inverter, plant, { countryCode: 'IT', ratedPowerW: 6000 });
    const before = parameters.values();
    const { issues } = parameters.check({ export_limit_enabled: true, export_limit_w: 8000 });
    expect(issues).toEqual([{ field: 'export_limit_w', message: 'validation.aboveRating' }]);
    expect(parameters.values()).toEqual(before);
    expect(parameters.check({ net_ip: '10.0.0.2' }).issues).toEqual([
      { field: 'net_ip', message: 'validation.settingReadOnly' },
    ]);
    expect(parameters.check({ charge_1_start: '03:00', charge_1_end: '02:00' }).issues).toEqual([
      { field: 'charge_1_end', message: 'validation.timeRangeOrder' },
    ]);
  });

  it('a parameter of a group the site lacks is unknown to the device', () => {
    const parameters = parametersOf(DeviceType.inverter, pvOnlyConfig(places.munich, 30));
    expect(parameters.check({ max_charge_w: 1000 }).issues).toEqual([
      { field: 'max_charge_w', message: 'validation.settingUnknown' },
    ]);
    // a generator threshold on an off-grid site without a generator
    const noGenerator = { ...samplePlantConfig(StationType.offGrid, place, 3), generator: undefined };
    const offGrid = parametersOf(DeviceType.offGrid, noGenerator);
    expect(offGrid.check({ gen_start_soc_pct: 30 }).issues).toEqual([
      { field: 'gen_start_soc_pct', message: 'validation.settingUnknown' },
    ]);
  });

  it('a new grid standard brings its protection defaults', () => {
    const parameters = parametersOf(DeviceType.inverter, plant, { countryCode: 'IT', ratedPowerW: 6000 });
    const { changes, issues } = parameters.check({ grid_standard: 'VDE_AR_N_4105' });
    expect(issues).toEqual([]);
    parameters.apply(changes);
    const vde = gridStandardOf('VDE_AR_N_4105')!;
    const values = parameters.values();
    for (const name of protectionSettingNames) expect(values[name], name).toBe(vde.settings[name].default);
  });

  it('applied, answers what it does physically', () => {
    const parameters = parametersOf(DeviceType.inverter, plant, { ratedPowerW: 6000 });
    const { changes, issues } = parameters.check({
      export_limit_enabled: true,
      export_limit_w: 2500,
      charge_1_start: '01:00',
      charge_1_end: '04:30',
      discharge_1_start: '18:00',
      discharge_1_end: '21:00',
      discharge_stop_soc_pct: 30,
      report_interval_s: '60',
      power_factor: 0.95,
    });
    expect(issues).toEqual([]);
    expect(parameters.apply(changes)).toEqual({
      exportLimitW: 2500,
      slots: [
        { kind: 'charge', startMin: 60, endMin: 270 },
        { kind: 'discharge', startMin: 18 * 60, endMin: 21 * 60 },
      ],
      dischargeStopSocPct: 30,
    });
    expect(parameters.reportIntervalS).toBe(60);
    expect(parameters.values()).toMatchObject({ export_limit_w: 2500, power_factor: 0.95 });
  });

  it('export limit off is no limit, whatever its value', () => {
    expect(plantControlOf({ export_limit_enabled: false, export_limit_w: 100 })).toEqual({
      exportLimitW: null,
    });
  });

  it('restoring the defaults brings every value back (the network stays) and says so physically', () => {
    const parameters = parametersOf(DeviceType.inverter, plant, { ratedPowerW: 6000, runIntervalS: 60 });
    const defaults = parameters.values();
    const { changes } = parameters.check({
      active_power_pct: 50,
      max_charge_w: 2000,
      report_interval_s: '900',
    });
    parameters.apply(changes);
    parameters.setNetwork({
      dhcp: false,
      ip: '192.168.5.20',
      mask: '255.255.255.0',
      gateway: '192.168.5.1',
      dns: '1.1.1.1',
    });
    parameters.syncClock('Europe/Rome');
    expect(parameters.reportIntervalS).toBe(900);
    const control = parameters.restoreDefaults();
    expect(control).toMatchObject({
      exportLimitW: null,
      activePowerPct: 100,
      slots: [],
      chargeStopSocPct: 95,
      dischargeStopSocPct: 10,
      maxChargeW: 5000,
      maxDischargeW: 5000,
    });
    expect(parameters.reportIntervalS).toBe(60);
    expect(parameters.values()).toEqual({
      ...defaults,
      net_dhcp: false,
      net_ip: '192.168.5.20',
      net_gateway: '192.168.5.1',
      net_dns: '1.1.1.1',
    });
    parameters.setNetwork({ dhcp: true });
    expect(parameters.values()).toEqual(defaults);
  });
});
