import { z } from 'zod';
import {
  groupDeviceTypes,
  type SettingGroup,
  SLOT_COUNT,
  type SlotKind,
  slotEndName,
  slotStartName,
} from '../control/device-settings.ts';
import { slotIssues } from '../control/settings-check.ts';
import { DeviceType } from '../enums.ts';
import type { Language } from '../i18n.ts';
import { HH_MM } from '../validation/common.ts';
import type { ValidationMessageKey } from '../validation/keys.ts';
import {
  type StrategyMode,
  strategyPowerMaxW,
  strategyPriorities,
  strategySlotPowerName,
  strategySlotSocName,
  strategySocRange,
} from './command.ts';

/**
 * Strategy templates (SPEC.md §3 "Template", PRODUCT.md §8 "Templates"): seven kinds, one field set,
 * which fields each kind uses and requires, the system templates, the one check of a template
 * (`templateIssues`: the editor, the server on save and again against each device's rating on
 * apply) and the `strategy` command a template becomes (`templateCommand`, checked on the device by
 * `strategyCommandIssues` of command.ts).
 */

/** The seven kinds (SPEC.md §3), in the screens' order. */
export const templateKinds = [
  'manual',
  'tou',
  'tou_power',
  'self_consumption',
  'peak_shaving',
  'backup',
  'cut_off',
  'generator_support',
] as const;
export type TemplateKind = (typeof templateKinds)[number];

/** The `strategy` command's mode of each kind. */
export const templateModes: Readonly<Record<TemplateKind, StrategyMode>> = {
  manual: 'manual',
  tou: 'time_of_use',
  tou_power: 'time_of_use_power',
  self_consumption: 'self_consumption',
  peak_shaving: 'peak_shaving',
  backup: 'backup_reserve',
  cut_off: 'cut_off',
  generator_support: 'generator_support',
};

/** The SPEC's template calls `api/mode/{tcd,tcdp,ps}/*` and the kind each keeps. */
export const templatePathKinds = { tcd: 'tou', tcdp: 'tou_power', ps: 'peak_shaving' } as const;
export type TemplatePath = keyof typeof templatePathKinds;

/** Kinds set as a mode with parameters by `api/mode/update` (no calls of their own, PRODUCT.md §8). */
export const modeKinds = ['manual', 'self_consumption', 'backup', 'cut_off', 'generator_support'] as const;
export type ModeKind = (typeof modeKinds)[number];

export const templateNameMaxLength = 50;
/** Slots per direction (SPEC.md §9: three charge, three discharge). */
export const templateSlotMax = SLOT_COUNT;

/** The fields a template has, beyond its name (the form's names; slots as `charge_slots.0.start`). */
export const templateFieldNames = [
  'priority',
  'max_soc_pct',
  'min_soc_pct',
  'grid_charge',
  'max_grid_w',
  'max_consumption_w',
  'days',
  'charge_slots',
  'discharge_slots',
  'manual_power_w',
] as const;
export type TemplateFieldName = (typeof templateFieldNames)[number];

/** The fields every kind but manual starts with: the priority and the SOC band. */
const bandFields = ['priority', 'max_soc_pct', 'min_soc_pct'] as const satisfies readonly TemplateFieldName[];
/** The band and grid charging: where backup stops, and the timed kinds go on from. */
const gridChargeFields = [...bandFields, 'grid_charge'] as const;
/** The time-of-use kinds' fields: both directions' slots on the chosen days. */
const touFields = [
  ...gridChargeFields,
  'max_consumption_w',
  'days',
  'charge_slots',
  'discharge_slots',
] as const;

/**
 * The fields each kind uses: the editor shows these, the command carries these, the others are
 * ignored. `min_soc_pct` is the discharge floor: the reserve of `backup`, the cut-off of `cut_off`.
 */
