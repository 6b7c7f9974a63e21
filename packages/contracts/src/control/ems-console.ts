import type { EmsPart } from '../device-link/values.ts';
import { DeviceType } from '../enums.ts';
import { strategyPowerMaxW, strategySocRange } from '../strategy/command.ts';
import {
  kindFields,
  type TemplateFieldName,
  type TemplateKind,
  templateIssues,
  templateSlotMax,
} from '../strategy/templates.ts';
import { deviceParameters, type SettingParameter } from './device-settings.ts';

/**
 * The EMS 5000 console (SPEC.md §2 "EMS 5000 system with slave tabs", PRODUCT.md §8 "EMS 5000
 * calls"): which modes the system runs, which of a part's values the overview shows and the part's
 * chart draws, and the part's parameters (the settings catalogue's group of the same name, named
 * `part.name`). One list for the server's calls and the web's console.
 */

/** The modes an EMS 5000 is switched between (`api/mode/update`), in the console's order. */
export const emsModeKinds = [
  'self_consumption',
  'manual',
  'tou',
  'peak_shaving',
  'backup',
  'generator_support',
] as const satisfies readonly TemplateKind[];
export type EmsModeKind = (typeof emsModeKinds)[number];

/** The part's values the system overview shows (`api/ems5000/sys/index`), unprefixed. */
export const emsKeyFields: Readonly<Record<EmsPart, readonly string[]>> = {
  pcs: ['ac_power_w', 'ac_voltage_v', 'temperature_c'],
  pvs: ['pv_power_w', 'pv_voltage_v'],
  bms: ['soc_pct', 'voltage_v', 'current_a', 'max_cell_temperature_c'],
  sts: ['grid_voltage_v', 'grid_frequency_hz'],
  generator: ['power_w', 'fuel_pct'],
  meter: ['grid_power_w', 'demand_w'],
};

/** The part's values its day chart draws (`api/ems5000/ex`), unprefixed. */
export const emsChartFields: Readonly<Record<EmsPart, readonly string[]>> = {
  pcs: ['ac_power_w', 'temperature_c'],
  pvs: ['pv_power_w', 'pv_voltage_v'],
  bms: ['soc_pct', 'current_a', 'max_cell_temperature_c'],
  sts: ['grid_voltage_v', 'grid_frequency_hz'],
  generator: ['power_w', 'fuel_pct'],
  meter: ['grid_power_w', 'demand_w'],
};

/** A part's parameters in the catalogue's order (names `part.name`). */
export function emsPartParameters(part: EmsPart): SettingParameter[] {
  return deviceParameters(DeviceType.energyManagementBox).filter((parameter) => parameter.group === part);
}

/** `pcs.max_charge_w` → `max_charge_w` for `pcs`; a name of another part answers undefined. */
export function emsParameterName(part: EmsPart, qualified: string): string | undefined {
  return qualified.startsWith(`${part}.`) ? qualified.slice(part.length + 1) : undefined;
}

/**
 * A mode's fields as the console edits them (`api/ems5000/mode/detail`): each field of the kind
 * with its unit and range (powers bounded by the EMS's rating when known; for slots, how many),
 * and whether the one check (`templateIssues`) requires it when nothing is given.
 */
export function emsModeFields(kind: TemplateKind, ratedPowerW: number | null) {
  const required = new Set(
    templateIssues({ kind })
      .filter((issue) => issue.message === 'validation.strategyFieldRequired')
      .map((issue) => issue.field),
  );
  const ratedMax = ratedPowerW ?? strategyPowerMaxW;
  const range = (
    name: TemplateFieldName,
  ): { unit: string | null; min: number | null; max: number | null } => {
    switch (name) {
      case 'max_soc_pct':
      case 'min_soc_pct':
        return { unit: '%', min: strategySocRange.min, max: strategySocRange.max };
      case 'max_grid_w':
        return { unit: 'W', min: 0, max: strategyPowerMaxW };
      case 'max_consumption_w':
        return { unit: 'W', min: 0, max: ratedMax };
      case 'manual_power_w':
        return { unit: 'W', min: -ratedMax, max: ratedMax };
      case 'days':
        return { unit: null, min: 1, max: 7 };
      case 'charge_slots':
      case 'discharge_slots':
        return { unit: null, min: required.has(name) ? 1 : 0, max: templateSlotMax };
      default:
        return { unit: null, min: null, max: null };
    }
  };
  return kindFields[kind].map((name) => ({ name, required: required.has(name), ...range(name) }));
}
