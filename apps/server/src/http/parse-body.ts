import {
  controlCharacterPath,
  type ErrorCode,
  type FieldIssue,
  type ValidationMessageKey,
  validationCatalogueCodes,
} from '@helio/contracts';
import type { z } from 'zod';
import { Refusal } from '../core/refusal.ts';

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
 * 200005 (parameter error), unless the catalogue has a code of its own for the only failure
 * (1005 when the passwords differ). The issues go along so the client can point at the field.
 * A control character anywhere in the body is 200005 naming its field, before the contract runs.
 */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const body = raw === undefined || raw === null || raw === '' ? {} : raw;
  if (typeof body !== 'object' || Array.isArray(body)) throw new Refusal('200005');
  // before the contract: a control character is refused wherever it is, naming its field
  const controlAt = controlCharacterPath(body);
  if (controlAt !== undefined) {
    throw new Refusal('200005', [{ path: controlAt, message: 'validation.controlCharacter' }]);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  // A field given as number-or-text reports its absence as a union failure rather than a type one.
  const allMissing = result.error.issues.every(
    (issue) =>
      (issue.code === 'invalid_type' || issue.code === 'invalid_union') &&
      valueAt(body, issue.path) === undefined,
  );
  const namedCodes = new Set(
    issues.map((issue) => validationCatalogueCodes[issue.message as ValidationMessageKey]),
  );
  const [namedCode] = namedCodes;
  let code: ErrorCode = namedCodes.size === 1 && namedCode ? namedCode : '200005';
  if (allMissing) code = Object.keys(body).length === 0 ? '200003' : '200004';
  throw new Refusal(code, issues);
}
