import { z } from 'zod';
import { strategyModes } from '../../strategy/command.ts';
import {
  type TemplatePath,
  templateFields,
  templateKinds,
  templateNameMaxLength,
} from '../../strategy/templates.ts';
import { formId, requiredText, selectionLimit } from '../../validation/common.ts';
import { defineCall } from '../call.ts';
import { pageOf, pageRequest } from '../paging.ts';

/**
 * Strategy templates and applying them (SPEC.md §3 "Template", §7 "Templates", PRODUCT.md §8):
 * the SPEC's twelve template calls `api/mode/{tcd,tcdp,ps}/{list,add,edit,del}` (TOU, TOU fixed
 * power, peak shaving), `api/mode/update` (apply a template, or a mode's parameters, to up to 15
 * devices of one type and model), and what the screens need beside them: every kind's list, one
 * template, enable/disable, a device's strategies and an application's progress. System templates
 * are read-only (9001 on edit/del); custom ones belong to the caller's installer tree or, for an
 * end user, to the end user; another owner's template answers 9001 like one that does not exist.
 * A template's fields and their rules are contracts strategy/templates.ts (`templateIssues`).
 */

const templateId = z.object({ template_id: formId });
const name = requiredText('validation.invalidValue').max(templateNameMaxLength, {
  error: 'validation.textTooLong',
});
const equSn = requiredText('validation.deviceSnRequired').max(64, { error: 'validation.deviceSnRequired' });
/** A client-chosen key: the same key again answers the same application (a double click, a retry). */
const idempotencyKey = z
  .uuid({ error: 'validation.invalidValue' })
  .describe('Client-chosen UUID; sent again, the same application answers');

/** Where an application stands on one device: its `strategy` command's outcome. */
export const strategyStates = ['pending', 'applied', 'failed'] as const;
export type StrategyState = (typeof strategyStates)[number];

/** A template as the lists and the editor show it: its fields flat, as the add call takes them. */
export const templateItem = templateFields.extend({
  template_id: z.number().int(),
  kind: z.enum(templateKinds),
  name: z.string().describe('A system template’s name in the caller’s language'),
  system: z.boolean(),
  enabled: z.boolean(),
  devices: z
    .number()
    .int()
    .describe('Devices whose active or pending strategy comes from it (deleting is refused)'),
  updated_at: z.string(),
});
export type TemplateItem = z.infer<typeof templateItem>;

const listFilters = {
  ...pageRequest,
  name: z.string().trim().max(templateNameMaxLength, { error: 'validation.textTooLong' }).optional(),
  enabled: z.boolean({ error: 'validation.invalidValue' }).optional(),
};

export const list = defineCall({
  path: 'api/mode/list',
  summary: 'Templates of every kind the caller may use: the system ones and their owner’s custom ones',
  domain: 'strategy',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...listFilters,
    kind: z.enum(templateKinds, { error: 'validation.invalidValue' }).optional(),
    source: z.enum(['system', 'custom'], { error: 'validation.invalidValue' }).optional(),
  }),
  data: pageOf(templateItem),
});

export const detail = defineCall({
  path: 'api/mode/detail',
  summary: 'One template with its fields',
  domain: 'strategy',
  access: 'user',
  kind: 'read',
  body: templateId,
  data: templateItem,
});

/** The list/add/edit/del calls of one of the SPEC's template paths (`tcd`, `tcdp`, `ps`). */
function templateCalls(path: TemplatePath, what: string) {
  const body = templateFields.extend({ name });
  return {
    list: defineCall({
      path: `api/mode/${path}/list`,
      summary: `${what} templates: the system one and the owner’s custom ones`,
      domain: 'strategy',
      access: 'user',
      kind: 'read',
      body: z.object(listFilters),
      data: pageOf(templateItem),
    }),
    add: defineCall({
      path: `api/mode/${path}/add`,
      summary: `Add a custom ${what} template (checked by templateIssues; 200908 when the name exists for that owner)`,
      domain: 'strategy',
      access: 'user',
      kind: 'write',
      body,
      data: templateId,
    }),
    edit: defineCall({
      path: `api/mode/${path}/edit`,
      summary: `Change a custom ${what} template (its fields replaced; 9001 for a system template)`,
      domain: 'strategy',
      access: 'user',
      kind: 'write',
      body: body.extend(templateId.shape),
      data: z.null(),
    }),
    del: defineCall({
      path: `api/mode/${path}/del`,
      summary: `Delete a custom ${what} template; 200701 while a device’s strategy or a pending application uses it`,
      domain: 'strategy',
      access: 'user',
      kind: 'write',
      body: templateId,
      data: z.null(),
    }),
  };
}

