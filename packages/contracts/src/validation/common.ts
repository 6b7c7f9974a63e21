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

/** An id from a form: a positive integer, as a number or as digits. */
export const formId = z.coerce
  .number<number | string>({ error: 'validation.invalidValue' })
  .int({ error: 'validation.invalidValue' })
  .positive({ error: 'validation.invalidValue' });

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

const PRICE_TEXT = new RegExp(`^\\d+(\\.\\d{1,${validationLimits.priceDecimals}})?$`);

/** A unit price (currency per kWh): non-negative, at most 4 decimals, as a number or as text. */
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

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

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
