/** What an EMS 5000 reports: the C&I site's system of record, every part the site has with its counters. */
import type { EmsPart } from '@helio/contracts/device-link';
import { PartState } from '@helio/contracts/device-link';
import { batteryNominalV, batteryState, batteryTemperatureC, batteryVoltageV } from './battery.ts';
import { Channel, type DeviceReading, PV_CONVERTER_EFFICIENCY, round } from './reading.ts';

/** EMS 5000 (device type 8, protocol section 4.7): the site's load and one object per part. */
export function energyManagementValues(reading: DeviceReading): Record<string, unknown> {
  const { share } = reading.plan;
  const state = reading.state;
  const values: Record<string, unknown> = { load_power_w: round((state.loadW + state.evW) * share, 0) };
  const partState = (part: EmsPart, working: PartState) =>
    reading.stopped(part) ? PartState.fault : working;
  const batteryRatedW = reading.config.battery
    ? Math.max(reading.config.battery.maxChargeW, reading.config.battery.maxDischargeW)
    : 1;
  const batteryW = state.batteryW * share;
  for (const part of reading.plan.parts) {
    switch (part) {
      case 'pcs':
        values.pcs = {
          state: partState('pcs', batteryState(reading, batteryW)),
          ac_power_w: round(batteryW, 0),
          ac_voltage_v: reading.lineVoltage(),
          temperature_c: reading.temperature(Math.abs(batteryW) / batteryRatedW, 22),
          charge_kwh: reading.counter('charge_kwh'),
          discharge_kwh: reading.counter('discharge_kwh'),
        };
        break;
      case 'pvs': {
        const pvW = state.pvW * share;
        const irradiance = state.weather.poaIrradianceWm2;
        const voltage =
          pvW > 0 && irradiance >= 5
            ? 720 *
              (1 - 0.0035 * (state.weather.cellC - 25)) *
              (1 + 0.03 * Math.log(Math.max(irradiance, 20) / 1000))
            : 0;
        values.pvs = {
          state: partState('pvs', pvW > 0 ? PartState.running : PartState.standby),
          pv_power_w: round(pvW > 0 ? pvW / PV_CONVERTER_EFFICIENCY : 0, 0),
          pv_voltage_v: round(Math.max(0, voltage), 1),
          pv_kwh: reading.counter('pv_kwh'),
        };
        break;
      }
      case 'bms': {
        const capacity = reading.config.battery?.capacityKwh ?? 200;
        const voltage = batteryVoltageV(reading, batteryNominalV(capacity), batteryW, batteryRatedW);
        values.bms = {
          state: partState('bms', batteryState(reading, batteryW)),
          soc_pct: round(state.socPct, 1),
          soh_pct: round(state.sohPct, 1),
          voltage_v: voltage,
          current_a: round(batteryW / voltage, 2),
          max_cell_temperature_c: round(
            batteryTemperatureC(reading, batteryW, batteryRatedW) +
              1.5 +
              reading.vary(Channel.cellTemperature, 0.4),
            1,
          ),
        };
        break;
      }
      case 'sts': {
        const connected = reading.config.gridConnected;
        values.sts = {
          state: partState('sts', connected ? PartState.onGrid : PartState.offGrid),
          grid_voltage_v: connected ? reading.lineVoltage() : 0,
          grid_frequency_hz: connected ? reading.frequency() : 0,
        };
        break;
      }
      case 'generator': {
        const ratedW = reading.config.generator?.ratedW ?? 1;
        const generatorW = state.generatorW * share;
        let working: PartState = PartState.standby;
        if (generatorW > 0) working = generatorW < ratedW * 0.05 ? PartState.starting : PartState.running;
        values.generator = {
          state: partState('generator', working),
          power_w: round(generatorW, 0),
          generator_kwh: reading.counter('generator_kwh'),
        };
        break;
      }
      case 'meter':
        values.meter = {
          grid_power_w: round(state.gridW, 0),
          import_kwh: reading.counter('import_kwh'),
          export_kwh: reading.counter('export_kwh'),
        };
        break;
    }
  }
  return values;
}
