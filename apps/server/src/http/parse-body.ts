import type { ErrorCode, FieldIssue } from '@helio/contracts';
import type { z } from 'zod';
import { Refusal } from './refusal.ts';

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Validates a request body against its contract and maps failures onto the catalogue:
 * no body at all where fields are required → 200003 (no parameter); only missing fields →
 * 200004 (insufficient parameters); anything else (wrong types, bad values, not an object) →
 * 200005 (parameter error). The issues go along so the client can point at the field.
 */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const body = raw === undefined || raw === null || raw === '' ? {} : raw;
  if (typeof body !== 'object' || Array.isArray(body)) throw new Refusal('200005');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const allMissing = result.error.issues.every(
    (issue) => issue.code === 'invalid_type' && valueAt(body, issue.path) === undefined,
  );
  let code: ErrorCode = '200005';
  if (allMissing) code = Object.keys(body).length === 0 ? '200003' : '200004';
  throw new Refusal(code, issues);
}
