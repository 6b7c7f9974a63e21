/**
 * The simulator as a library: what the portal's demo plants (in-process) and the CLI use.
 *
 * 1. `createStationSimulation` makes a station: its plant (physics) and its virtual devices.
 * 2. `backfill` writes the history of stations from one time to another through the device
 *    protocol's backfill path, as fast as the portal acknowledges.
 * 3. `startFleet` runs them live (faults, uplink drops, commands) until `stop()`.
 *
 * The same station objects go through all three, so counters and sequence numbers carry on.
 * Readings are never stamped ahead of the real clock (see `runtime/clock.ts`).
 */
export type { FaultDefinition } from '@helio/contracts/device-link';
export { faultCatalogue } from '@helio/contracts/device-link';
export type { CommandTiming, LinkCounters, SimulatorLog } from './devices/link.ts';
export { plantCountersFrom } from './devices/telemetry/plant-counters.ts';
export type { ReportPlan, StationDevice } from './devices/telemetry/report-plan.ts';
export { planStation } from './devices/telemetry/report-plan.ts';
export { reportValues } from './devices/telemetry/report-values.ts';
export type { UpgradeFailureKind } from './devices/upgrade.ts';
export { upgradeFailureKinds } from './devices/upgrade.ts';
export { VirtualDevice } from './devices/virtual-device.ts';
export type {
  EnergyCounters,
  GeneratorState,
  Plant,
  PlantConfig,
  PlantControl,
  PlantState,
  TransferState,
} from './plant/model.ts';
export type { Place, PresetOptions } from './plant/presets.ts';
export { defaultOutageMinutes, samplePlantConfig, withGridOutages } from './plant/presets.ts';
export type { BackfillOptions, BackfillProgress, BackfillResult } from './runtime/backfill.ts';
export { backfill } from './runtime/backfill.ts';
export { SimulationClock } from './runtime/clock.ts';
export type { Fleet, FleetOptions, FleetStats } from './runtime/fleet.ts';
export { startFleet } from './runtime/fleet.ts';
export type { DeviceDefinition, StationDefinition } from './runtime/station.ts';
export { createStationSimulation, StationSimulation } from './runtime/station.ts';
