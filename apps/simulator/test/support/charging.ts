import type { ChargingPlanParams } from '@helio/contracts/device-link';

/** A `charging_plan` command's params: 6–16 A, phases switched as needed, no target, no windows. */
export function planOf(
  mode: ChargingPlanParams['mode'],
  extra: Partial<ChargingPlanParams> = {},
): ChargingPlanParams {
  return {
    mode,
    min_current_a: 6,
    max_current_a: 16,
    phases: 'auto',
    target_wh: null,
    departure_at: null,
    windows: [],
    ...extra,
  };
}
