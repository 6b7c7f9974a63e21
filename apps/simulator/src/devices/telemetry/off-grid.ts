/** What an off-grid inverter reports: the island's PV, load and battery, and the load counter. */
import { PartState } from '@helio/contracts/device-link';
import { type DeviceReading, PV_CONVERTER_EFFICIENCY, round } from './reading.ts';

/** Off-grid inverter (device type 3, protocol section 4.3). */
export function offGridValues(reading: DeviceReading): Record<string, unknown> {
  const { share, ratedPowerW } = reading.plan;
  const pvW = reading.state.pvW * share;
  const loadW = (reading.state.loadW + reading.state.evW) * share;
  return {
    state: reading.stopped('device') ? PartState.fault : PartState.offGrid,
    pv_power_w: round(pvW > 0 ? pvW / PV_CONVERTER_EFFICIENCY : 0, 0),
    load_power_w: round(loadW, 0),
    battery_power_w: round(reading.state.batteryW * share, 0),
    soc_pct: round(reading.state.socPct, 1),
    ac_voltage_v: reading.phaseVoltage(),
    temperature_c: reading.temperature(Math.max(pvW, loadW) / Math.max(ratedPowerW, 1)),
    pv_kwh: reading.counter('pv_kwh'),
    load_kwh: reading.counter('load_kwh'),
  };
}