export const kindFields: Readonly<Record<TemplateKind, readonly TemplateFieldName[]>> = {
  manual: ['max_soc_pct', 'min_soc_pct', 'manual_power_w'],
  tou: touFields,
  tou_power: touFields,
  self_consumption: [...bandFields, 'max_consumption_w'],
  // valley filling: charge slots (from the grid when grid charging is on); peaks: the import limit
  peak_shaving: [...gridChargeFields, 'max_grid_w', 'max_consumption_w', 'days', 'charge_slots'],
  backup: gridChargeFields,
  cut_off: bandFields,
  // the battery covers the site down to its floor; the generator holds the import at max_grid_w
  generator_support: [...bandFields, 'max_grid_w'],
};

/** Kinds that need at least one slot. */
const slotRequired: readonly TemplateKind[] = ['tou', 'tou_power'];

const time = z.string({ error: 'validation.timeFormat' }).regex(HH_MM, { error: 'validation.timeFormat' });
const int = (min: number, max: number) =>
  z
    .number({ error: 'validation.invalidValue' })
    .int({ error: 'validation.strategyRange' })
    .min(min, { error: 'validation.strategyRange' })
    .max(max, { error: 'validation.strategyRange' });
const socPct = int(strategySocRange.min, strategySocRange.max);
/** A power, W (0 … the catalogue's bound; the device's rating is checked on apply). */
const powerW = int(0, strategyPowerMaxW);

/** One timed slot: HH:mm start before end within the day; power (W) and SOC target (%) as the kind needs. */
export const templateSlot = z.object({
  start: time,
  end: time,
  /** The slot's power, W: fixed power (tou_power, required), else a cap. */
  power_w: powerW.nullish(),
  /** Charge: up to this SOC; discharge: down to it, %. Absent: the SOC limit / the floor. */
  soc_pct: socPct.nullish(),
});
export type TemplateSlot = z.infer<typeof templateSlot>;

