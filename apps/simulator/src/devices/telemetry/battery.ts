/** What a battery (BMS) reports, and the battery physics the EMS 5000's PCS and BMS report too. */
import { MAX_BMS_CLUSTERS, PartState } from '@helio/contracts/device-link';
import { Channel, clamp, type DeviceReading, IDLE_W, round } from './reading.ts';

/** Batteries sit indoors or in a conditioned cabinet: they follow the weather only in part. */
export function batteryTemperatureC(reading: DeviceReading, powerW: number, ratedW: number): number {
  const ambient = reading.state.weather.ambientC;
  const room = 18 + 0.35 * (ambient - 15);
  const heat = ratedW > 0 ? (6 * Math.abs(powerW)) / ratedW : 0;
  return round(clamp(room + heat + reading.vary(Channel.batteryTemperature, 0.5), -30, 70), 1);
}

/** Battery voltage of a system of `nominalV` at the plant's SOC; charging lifts it, discharging lowers it. */
export function batteryVoltageV(
  reading: DeviceReading,
  nominalV: number,
  powerW: number,
  ratedW: number,
): number {
  const soc = reading.state.socPct;
  const loading = ratedW > 0 ? clamp(powerW / ratedW, -1, 1) : 0;
  return round(nominalV * (0.93 + 0.0011 * soc + 0.012 * loading), 1);
}

/** Batteries: 51.2 V low-voltage packs up to 15 kWh, 409.6 V above, 768 V for C&I racks. */
export function batteryNominalV(capacityKwh: number): number {
  if (capacityKwh <= 15) return 51.2;
  if (capacityKwh <= 100) return 409.6;
  return 768;
}

/** A rack of C&I cells holds about this much, kWh: the BMS reports one cluster per rack. */
const clusterKwh = 150;
/** An LFP cell's nominal voltage, V. */
export const CELL_NOMINAL_V = 3.2;

/**
 * How a BMS's battery is built: racks (clusters, one per ~150 kWh, at most MAX_BMS_CLUSTERS) in
 * parallel, each a string of LFP cells in series at the system's nominal voltage.
 */
export function bmsLayout(capacityKwh: number): { clusters: number; cellsPerCluster: number } {
  return {
    clusters: Math.min(MAX_BMS_CLUSTERS, Math.max(1, Math.round(capacityKwh / clusterKwh))),
    cellsPerCluster: Math.round(batteryNominalV(capacityKwh) / CELL_NOMINAL_V),
  };
}

/** A device that converts the battery's power: charging, discharging, halted when empty, or idle. */
export function batteryState(reading: DeviceReading, powerW: number): PartState {
  if (powerW > IDLE_W) return PartState.charging;
  if (powerW < -IDLE_W) return PartState.discharging;
  const minimum = reading.config.battery?.minSocPct ?? 0;
  // empty and nothing to charge from: the converter halts until PV or the grid comes back
  return reading.state.socPct <= minimum + 0.5 ? PartState.halt : PartState.standby;
}

/** Battery (device type 2, protocol section 4.2); power positive while charging. */
export function batteryValues(reading: DeviceReading): Record<string, unknown> {
  const { share, ratedPowerW } = reading.plan;
  const powerW = reading.state.batteryW * share;
  const capacity = (reading.config.battery?.capacityKwh ?? 10) * share;
  const voltage = batteryVoltageV(reading, batteryNominalV(capacity), powerW, ratedPowerW);
  return {
    state: reading.stopped('device') ? PartState.fault : batteryState(reading, powerW),
    power_w: round(powerW, 0),
    soc_pct: round(reading.state.socPct, 1),
    soh_pct: round(reading.state.sohPct, 1),
    voltage_v: voltage,
    current_a: round(powerW / voltage, 2),
    temperature_c: batteryTemperatureC(reading, powerW, ratedPowerW),
    charge_kwh: reading.counter('charge_kwh'),
    discharge_kwh: reading.counter('discharge_kwh'),
  };
}
