/** What a meter reports at the grid connection point: grid power (+ import), load, the grid counters. */
import { Channel, clamp, type DeviceReading, round } from './reading.ts';

/** Meter (device type 6, protocol section 4.5). */
export function meterValues(reading: DeviceReading): Record<string, unknown> {
  const gridW = reading.state.gridW;
  // the power factor is poorer when little active power flows (reactive loads dominate)
  const flow = Math.min(1, Math.abs(gridW) / 3000);
  const powerFactor = clamp(0.86 + 0.13 * flow + reading.vary(Channel.powerFactor, 0.01), 0, 1);
  return {
    grid_power_w: round(gridW, 0),
    load_power_w: round(reading.state.loadW + reading.state.evW, 0),
    voltage_v: reading.phaseVoltage(),
    frequency_hz: reading.frequency(),
    power_factor: round(powerFactor, 3),
    import_kwh: reading.counter('import_kwh'),
    export_kwh: reading.counter('export_kwh'),
  };
}