/** A template's fields (SPEC.md §3), ranges and defaults; the rules across fields are `templateIssues`. */
export const templateFields = z.object({
  /** On-grid priority: where PV surplus goes (command.ts `strategyPriorities`). */
  priority: z.enum(strategyPriorities, { error: 'validation.invalidValue' }).default('load'),
  /** SOC limit: charging stops here, %. */
  max_soc_pct: socPct.default(100),
  /** The floor discharging stops at (reserve, cut-off), %, below the limit. */
  min_soc_pct: socPct.default(10),
  /** May the battery charge from the grid. */
  grid_charge: z.boolean({ error: 'validation.invalidValue' }).default(false),
  /** Most the site imports, W (peak shaving's limit; the site's, not bounded by the device rating). */
  max_grid_w: powerW.nullish(),
  /** Most the battery gives to the site, W. */
  max_consumption_w: powerW.nullish(),
  /** Cycle: ISO weekdays, 1 Monday … 7 Sunday, at least one. */
  days: z
    .array(int(1, 7), { error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' })
    .max(7, { error: 'validation.invalidValue' })
    .refine((days) => new Set(days).size === days.length, { error: 'validation.invalidValue' })
    .default([1, 2, 3, 4, 5, 6, 7]),
  charge_slots: z
    .array(templateSlot, { error: 'validation.invalidValue' })
    .max(templateSlotMax, { error: 'validation.selectionLimit' })
    .default([]),
  discharge_slots: z
    .array(templateSlot, { error: 'validation.invalidValue' })
    .max(templateSlotMax, { error: 'validation.selectionLimit' })
    .default([]),
  /** `manual`: the battery's power, W, + charge / − discharge. */
  manual_power_w: int(-strategyPowerMaxW, strategyPowerMaxW).nullish(),
});
export type TemplateFields = z.output<typeof templateFields>;
export type TemplateFieldsInput = z.input<typeof templateFields>;

/** A template's body: its kind and fields. */
export type TemplateBody = { kind: TemplateKind } & TemplateFieldsInput;

/** Why a template is refused, by the form's field name (`charge_slots.0.end`). */
export interface TemplateIssue {
  field: string;
  message: ValidationMessageKey;
}

/**
 * The one check of a template: field types and ranges (`templateFields`), the kind's required
 * fields (`peak_shaving` the grid limit, `manual` the power, `tou`/`tou_power` a slot, `tou_power`
 * each slot's power), the floor below the limit, slot targets within them, slots by the contracts'
 * one slot rule (`slotIssues`; a slot's start must be before its end), powers within the device's
 * rating when given. Only the kind's fields are checked (the others are ignored). None: the template
 * may be saved, and applied to a device of that rating.
 */
export function templateIssues(
  body: TemplateBody,
  context: { ratedPowerW?: number | null } = {},
): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const add = (field: string, message: ValidationMessageKey) => {
    if (!issues.some((issue) => issue.field === field)) issues.push({ field, message });
  };
  if (!templateKinds.includes(body.kind)) return [{ field: 'kind', message: 'validation.invalidValue' }];
  const parsed = templateFields.safeParse(usedInput(body));
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      add(issue.path.map(String).join('.'), issue.message as ValidationMessageKey);
    return issues;
  }
  const used = new Set<string>(kindFields[body.kind]);
  const fields = parsed.data;

  if (body.kind === 'peak_shaving' && fields.max_grid_w == null)
    add('max_grid_w', 'validation.strategyFieldRequired');
  if (body.kind === 'manual' && fields.manual_power_w == null)
    add('manual_power_w', 'validation.strategyFieldRequired');
  if (fields.min_soc_pct >= fields.max_soc_pct) add('min_soc_pct', 'validation.socOrder');

  const slots = slotsOf(body.kind, fields);
  if (slotRequired.includes(body.kind) && slots.length === 0)
    add('charge_slots', 'validation.strategyFieldRequired');
  const times: Record<string, string> = {};
  for (const slot of slots) {
    const at = `${slot.kind}_slots.${slot.index}`;
    if (slot.start >= slot.end) add(`${at}.end`, 'validation.timeRangeOrder');
    times[slotStartName(slot.kind, slot.index + 1)] = slot.start;
    times[slotEndName(slot.kind, slot.index + 1)] = slot.end;
    if (body.kind === 'tou_power' && slot.power_w == null)
      add(`${at}.power_w`, 'validation.strategyFieldRequired');
    if (slot.soc_pct != null) {
      // a charge target above the limit, or a discharge target below the floor, cannot be reached
      if (slot.kind === 'charge' ? slot.soc_pct > fields.max_soc_pct : slot.soc_pct < fields.min_soc_pct)
        add(`${at}.soc_pct`, 'validation.socOrder');
    }
  }
  for (const issue of slotIssues(times)) add(formFieldOf(issue.field), issue.message);

  const rated = context.ratedPowerW;
  if (rated != null) {
    const above = (field: string, value: number | null | undefined) => {
      if (value != null && Math.abs(value) > rated) add(field, 'validation.aboveRating');
    };
    if (used.has('max_consumption_w')) above('max_consumption_w', fields.max_consumption_w);
    if (used.has('manual_power_w')) above('manual_power_w', fields.manual_power_w);
    for (const slot of slots) above(`${slot.kind}_slots.${slot.index}.power_w`, slot.power_w);
  }
  return issues;
}

/** The kind's fields of a body (the others are not checked, stored or sent). */
function usedInput(body: TemplateBody): Record<string, unknown> {
  const used = new Set<string>(kindFields[body.kind]);
  return Object.fromEntries(Object.entries(body).filter(([name]) => used.has(name)));
}

/** A slot of a kind's fields with its direction and place (0-based). */
function slotsOf(kind: TemplateKind, fields: TemplateFields) {
  const used = kindFields[kind];
  return (['charge', 'discharge'] as const).flatMap((slotKind) =>
    used.includes(`${slotKind}_slots`)
      ? fields[`${slotKind}_slots`].map((slot, index) => ({ ...slot, kind: slotKind as SlotKind, index }))
      : [],
  );
}

