import {
  type FirmwarePart,
  firmware,
  type Language,
  languages,
  parseFirmwareSignature,
} from '@helio/contracts';
import type { FileAdd } from '../api/catalogue.ts';

/**
 * The "Publish firmware" form and the body of api/firmware/file/add: what is typed, the body
 * sent, and the one check of both (the call's own schema, then the signature file against the
 * staged image, which the portal checks again with its keys).
 */

export interface PublishValues {
  upload_id?: string | undefined;
  signature?: string | undefined;
  model_id?: number | undefined;
  part?: FirmwarePart | undefined;
  name?: string | undefined;
  version?: string | undefined;
  min_version?: string | undefined;
  notes?: Partial<Record<Language, string>> | undefined;
}

/** The body of what is typed: notes left empty are not sent. */
export function publishBody(values: PublishValues): FileAdd {
  const notes = Object.fromEntries(
    languages
      .map((language) => [language, values.notes?.[language]?.trim() ?? ''] as const)
      .filter(([, text]) => text !== ''),
  );
  return {
    upload_id: values.upload_id ?? '',
    model_id: values.model_id as number,
    part: values.part as FirmwarePart,
    name: values.name?.trim() ?? '',
    version: values.version?.trim() ?? '',
    min_version: values.min_version?.trim() || undefined,
    notes,
    signature: values.signature ?? '',
  };
}

/**
 * Each field's first problem (dotted path → validation key): the add call's schema, and a
 * signature file that is not one, or that signed another image than the one staged.
 */
export function publishIssues(
  values: PublishValues,
  staged: { sha256: string; size_bytes: number } | undefined,
) {
  const issues = new Map<string, string>();
  const checked = firmware.fileAdd.body.safeParse(publishBody(values));
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = issue.path.join('.');
      if (!issues.has(field)) issues.set(field, issue.message);
    }
  if (!issues.has('signature') && values.signature) {
    const signature = parseFirmwareSignature(values.signature);
    if (!signature) issues.set('signature', 'validation.firmwareSignatureInvalid');
    else if (staged && (signature.sha256 !== staged.sha256 || signature.size_bytes !== staged.size_bytes))
      issues.set('signature', 'validation.firmwareNotSigned');
  }
  return issues;
}
