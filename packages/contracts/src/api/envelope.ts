import { z } from 'zod';
import type { ErrorCode } from '../errors/codes.ts';

/**
 * The answer envelope of PRODUCT.md §3: `{code: 1, msg: "0000", data}` on success,
 * `{code: 400, msg: "<catalogue code>"}` on any refusal. `request_id` lets a user quote the
 * answer to support and lets an operator find its log lines.
 */
export type OkEnvelope<T> = { code: 1; msg: '0000'; data: T; request_id?: string };
export type ErrorEnvelope = {
  code: 400;
  msg: ErrorCode;
  /** Which fields failed validation, as `{path, message}` with message keys of the validation rules. */
  data?: { issues: FieldIssue[] };
  request_id?: string;
};
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;
export type FieldIssue = { path: string; message: string };

export const SUCCESS_CODE = 1;
export const ERROR_CODE = 400;

export function okEnvelope<T>(data: T): OkEnvelope<T> {
  return { code: SUCCESS_CODE, msg: '0000', data };
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(SUCCESS_CODE),
    msg: z.literal('0000'),
    data,
    request_id: z.string().optional(),
  });
}

export const errorEnvelopeSchema = z.object({
  code: z.literal(ERROR_CODE),
  msg: z.string().describe('A code of the error catalogue (SPEC.md §8)'),
  data: z.object({ issues: z.array(z.object({ path: z.string(), message: z.string() })) }).optional(),
  request_id: z.string().optional(),
});
