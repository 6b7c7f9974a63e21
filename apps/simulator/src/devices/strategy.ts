/** A `strategy` command as the device takes it: checked whole, then the program its plant runs. */
import {
  type DeviceType,
  parseStrategy,
  type StrategyIssue,
  type StrategyProgram,
  strategyCommandIssues,
  strategyDeviceTypes,
} from '@helio/contracts';

/**
 * True when a device of `deviceType` on a site with (or without) a battery takes strategies: the
 * contracts' `strategyDeviceTypes` (the types with the `battery` group, and the EMS 5000 through
 * its PCS).
 */
export function runsStrategy(deviceType: DeviceType, siteHasBattery: boolean): boolean {
  return siteHasBattery && strategyDeviceTypes.includes(deviceType);
}

/**
 * The program of a `strategy` command's params, or every issue the contracts' one check finds
 * against the device's rating (`ratedPowerW`, null: not known); a refused strategy changes nothing.
 */
export function strategyOf(
  params: Readonly<Record<string, unknown>>,
  ratedPowerW: number | null,
): { program: StrategyProgram; issues?: undefined } | { program?: undefined; issues: StrategyIssue[] } {
  const issues = strategyCommandIssues(params, { ratedPowerW });
  return issues.length > 0 ? { issues } : { program: parseStrategy(params) };
}
