/** What a PV inverter reports of its share of the plant's PV field, strings included. */
import { PartState } from '@helio/contracts/device-link';
import { Channel, clamp, type DeviceReading, PV_CONVERTER_EFFICIENCY, round } from './reading.ts';

/** Inverter (device type 1, protocol section 4.1). */
export function inverterValues(reading: DeviceReading): Record<string, unknown> {
  const { share, ratedPowerW } = reading.plan;
  const acW = reading.state.pvW * share;
  const dcW = acW > 0 ? acW / PV_CONVERTER_EFFICIENCY : 0;
  const strings = stringValues(reading, dcW);
  return {
    state: reading.stopped('device') ? PartState.fault : reading.pvState(acW),
    pv_power_w: round(dcW, 0),
    ac_power_w: round(acW, 0),
    ...strings,
    grid_voltage_v: reading.phaseVoltage(),
    grid_frequency_hz: reading.frequency(),
    temperature_c: reading.temperature(acW / Math.max(ratedPowerW, 1)),
    pv_kwh: reading.counter('pv_kwh'),
  };
}

/**
 * Two strings of modules sharing the DC power: each string's voltage follows the cell
 * temperature (−0.35 %/K) and falls a little in weak light; nothing at night.
 */
function stringValues(reading: DeviceReading, dcW: number): Record<string, number> {
  const capacityW = (reading.config.pv?.capacityKwp ?? 5) * 1000 * reading.plan.share;
  const modulesPerString = clamp(Math.round(capacityW / 420 / 2), 4, 22);
  const irradiance = reading.state.weather.poaIrradianceWm2;
  if (dcW <= 0 || irradiance < 5) {
    return { pv1_voltage_v: 0, pv1_current_a: 0, pv2_voltage_v: 0, pv2_current_a: 0 };
  }
  const cell = reading.state.weather.cellC;
  const perModule =
    34.5 * (1 - 0.0035 * (cell - 25)) * (1 + 0.035 * Math.log(Math.max(irradiance, 20) / 1000));
  const split = 0.5 + reading.vary(Channel.stringSplit, 0.02);
  const voltage1 = round(
    modulesPerString * perModule * (1 + reading.vary(Channel.stringSplit + 10, 0.01)),
    1,
  );
  const voltage2 = round(
    modulesPerString * perModule * (1 + reading.vary(Channel.stringSplit + 20, 0.01)),
    1,
  );
  return {
    pv1_voltage_v: voltage1,
    pv1_current_a: round((dcW * split) / voltage1, 2),
    pv2_voltage_v: voltage2,
    pv2_current_a: round((dcW * (1 - split)) / voltage2, 2),
  };
}
