import type { BatteryMode, PlantConfig } from './model.ts';

/**
 * Settings a command can change on a plant, with their ranges. A setting the plant cannot take
 * (unknown name, out of range, or for equipment it does not have) is answered back by name and
 * changes nothing; the valid ones in the same command still apply.
 */

export const batteryModes: readonly BatteryMode[] = [
  'self_consumption',
  'time_of_use',
  'backup_reserve',
  'peak_shaving',
];

/** What the hardware allows: a setting may lower a power limit, never raise it past the rating. */
export interface HardwareLimits {
  maxChargeW: number;
  maxDischargeW: number;
  wallboxMaxW: number;
}

/** The SOC window a setting may leave, in points: narrower and the generator's hysteresis has no room. */
export const minimumSocWindowPct = 10;

function numberFrom(value: number | string | boolean): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function inRange(value: number | null, min: number, max: number, integer = false): value is number {
  return value !== null && value >= min && value <= max && (!integer || Number.isInteger(value));
}

/**
 * Applies `settings` to `config` (mutated in place) and answers the names it refused.
 * Keys: battery_mode, reserve_soc_pct, peak_limit_w, max_charge_w, max_discharge_w,
 * cheap_from_hour, cheap_to_hour, wallbox_max_w, min_soc_pct, max_soc_pct.
 */
export function applySettings(
  config: PlantConfig,
  hardware: HardwareLimits,
  settings: Record<string, number | string | boolean>,
): string[] {
  const refused: string[] = [];
  const battery = config.battery;
  // The SOC window is checked as a pair, after both candidates are known.
  let minSoc = battery?.minSocPct ?? 0;
  let maxSoc = battery?.maxSocPct ?? 100;
  const socNames: string[] = [];
  for (const [name, raw] of Object.entries(settings)) {
    const value = numberFrom(raw);
    let accepted = false;
    if (name === 'wallbox_max_w') {
      if (config.wallbox && inRange(value, 0, hardware.wallboxMaxW)) {
        config.wallbox.maxPowerW = value;
        accepted = true;
      }
    } else if (battery) {
      switch (name) {
        case 'battery_mode':
          if (typeof raw === 'string' && (batteryModes as readonly string[]).includes(raw)) {
            battery.mode = raw as BatteryMode;
            accepted = true;
          }
          break;
        case 'reserve_soc_pct':
          if (inRange(value, 0, 100)) {
            battery.reserveSocPct = value;
            accepted = true;
          }
          break;
        case 'peak_limit_w':
          if (inRange(value, 0, 1e9)) {
            battery.peakLimitW = value;
            accepted = true;
          }
          break;
        case 'max_charge_w':
          if (inRange(value, 0, hardware.maxChargeW)) {
            battery.maxChargeW = value;
            accepted = true;
          }
          break;
        case 'max_discharge_w':
          if (inRange(value, 0, hardware.maxDischargeW)) {
            battery.maxDischargeW = value;
            accepted = true;
          }
          break;
        case 'cheap_from_hour':
          if (inRange(value, 0, 23, true)) {
            battery.cheapHours = { ...battery.cheapHours, from: value };
            accepted = true;
          }
          break;
        case 'cheap_to_hour':
          if (inRange(value, 0, 24, true)) {
            battery.cheapHours = { ...battery.cheapHours, to: value };
            accepted = true;
          }
          break;
        case 'min_soc_pct':
        case 'max_soc_pct':
          if (inRange(value, 0, 100)) {
            if (name === 'min_soc_pct') minSoc = value;
            else maxSoc = value;
            socNames.push(name);
            accepted = true;
          }
          break;
      }
    }
    if (!accepted) refused.push(name);
  }
  if (battery && socNames.length > 0) {
    if (maxSoc - minSoc >= minimumSocWindowPct) {
      battery.minSocPct = minSoc;
      battery.maxSocPct = maxSoc;
    } else {
      refused.push(...socNames);
    }
  }
  return refused;
}
