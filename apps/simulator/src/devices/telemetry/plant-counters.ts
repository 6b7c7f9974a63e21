/** Protocol counters and plant counters in one map, so a restarted plant resumes from its devices. */
import type { DeviceType } from '@helio/contracts';
import { type EnergyCounter, type FlatValues, readCounters } from '@helio/contracts/device-link';
import type { EnergyCounters } from '../../plant/model.ts';

/** Where each counter of the protocol sits in the plant's counters. */
export const plantCounter: Record<EnergyCounter, keyof EnergyCounters> = {
  pv_kwh: 'pvKwh',
  charge_kwh: 'chargeKwh',
  discharge_kwh: 'dischargeKwh',
  import_kwh: 'importKwh',
  export_kwh: 'exportKwh',
  load_kwh: 'loadKwh',
  ev_kwh: 'evKwh',
  generator_kwh: 'generatorKwh',
};

/**
 * The plant's counters from its devices' latest readings (flattened values, as the portal stores
 * them): a plant that ran before (a demo restarted) carries on from there. Each counter comes
 * from one kind of device, and devices of one kind share it, so the plant's counter is the sum.
 */
export function plantCountersFrom(
  readings: readonly { deviceType: DeviceType; values: FlatValues }[],
): Partial<EnergyCounters> {
  const counters: Partial<EnergyCounters> = {};
  for (const { deviceType, values } of readings) {
    for (const [name, value] of Object.entries(readCounters(deviceType, values)) as [
      EnergyCounter,
      number,
    ][]) {
      const key = plantCounter[name];
      counters[key] = (counters[key] ?? 0) + value;
    }
  }
  return counters;
}