export const tcd = templateCalls('tcd', 'TOU');
export const tcdp = templateCalls('tcdp', 'TOU fixed-power');
export const ps = templateCalls('ps', 'Peak-shaving');

export const enable = defineCall({
  path: 'api/mode/enable',
  summary:
    'Enable or disable a custom template (after the screen’s confirmation); a disabled one cannot be applied',
  domain: 'strategy',
  access: 'user',
  kind: 'write',
  body: templateId.extend({ enabled: z.boolean({ error: 'validation.invalidValue' }) }),
  data: z.null(),
});

/** One application's answer per device. */
export const applicationItem = z.object({
  equ_sn: z.string(),
  strategy_id: z.number().int(),
  command_id: z.string(),
  state: z.enum(strategyStates),
});

export const update = defineCall({
  path: 'api/mode/update',
  summary:
    'Apply a template, or a mode’s parameters, to 1–15 devices of one type and model (200906 otherwise), each unlocked by its password (200905) and checked against its rating; one strategy command per device, all or nothing',
  domain: 'strategy',
  access: 'user',
  kind: 'write',
  body: z
    .object({
      key: idempotencyKey,
      equ_sns: z
        .array(equSn, { error: 'validation.invalidValue' })
        .min(1, { error: 'validation.invalidValue' })
        .check(selectionLimit())
        .refine((sns) => new Set(sns).size === sns.length, { error: 'validation.invalidValue' }),
      template_id: formId.optional(),
      mode: templateFields
        .extend({ kind: z.enum(templateKinds, { error: 'validation.invalidValue' }) })
        .optional()
        .describe(
          'A mode’s parameters instead of a template (manual, self-consumption, backup, cut-off and generator support have no templates of their own; the EMS console sets TOU and peak shaving this way too)',
        ),
    })
    .refine((body) => (body.template_id === undefined) !== (body.mode === undefined), {
      error: 'validation.invalidValue',
      path: ['template_id'],
    }),
  data: z.object({ batch_id: z.string(), list: z.array(applicationItem) }),
});

/** A 24-hour bar's slot, from the strategy as sent. */
export const strategySlot = z.object({
  kind: z.enum(['charge', 'discharge']),
  start: z.string(),
  end: z.string(),
  power_w: z.number().nullable(),
  soc_pct: z.number().nullable(),
});

/** A strategy sent to a device (its history and active one). */
export const strategyItem = z.object({
  strategy_id: z.number().int(),
  template_id: z.number().int().nullable(),
  kind: z.enum(templateKinds),
  mode: z.enum(strategyModes),
  name: z.string().describe('The template’s name when applied (a system one in the caller’s language)'),
  params: z.record(z.string(), z.unknown()).describe('The strategy command’s params as sent'),
  slots: z.array(strategySlot),
  state: z.enum(strategyStates),
  command_id: z.string(),
  batch_id: z.string(),
  created_at: z.string(),
  applied_at: z.string().nullable().describe('When the device answered (applied or failed)'),
  applied_by: z.string().nullable().describe('Who applied it: an account name'),
});
export type StrategyItem = z.infer<typeof strategyItem>;

export const device = defineCall({
  path: 'api/mode/device',
  summary:
    'A device’s Strategy tab: its active strategy (the newest applied), applications still pending, and its history (paged, newest first)',
  domain: 'strategy',
  access: 'user',
  kind: 'read',
  body: z.object({ equ_sn: equSn, ...pageRequest }),
  data: z.object({
    equ_sn: z.string(),
    active: strategyItem.nullable(),
    pending: z.array(strategyItem),
    history: pageOf(strategyItem),
  }),
});

export const batch = defineCall({
  path: 'api/mode/batch',
  summary: 'An application’s progress per device (the apply dialog follows it until none is pending)',
  domain: 'strategy',
  access: 'user',
  kind: 'read',
  body: z.object({ batch_id: z.uuid({ error: 'validation.invalidValue' }) }),
  data: z.object({ batch_id: z.string(), list: z.array(applicationItem) }),
});
