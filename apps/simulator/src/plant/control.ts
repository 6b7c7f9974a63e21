import type { StrategyProgram } from '@helio/contracts';
import { defaultSts } from './grid.ts';
import type { PlantConfig, PlantControl } from './model.ts';
import type { HardwareLimits } from './settings.ts';

/**
 * What a device's settings do to its plant (`Plant.control`): the export limit, the active power
 * limit, the battery's slots (they end a strategy), stop SOC and power limits, the generator's SOC
 * thresholds, start, power cap, warm-up and cool-down, the converters switched on or off, the BMS's
 * balancing, the transfer switch and the meter's demand window. The values were checked by the device (the catalogue's rules), so nothing is refused
 * here; a power limit is held at what the hardware allows, and what the site lacks is ignored.
 */
export function applyControl(config: PlantConfig, hardware: HardwareLimits, control: PlantControl): void {
  if (control.exportLimitW !== undefined) {
    if (control.exportLimitW === null) delete config.exportLimitW;
    else config.exportLimitW = Math.max(0, control.exportLimitW);
  }
  if (control.activePowerPct !== undefined) {
    config.activePowerPct = Math.min(100, Math.max(0, control.activePowerPct));
  }
  // mutated in place: the plant's battery model holds this object
  const battery = config.battery;
  if (battery) {
    if (control.slots !== undefined) {
      // the latest wins: slots written end a strategy
      battery.slots = control.slots.map((slot) => ({ ...slot }));
      delete battery.strategy;
    }
    if (control.chargeStopSocPct !== undefined) battery.maxSocPct = control.chargeStopSocPct;
    if (control.dischargeStopSocPct !== undefined) battery.minSocPct = control.dischargeStopSocPct;
    if (control.maxChargeW !== undefined)
      battery.maxChargeW = Math.min(hardware.maxChargeW, Math.max(0, control.maxChargeW));
    if (control.maxDischargeW !== undefined)
      battery.maxDischargeW = Math.min(hardware.maxDischargeW, Math.max(0, control.maxDischargeW));
  }
  if (battery) {
    if (control.balancing !== undefined) battery.balancing = control.balancing;
    if (control.balanceStartMv !== undefined) battery.balanceStartMv = control.balanceStartMv;
  }
  if (control.pcsEnabled !== undefined) config.pcsEnabled = control.pcsEnabled;
  if (control.pvEnabled !== undefined) config.pvEnabled = control.pvEnabled;
  const generator = config.generator;
  if (generator) {
    if (control.generatorStartSocPct !== undefined) generator.startSocPct = control.generatorStartSocPct;
    if (control.generatorStopSocPct !== undefined) generator.stopSocPct = control.generatorStopSocPct;
    if (control.generatorAutoStart !== undefined) generator.autoStart = control.generatorAutoStart;
    if (control.generatorMaxPowerPct !== undefined)
      generator.maxPowerPct = Math.min(100, Math.max(0, control.generatorMaxPowerPct));
    if (control.generatorWarmupS !== undefined) generator.warmupS = Math.max(0, control.generatorWarmupS);
    if (control.generatorCooldownS !== undefined)
      generator.cooldownS = Math.max(0, control.generatorCooldownS);
  }
  if (config.gridConnected) {
    config.sts ??= { ...defaultSts };
    const sts = config.sts;
    if (control.stsIslandEnabled !== undefined) sts.islandEnabled = control.stsIslandEnabled;
    if (control.stsTransferMode !== undefined) sts.transferMode = control.stsTransferMode;
    if (control.stsReconnectDelayS !== undefined)
      sts.reconnectDelayS = Math.max(0, control.stsReconnectDelayS);
    if (control.demandWindowMin !== undefined) config.demandWindowMin = control.demandWindowMin;
  }
}

/** A battery strategy replaces the settings' slots (cleared) and the mode; a site without a battery ignores it. */
export function applyStrategy(config: PlantConfig, program: StrategyProgram): void {
  const battery = config.battery;
  if (!battery) return;
  battery.strategy = structuredClone(program);
  battery.slots = [];
}
