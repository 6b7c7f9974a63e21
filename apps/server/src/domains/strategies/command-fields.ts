import {
  kindFields,
  type SlotKind,
  slotEndName,
  slotStartName,
  strategySlotPowerName,
  strategySlotSocName,
  type TemplateFields,
  type TemplateKind,
  templateFields,
  templateSlotMax,
} from '@helio/contracts';

/**
 * A `strategy` command's params (contracts `templateCommand`) back to the template fields they
 * were made from: the kind's fields, the slots from `charge_1_start` …, the days from their
 * digits; every other field at its default. What the EMS console shows of the strategy running.
 */
export function templateFieldsOfCommand(kind: TemplateKind, params: Record<string, unknown>): TemplateFields {
  const input: Record<string, unknown> = {};
  for (const name of kindFields[kind]) {
    if (name === 'charge_slots' || name === 'discharge_slots') {
      input[name] = slotsOf(name === 'charge_slots' ? 'charge' : 'discharge', params);
    } else if (name === 'days') {
      if (typeof params.days === 'string') input.days = [...params.days].map(Number);
    } else if (params[name] !== undefined) input[name] = params[name];
  }
  const parsed = templateFields.safeParse(input);
  // params the portal sent were checked when sent; a stored row of another shape shows the defaults
  return parsed.success ? parsed.data : templateFields.parse({});
}

function slotsOf(kind: SlotKind, params: Record<string, unknown>) {
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