/** `charge_2_end` (the command's and the slot rule's name) → `charge_slots.1.end` (the form's). */
export function formFieldOf(flat: string): string {
  const match = /^(charge|discharge)_(\d)_(start|end|power_w|soc_pct)$/.exec(flat);
  return match ? `${match[1]}_slots.${Number(match[2]) - 1}.${match[3]}` : flat;
}

/**
 * The `strategy` command's params of a checked template (command.ts names): the kind's fields only,
 * slots flattened to `charge_1_start` …, days as ISO weekday digits ("12345").
 */
export function templateCommand(body: TemplateBody): Record<string, string | number | boolean> {
  const { kind } = body;
  const fields = templateFields.parse(usedInput(body));
  const used = kindFields[kind];
  const params: Record<string, string | number | boolean> = { mode: templateModes[kind] };
  for (const name of used) {
    if (name === 'charge_slots' || name === 'discharge_slots') continue;
    if (name === 'days') params.days = [...fields.days].sort().join('');
    else {
      const value = fields[name];
      if (value != null) params[name] = value;
    }
  }
  for (const slot of slotsOf(kind, fields)) {
    const n = slot.index + 1;
    params[slotStartName(slot.kind, n)] = slot.start;
    params[slotEndName(slot.kind, n)] = slot.end;
    if (slot.power_w != null) params[strategySlotPowerName(slot.kind, n)] = slot.power_w;
    if (slot.soc_pct != null) params[strategySlotSocName(slot.kind, n)] = slot.soc_pct;
  }
  return params;
}

/**
 * A `strategy` command's params (contracts `templateCommand`) back to the template fields they
 * were made from: the kind's fields, the slots from `charge_1_start` …, the days from their
 * digits; every other field at its default. What the EMS console shows of the strategy running.
 */
export function templateFieldsOfCommand(kind: TemplateKind, params: Record<string, unknown>): TemplateFields {
  const input: Record<string, unknown> = {};
  for (const name of kindFields[kind]) {
    if (name === 'charge_slots' || name === 'discharge_slots') {
      input[name] = commandSlotsOf(name === 'charge_slots' ? 'charge' : 'discharge', params);
    } else if (name === 'days') {
      if (typeof params.days === 'string') input.days = [...params.days].map(Number);
    } else if (params[name] !== undefined) input[name] = params[name];
  }
  const parsed = templateFields.safeParse(input);
  // params the portal sent were checked when sent; a stored row of another shape shows the defaults
  return parsed.success ? parsed.data : templateFields.parse({});
}

function commandSlotsOf(kind: SlotKind, params: Record<string, unknown>) {
  const slots: Record<string, unknown>[] = [];
  for (let n = 1; n <= templateSlotMax; n += 1) {
    const start = params[slotStartName(kind, n)];
    const end = params[slotEndName(kind, n)];
    if (typeof start !== 'string' || typeof end !== 'string') continue;
    const power = params[strategySlotPowerName(kind, n)];
    const soc = params[strategySlotSocName(kind, n)];
    slots.push({
      start,
      end,
      ...(typeof power === 'number' ? { power_w: power } : {}),
      ...(typeof soc === 'number' ? { soc_pct: soc } : {}),
    });
  }
  return slots;
}

/** The kind's fields of a body with their defaults, the others left at theirs (what is stored and shown). */
export function templateFieldsOf(body: TemplateBody): TemplateFields {
  return templateFields.parse(usedInput(body));
}

