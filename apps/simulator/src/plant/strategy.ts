import type { StrategyProgram, StrategySlot } from '@helio/contracts';
import type { LocalTime } from './local-time.ts';

/**
 * What a battery strategy (the protocol's `strategy` command, the contracts' `StrategyProgram`)
 * asks of a grid-connected battery at one step: the SOC window of the step and the power before
 * the step's limits. The battery's own limits (the `battery` parameters: stop SOCs, max powers)
 * stay outside: the plant clamps to them. Powers in W, + charge / − discharge.
 */

/** What the site does this step without the battery, W. */
export interface SiteFlows {
  /** PV output. */
  pvW: number;
  /** PV (and generator) minus the site's load and the wallbox: + surplus, − deficit. */
  surplusW: number;
  /** The part of the deficit that is the site's own load (not the car), ≥ 0. */
  siteDeficitW: number;
}

/** The SOC window of a step and the slot running in it. */
export interface StepWindow {
  floorSocPct: number;
  ceilingSocPct: number;
  /** True while a discharge slot runs: surplus above the export limit is not put into the battery then. */
  dischargeSlot: boolean;
  /** The strategy's slot running now (on one of its days), if any. */
  slot?: StrategySlot;
  /** A charge slot whose SOC target is reached: it holds (takes surplus, gives nothing). */
  slotDone?: boolean;
}

/** Modes that read the slots; peak shaving reads only its charge slots (the valley). */
const slotted: readonly StrategyProgram['mode'][] = ['time_of_use', 'time_of_use_power', 'peak_shaving'];

/** The slot of `program` running at local `time`, on one of its days, for a mode that has slots. */
export function strategySlotAt(program: StrategyProgram, time: LocalTime): StrategySlot | undefined {
  if (!slotted.includes(program.mode)) return undefined;
  const isoWeekday = time.weekday === 0 ? 7 : time.weekday;
  if (!program.days.includes(isoWeekday)) return undefined;
  const minute = time.hour * 60;
  const slot = program.slots.find((candidate) => minute >= candidate.startMin && minute < candidate.endMin);
  if (slot?.kind === 'discharge' && program.mode === 'peak_shaving') return undefined;
  return slot;
}

/**
 * The step's SOC window: the strategy's [min_soc, max_soc] inside the battery's own [floor,
 * ceiling]; a discharge slot raises the floor to its SOC, a charge slot lowers the ceiling to its
 * SOC until it is reached.
 */
export function strategyWindow(
  program: StrategyProgram,
  battery: { minSocPct: number; maxSocPct: number },
  socPct: number,
  time: LocalTime,
): StepWindow {
  let floorSocPct = Math.max(battery.minSocPct, program.minSocPct);
  let ceilingSocPct = Math.min(battery.maxSocPct, program.maxSocPct);
  const slot = strategySlotAt(program, time);
  let slotDone = false;
  if (slot?.kind === 'discharge') floorSocPct = Math.max(floorSocPct, slot.socPct);
  if (slot?.kind === 'charge') {
    if (socPct < Math.min(ceilingSocPct, slot.socPct)) ceilingSocPct = Math.min(ceilingSocPct, slot.socPct);
    else slotDone = true;
  }
  return {
    floorSocPct,
    ceilingSocPct,
    dischargeSlot: slot?.kind === 'discharge',
    ...(slot ? { slot } : {}),
    ...(slotDone ? { slotDone } : {}),
  };
}

/**
 * The power the strategy asks for this step, before the step's limits: self-consumption by the
 * priority, or what the mode and its slot want; grid charging only with `gridCharge` and never
 * above `maxGridW` of import; discharging never above `maxConsumptionW`.
 */
export function strategyTargetW(
  program: StrategyProgram,
  flows: SiteFlows,
  socPct: number,
  window: StepWindow,
): number {
  const { surplusW } = flows;
  const pvRoomW = Math.max(0, surplusW);
  const importW = Math.max(0, -surplusW);
  // what charging may take from the grid: nothing without grid_charge, the headroom below max_grid_w
  const gridRoomW = program.gridCharge
    ? program.maxGridW === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(0, program.maxGridW - importW)
    : 0;
  const selfConsumption = selfConsumptionW(program.priority, flows);
  const charging = (powerW = Number.POSITIVE_INFINITY) => Math.min(powerW, pvRoomW + gridRoomW);
  const slot = window.slot;

  let targetW: number;
  switch (program.mode) {
    case 'manual':
      targetW = program.manualPowerW >= 0 ? charging(program.manualPowerW) : program.manualPowerW;
      break;
    case 'self_consumption':
    case 'cut_off':
    case 'generator_support':
      // generator support: the battery covers the site down to min_soc; the plant runs the generator
      targetW = selfConsumption;
      break;
    case 'backup_reserve':
      // below the reserve it refills before anything else
      targetW = socPct < window.floorSocPct ? charging() : selfConsumption;
      break;
    case 'time_of_use':
    case 'time_of_use_power':
      // A charge slot runs at its power (or the most the battery and the grid allow). A discharge
      // slot with a power runs it, exporting what the home does not take (a set point for
      // time_of_use_power, which always has one); without one it covers the home and exports
      // nothing, so a battery is not emptied into the grid at the feed-in price before the peak ends.
      if (slot?.kind === 'charge')
        targetW = window.slotDone ? Math.max(0, selfConsumption) : charging(slot.powerW);
      else if (slot?.kind === 'discharge')
        targetW = slot.powerW !== undefined ? -slot.powerW : Math.min(0, selfConsumption);
      else targetW = selfConsumption;
      break;
    case 'peak_shaving': {
      const limitW = program.maxGridW ?? Number.POSITIVE_INFINITY;
      if (importW > limitW) targetW = -(importW - limitW);
      else if (slot?.kind === 'charge' && !window.slotDone)
        targetW = Math.max(charging(slot.powerW), Math.max(0, selfConsumption));
      else targetW = Math.max(0, selfConsumption); // below the limit it keeps its charge for the next peak
      break;
    }
  }
  if (targetW < 0 && program.maxConsumptionW !== undefined)
    targetW = Math.max(targetW, -program.maxConsumptionW);
  // whatever the mode: charging beyond the surplus never lifts the import above the limit
  if (targetW > pvRoomW && program.maxGridW !== undefined)
    targetW = Math.max(pvRoomW, Math.min(targetW, surplusW + program.maxGridW));
  return targetW;
}

/**
 * Self-consumption by the priority: `load` takes the surplus and covers the home's deficit;
 * `battery` takes all the PV while there is some (the grid covers the home); `grid` takes none of
 * the surplus (it is exported) and covers the deficit.
 */
function selfConsumptionW(priority: StrategyProgram['priority'], flows: SiteFlows): number {
  if (priority === 'battery' && flows.pvW > 0) return flows.pvW;
  if (flows.surplusW >= 0) return priority === 'grid' ? 0 : flows.surplusW;
  return -Math.min(-flows.surplusW, flows.siteDeficitW);
}
