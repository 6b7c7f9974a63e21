import {
  HH_MM,
  kindFields,
  type ModeKind,
  minutesOf,
  modeKinds,
  type SlotKind,
  systemTemplates,
  type TemplateBody,
  type TemplateFieldName,
  type TemplateFields,
  type TemplateItem,
  type TemplateKind,
  type TemplateSlot,
  templateFieldsOf,
  templateSlotMax,
} from '@helio/contracts';
import type { DaySlot } from './day-slots.ts';

/**
 * The editor's form and the contracts' template body: the form holds every field of the body
 * (numbers empty as null, slots as lists), the body is what `templateIssues` checks and the add and
 * edit calls take. The kind's own fields only are shown, checked and sent.
 */

/** A slot as typed: times as text, numbers empty as null. */
export interface SlotValues {
  start: string;
  end: string;
  power_w?: number | null;
  soc_pct?: number | null;
}

export interface TemplateFormValues {
  name: string;
  kind: TemplateKind;
  priority: TemplateFields['priority'];
  max_soc_pct: number | null;
  min_soc_pct: number | null;
  grid_charge: boolean;
  max_grid_w: number | null;
  max_consumption_w: number | null;
  days: number[];
  charge_slots: SlotValues[];
  discharge_slots: SlotValues[];
  manual_power_w: number | null;
}

export const slotListName = (kind: SlotKind) => `${kind}_slots` as const;

/** Whether a kind shows a field. */
export function kindUses(kind: TemplateKind, field: TemplateFieldName): boolean {
  return kindFields[kind].includes(field);
}

/** The form of a template's fields (a stored template, or a kind's system defaults). */
export function formValuesOf(kind: TemplateKind, fields: TemplateFields, name = ''): TemplateFormValues {
  const slots = (list: readonly TemplateSlot[]) =>
    list.map((slot) => ({
      start: slot.start,
      end: slot.end,
      power_w: slot.power_w ?? null,
      soc_pct: slot.soc_pct ?? null,
    }));
  return {
    name,
    kind,
    priority: fields.priority,
    max_soc_pct: fields.max_soc_pct,
    min_soc_pct: fields.min_soc_pct,
    grid_charge: fields.grid_charge,
    max_grid_w: fields.max_grid_w ?? null,
    max_consumption_w: fields.max_consumption_w ?? null,
    days: [...fields.days],
    charge_slots: slots(fields.charge_slots),
    discharge_slots: slots(fields.discharge_slots),
    manual_power_w: fields.manual_power_w ?? null,
  };
}

/**
 * The mode of a system template of a mode kind (manual, self-consumption, backup, cut-off), which
 * may be applied with settings of the caller's own (`api/mode/update`'s `mode`); else undefined.
 */
export function modeKindOf(template: TemplateItem | undefined): ModeKind | undefined {
  return template?.system && (modeKinds as readonly string[]).includes(template.kind)
    ? (template.kind as ModeKind)
    : undefined;
}

/** A new template of a kind starts from that kind's system template. */
export function newTemplateValues(kind: TemplateKind, name = ''): TemplateFormValues {
  return formValuesOf(kind, templateFieldsOf({ kind, ...systemTemplates[kind] }), name);
}

/** A stored template's form. */
export function templateValues(item: TemplateItem, name = item.name): TemplateFormValues {
  return formValuesOf(item.kind, templateFieldsOf(item), name);
}

/**
 * The body of what is typed, for `templateIssues` and the calls: the kind's fields as typed (an
 * emptied number stays null, so the check names it rather than a default taking its place).
 */
export function bodyOf(values: Partial<TemplateFormValues>, kind: TemplateKind): TemplateBody {
  const body: Record<string, unknown> = { kind };
  for (const field of kindFields[kind]) {
    const value = values[field];
    if (field === 'charge_slots' || field === 'discharge_slots') {
      body[field] = ((value as SlotValues[] | undefined) ?? []).map((slot) => ({
        start: slot?.start ?? '',
        end: slot?.end ?? '',
        power_w: slot?.power_w ?? null,
        soc_pct: slot?.soc_pct ?? null,
      }));
    } else if (value !== undefined) body[field] = value;
  }
  return body as TemplateBody;
}

export { fieldPath } from '../../../hooks/use-checked-form.ts';

/** The slots typed so far that can be drawn (both times well formed), for the day bar. */
export function daySlotsOf(
  values: Partial<TemplateFormValues>,
  kind: TemplateKind,
  detail: (kind: SlotKind, slot: SlotValues) => string | undefined,
): DaySlot[] {
  return (['charge', 'discharge'] as const).flatMap((slotKind) =>
    kindUses(kind, slotListName(slotKind))
      ? (values[slotListName(slotKind)] ?? [])
          .filter((slot): slot is SlotValues => !!slot && HH_MM.test(slot.start) && HH_MM.test(slot.end))
          .map((slot) => ({
            kind: slotKind,
            startMin: minutesOf(slot.start),
            endMin: minutesOf(slot.end),
            detail: detail(slotKind, slot),
          }))
      : [],
  );
}

/** A new slot, its times to be typed. */
export function emptySlot(): SlotValues {
  return { start: '', end: '', power_w: null, soc_pct: null };
}

export { templateSlotMax };
