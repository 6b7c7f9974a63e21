/** A `strategy` command as the device takes it: checked whole, then the program its plant runs. */
import {
  DeviceType,
  groupDeviceTypes,
  parseStrategy,
  type StrategyIssue,
  type StrategyProgram,
  strategyCommandIssues,
} from '@helio/contracts';

/** The device types that run their site's battery: those with the `battery` group, and the battery itself. */
export const strategyDeviceTypes: readonly DeviceType[] = [...groupDeviceTypes.battery, DeviceType.battery];

/** True when a device of `deviceType` on a site with (or without) a battery takes strategies. */
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