/** The system templates: one per kind, read-only, named in five languages (`systemTemplateNames`). */
export const systemTemplates: Readonly<Record<TemplateKind, TemplateFieldsInput>> = {
  manual: { manual_power_w: 0, max_soc_pct: 100, min_soc_pct: 10 },
  tou: {
    priority: 'load',
    max_soc_pct: 90,
    min_soc_pct: 10,
    grid_charge: true,
    charge_slots: [{ start: '01:00', end: '05:00', soc_pct: 90 }],
    discharge_slots: [{ start: '17:00', end: '21:00', soc_pct: 10 }],
  },
  tou_power: {
    priority: 'load',
    max_soc_pct: 90,
    min_soc_pct: 10,
    grid_charge: true,
    charge_slots: [{ start: '01:00', end: '05:00', power_w: 3000 }],
    discharge_slots: [{ start: '17:00', end: '21:00', power_w: 3000 }],
  },
  self_consumption: { priority: 'load', max_soc_pct: 100, min_soc_pct: 10 },
  peak_shaving: {
    priority: 'load',
    max_soc_pct: 100,
    min_soc_pct: 10,
    grid_charge: true,
    max_grid_w: 5000,
    charge_slots: [{ start: '01:00', end: '05:00', soc_pct: 90 }],
  },
  backup: { priority: 'load', max_soc_pct: 100, min_soc_pct: 30, grid_charge: true },
  cut_off: { priority: 'load', max_soc_pct: 100, min_soc_pct: 10 },
  generator_support: { priority: 'load', max_soc_pct: 100, min_soc_pct: 20 },
};

/** A system template's stored name: a key of `systemTemplateNames` (custom names are never of this form). */
export const systemTemplateKey = (kind: TemplateKind) => `system.${kind}`;

/** System templates' names in the five languages. */
export const systemTemplateNames: Readonly<Record<TemplateKind, Readonly<Record<Language, string>>>> = {
  manual: { en: 'Manual', 'zh-CN': '手动', pl: 'Ręczny', cs: 'Ruční', it: 'Manuale' },
  tou: {
    en: 'Time of use (TOU)',
    'zh-CN': '分时电价 (TOU)',
    pl: 'Taryfa czasowa (TOU)',
    cs: 'Časové tarify (TOU)',
    it: 'Fasce orarie (TOU)',
  },
  tou_power: {
    en: 'Time of use, fixed power',
    'zh-CN': '分时电价，固定功率',
    pl: 'Taryfa czasowa, stała moc',
    cs: 'Časové tarify, pevný výkon',
    it: 'Fasce orarie, potenza fissa',
  },
  self_consumption: {
    en: 'Maximum self-consumption',
    'zh-CN': '最大自发自用',
    pl: 'Maksymalna autokonsumpcja',
    cs: 'Maximální vlastní spotřeba',
    it: 'Massimo autoconsumo',
  },
  peak_shaving: {
    en: 'Peak shaving and valley filling',
    'zh-CN': '削峰填谷',
    pl: 'Obcinanie szczytów i wypełnianie dolin',
    cs: 'Ořezávání špiček a plnění údolí',
    it: 'Taglio dei picchi e riempimento delle valli',
  },
  backup: {
    en: 'Backup reserve',
    'zh-CN': '备用电源',
    pl: 'Rezerwa awaryjna',
    cs: 'Záložní rezerva',
    it: 'Riserva di backup',
  },
  cut_off: {
    en: 'Cut-off SOC',
    'zh-CN': '截止SOC',
    pl: 'SOC odcięcia',
    cs: 'Vypínací SOC',
    it: 'SOC di interruzione',
  },
  generator_support: {
    en: 'Generator support',
    'zh-CN': '发电机支撑',
    pl: 'Wsparcie generatora',
    cs: 'Podpora generátorem',
    it: 'Supporto del generatore',
  },
};

/**
 * The device types that run a site's battery and so take strategies: those with the `battery`
 * group, and the EMS 5000 (through its PCS).
 */
export const strategyDeviceTypes: readonly DeviceType[] = [
  ...groupDeviceTypes.battery,
  DeviceType.energyManagementBox,
];

/** The settings group whose write right a strategy needs on a device: the PCS on an EMS 5000, else the battery. */
export function strategyGroup(deviceType: DeviceType): SettingGroup {
  return deviceType === DeviceType.energyManagementBox ? 'pcs' : 'battery';
}

/** A stored template or strategy name as shown: a system key in the language, a custom name as given. */
export function templateDisplayName(name: string, language: Language): string {
  const kind = name.startsWith('system.') ? (name.slice('system.'.length) as TemplateKind) : undefined;
  return kind && kind in systemTemplateNames ? systemTemplateNames[kind][language] : name;
}
