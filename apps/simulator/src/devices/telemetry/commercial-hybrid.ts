/** What a commercial hybrid reports: its share of the site's PV and battery, and the AC between them. */
import { PartState } from '@helio/contracts/device-link';
import { type DeviceReading, IDLE_W, PV_CONVERTER_EFFICIENCY, round } from './reading.ts';

/** Commercial hybrid inverter (device type 7, protocol section 4.6). */
export function commercialHybridValues(reading: DeviceReading): Record<string, unknown> {
  const { share, ratedPowerW } = reading.plan;
  const pvW = reading.state.pvW * share;
  const batteryW = reading.state.batteryW * share;
  const acW = pvW - batteryW;
  let state: PartState = reading.stopped('device')
    ? PartState.fault
    : reading.pvState(Math.max(pvW, Math.abs(batteryW)));
  if (state === PartState.standby && Math.abs(batteryW) > IDLE_W) state = PartState.onGrid;
  return {
    state,
    pv_power_w: round(pvW > 0 ? pvW / PV_CONVERTER_EFFICIENCY : 0, 0),
    ac_power_w: round(acW, 0),
    battery_power_w: round(batteryW, 0),
    soc_pct: round(reading.state.socPct, 1),
    grid_voltage_v: reading.lineVoltage(),
    temperature_c: reading.temperature(
      Math.max(Math.abs(acW), Math.abs(batteryW)) / Math.max(ratedPowerW, 1),
    ),
    pv_kwh: reading.counter('pv_kwh'),
    charge_kwh: reading.counter('charge_kwh'),
    discharge_kwh: reading.counter('discharge_kwh'),
  };
}
