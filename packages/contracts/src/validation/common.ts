import { z } from 'zod';
import { type ValidationMessageKey, validationLimits } from './keys.ts';

/**
 * Building blocks shared by the forms of SPEC.md §5: required text, network settings, prices,
 * selections and times. Form-encoded bodies send numbers as strings, so numeric fields take both.
 */

/**
 * A check that a string is not empty. Its issue is not continuable, so a blank field gives only this
 * message: later refinements and pattern checks are skipped (length checks such as `.min()` are not:
 * put a minimum length in a refinement). Form-level checks that pass `when` (the password
 * confirmation) still run alongside, which `abort: true` would prevent.
 */
export function filled(message: ValidationMessageKey): z.core.CheckFn<string> {
  return (payload) => {
    if (payload.value !== '') return;
    payload.issues.push({
      code: 'too_small',
      origin: 'string',
      minimum: 1,
      inclusive: true,
      input: '',
      message,
    });
  };
}

/** A trimmed, non-empty string; blank and missing both give `message`. */
export function requiredText(message: ValidationMessageKey) {
  return z.string({ error: message }).trim().check(filled(message));
}

/** Largest id a table holds (PostgreSQL integer): larger ids cannot exist, and must not reach SQL. */
export const MAX_ID = 2_147_483_647;

/** An id from a form: a positive integer up to `MAX_ID`, as a number or as digits. */
export const formId = z.coerce
  .number<number | string>({ error: 'validation.invalidValue' })
  .int({ error: 'validation.invalidValue' })
  .positive({ error: 'validation.invalidValue' })
  .max(MAX_ID, { error: 'validation.invalidValue' });

/** A dotted-quad IPv4 address, e.g. 192.168.1.10. */
export function ipv4Field(required: ValidationMessageKey) {
  return requiredText(required).regex(z.regexes.ipv4, { error: 'validation.ipFormat' });
}

export const ipv4Address = ipv4Field('validation.ipRequired');
export const gateway = ipv4Field('validation.gatewayRequired');
export const dns = ipv4Field('validation.dnsRequired');

/** True for an IPv4 address of 1…32 leading one-bits then zeros (0.0.0.0 is not a usable mask). */
function isNetmask(address: string): boolean {
  if (!z.regexes.ipv4.test(address)) return false;
  const bits = address.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  const hostBits = 2 ** 32 - 1 - bits;
  return bits !== 0 && (hostBits & (hostBits + 1)) === 0;
}

/** A subnet mask such as 255.255.255.0: an IPv4 address whose one-bits are contiguous from the left. */
export const netmask = requiredText('validation.maskRequired').refine(isNetmask, {
  error: 'validation.maskFormat',
});

const PRICE_TEXT = new RegExp(`^\\d{1,9}(\\.\\d{1,${validationLimits.priceDecimals}})?$`);

/** A unit price (currency per kWh): non-negative, below 10⁹, at most 4 decimals, as a number or as text. */
export const price = z
  .union([z.number(), z.string()], { error: 'validation.priceRequired' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.issues.push({ code: 'custom', message: 'validation.priceRequired', input: value });
      return z.NEVER;
    }
    // String(number) gives the shortest exact form, so its decimals are the number's decimals.
    if (!PRICE_TEXT.test(text)) {
      ctx.issues.push({ code: 'custom', message: 'validation.priceFormat', input: value });
      return z.NEVER;
    }
    return Number(text);
  });

/**
 * At most `max` chosen items ('at most 15'; SPEC.md also reads ten for one label set).
 * Use on an array: `z.array(z.number()).check(selectionLimit())`.
 */
export function selectionLimit(max: number = validationLimits.selectionLimit) {
  return z.maxLength(max, { error: 'validation.selectionLimit' });
}

/** A time of day, HH:mm from 00:00 to 23:59: the one pattern of every time field (SPEC.md §4). */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day as HH:mm, 00:00 when not given. */
export const timeOfDay = z
  .string({ error: 'validation.timeFormat' })
  .regex(HH_MM, { error: 'validation.timeFormat' })
  .default('00:00');

/**
 * A period within one day. The end may equal but not precede the start: the pickers of SPEC.md §4
 * move the other end rather than let a range cross midnight.
 */
export const timeRange = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((range) => range.start <= range.end, { path: ['end'], error: 'validation.timeRangeOrder' });

/** Treats null and a blank string as absent: forms send a cleared optional field either way. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    schema.optional(),
  );
}

/** Bounds of a decimal field; `above` is an exclusive minimum, `decimals` the most fraction digits. */
export interface DecimalRule {
  min?: number;
  above?: number;
  max?: number;
  decimals?: number;
}

function decimalPattern(decimals: number | undefined): RegExp {
  if (decimals === 0) return /^-?\d+$/;
  return new RegExp(`^-?\\d+(\\.\\d${decimals === undefined ? '+' : `{1,${decimals}}`})?$`);
}

function withinRule(value: number, rule: DecimalRule): boolean {
  if (rule.min !== undefined && value < rule.min) return false;
  if (rule.above !== undefined && value <= rule.above) return false;
  return rule.max === undefined || value <= rule.max;
}

/**
 * A number as a JSON number or as text (forms): blank gives `required`; not a plain decimal, more
 * decimals than allowed or out of bounds give `invalid`. Text is never coerced from '' to 0.
 */
export function decimalField(
  required: ValidationMessageKey,
  invalid: ValidationMessageKey,
  rule: DecimalRule,
) {
  const pattern = decimalPattern(rule.decimals);
  return z.union([z.number(), z.string()], { error: required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.issues.push({ code: 'custom', message: required, input: value });
      return z.NEVER;
    }
    // String(number) gives the shortest exact form, so its decimals are the number's decimals.
    const number = Number(text);
    if (!pattern.test(text) || !Number.isFinite(number) || !withinRule(number, rule)) {
      ctx.issues.push({ code: 'custom', message: invalid, input: value });
      return z.NEVER;
    }
    return number;
  });
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A calendar date as YYYY-MM-DD (2024-02-30 is refused). */
export const calendarDate = z
  .string({ error: 'validation.dateFormat' })
  .trim()
  .refine(isCalendarDate, { error: 'validation.dateFormat' });
