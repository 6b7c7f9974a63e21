import {
  type EmsModeKind,
  emsParameterName,
  emsPartParameters,
  type SettingValue,
  type SettingValues,
  type TemplateFields,
} from '@helio/contracts';
import { type EmsPart, type EmsStateSet, emsParts, emsStateName } from '@helio/contracts/device-link';

/**
 * The console's rules that need no screen: its tabs (the system, each part the EMS reports, the
 * modes), how a state looks, a part's parameters between the calls (unprefixed) and the catalogue
 * (`part.name`), and the figure that names what a mode will do.
 */

export type ConsoleTab = 'system' | EmsPart | 'modes';

/** The tabs: the system first, the parts the EMS reports in the protocol's order, the modes last. */
export function consoleTabs(parts: readonly EmsPart[]): ConsoleTab[] {
  return ['system', ...emsParts.filter((part) => parts.includes(part)), 'modes'];
}

export function isPart(tab: ConsoleTab): tab is EmsPart {
  return (emsParts as readonly string[]).includes(tab);
}

/** How a state looks (antd tag colours): running green, moving blue, held back amber, faults red. */
const stateColors: Record<string, string> = {
  standby: 'default',
  idle: 'default',
  stopped: 'default',
  shutdown: 'default',
  grid_tied: 'success',
  grid: 'success',
  mppt: 'success',
  running: 'success',
  normal: 'success',
  charging: 'success',
  discharging: 'processing',
  off_grid: 'processing',
  island: 'processing',
  transferring: 'processing',
  starting: 'processing',
  cooling: 'processing',
  balancing: 'processing',
  derating: 'warning',
  protection: 'warning',
  fault: 'error',
  communication_fault: 'error',
};

/** A state of a set by its number: its name (undefined outside the set) and its colour. */
export function stateLook(
  set: EmsStateSet,
  code: number | null,
): { name: string | undefined; color: string } {
  const name = code === null ? undefined : emsStateName(set, code);
  return { name, color: name ? (stateColors[name] ?? 'default') : 'default' };
}

/** The part's parameters in the catalogue's order (named `part.name`). */
export const partParameters = emsPartParameters;

/** Values as the calls give them (unprefixed) → as the catalogue names them (`pcs.max_charge_w`). */
export function qualifiedValues(
  part: EmsPart,
  parameters: readonly { name: string; value: SettingValue | null }[],
): SettingValues | null {
  const values: Record<string, SettingValue> = {};
  for (const parameter of parameters)
    if (parameter.value !== null) values[`${part}.${parameter.name}`] = parameter.value;
  return Object.keys(values).length === 0 ? null : values;
}

/** A change set as the catalogue names it → as the save call takes it (unprefixed). */
export function unqualifiedChanges(
  part: EmsPart,
  changes: Readonly<Record<string, SettingValue>>,
): Record<string, SettingValue> {
  const plain: Record<string, SettingValue> = {};
  for (const [name, value] of Object.entries(changes)) plain[emsParameterName(part, name) ?? name] = value;
  return plain;
}

/** A refusal's issue path as the save call names it (`changes.max_charge_w`) → the form's field. */
export function qualifiedIssuePath(part: EmsPart, path: string): string {
  return path.startsWith('changes.') && !path.startsWith(`changes.${part}.`)
    ? `changes.${part}.${path.slice('changes.'.length)}`
    : path;
}

/** The figure that says what a mode will do, for its confirmation. */
export type ModeFigure =
  | { kind: 'charge' | 'discharge'; power_w: number }
  | { kind: 'idle' }
  | { kind: 'demandLimit' | 'importLimit'; power_w: number }
  | { kind: 'reserve'; soc_pct: number }
  | { kind: 'slots'; charge: number; discharge: number }
  | { kind: 'socBand'; min: number; max: number };

export function modeFigure(kind: EmsModeKind, fields: Partial<TemplateFields>): ModeFigure {
  switch (kind) {
    case 'manual': {
      const power = fields.manual_power_w ?? 0;
      if (power > 0) return { kind: 'charge', power_w: power };
      if (power < 0) return { kind: 'discharge', power_w: -power };
      return { kind: 'idle' };
    }
    case 'peak_shaving':
      return { kind: 'demandLimit', power_w: fields.max_grid_w ?? 0 };
    case 'generator_support':
      return { kind: 'importLimit', power_w: fields.max_grid_w ?? 0 };
    case 'backup':
      return { kind: 'reserve', soc_pct: fields.min_soc_pct ?? 0 };
    case 'tou':
      return {
        kind: 'slots',
        charge: fields.charge_slots?.length ?? 0,
        discharge: fields.discharge_slots?.length ?? 0,
      };
    case 'self_consumption':
      return { kind: 'socBand', min: fields.min_soc_pct ?? 0, max: fields.max_soc_pct ?? 100 };
  }
}
