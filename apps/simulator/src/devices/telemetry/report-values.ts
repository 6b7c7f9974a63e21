/** A reading's `values` by device type (protocol section 4): each device is a view onto its plant. */
import { DeviceType } from '@helio/contracts';
import type { PlantConfig, PlantState } from '../../plant/model.ts';
import { batteryValues } from './battery.ts';
import { chargingPileValues } from './charging-pile.ts';
import { commercialHybridValues } from './commercial-hybrid.ts';
import { dataLoggerValues } from './data-logger.ts';
import { energyManagementValues } from './ems.ts';
import { inverterValues } from './inverter.ts';
import { meterValues } from './meter.ts';
import { offGridValues } from './off-grid.ts';
import { type DeviceCondition, DeviceReading } from './reading.ts';
import type { ReportPlan } from './report-plan.ts';

/**
 * The plant is one station's physics; its devices are views onto it: an inverter reports the PV
 * field, a battery its SOC and power, a meter the grid connection point, an EMS 5000 all of it
 * through its parts. Who reports which counter is `planStation`'s (report-plan.ts).
 */

const valuesOf: Record<DeviceType, (reading: DeviceReading) => Record<string, unknown>> = {
  [DeviceType.inverter]: inverterValues,
  [DeviceType.battery]: batteryValues,
  [DeviceType.offGrid]: offGridValues,
  [DeviceType.chargingPile]: chargingPileValues,
  [DeviceType.meter]: meterValues,
  [DeviceType.commercialHybrid]: commercialHybridValues,
  [DeviceType.energyManagementBox]: energyManagementValues,
  [DeviceType.dataLogger]: dataLoggerValues,
};

/** Drops the fields left undefined (counters this device does not report), parts and their lists included. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    result[key] = Array.isArray(value)
      ? value.map((item) => (typeof item === 'object' && item !== null ? defined(item) : item))
      : typeof value === 'object' && value !== null
        ? defined(value as Record<string, unknown>)
        : value;
  }
  return result;
}

/**
 * The `values` of a reading of the device `plan` describes, with its station's plant in `state`.
 * They satisfy the protocol's schema of the device type.
 */
export function reportValues(
  plan: ReportPlan,
  config: PlantConfig,
  state: PlantState,
  condition: DeviceCondition = {},
): Record<string, unknown> {
  return defined(valuesOf[plan.deviceType](new DeviceReading(plan, config, state, condition)));
}
