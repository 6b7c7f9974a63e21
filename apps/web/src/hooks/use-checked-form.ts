import type { FormInstance } from 'antd';
import { useCallback, useRef } from 'react';
import { ApiError, describeError } from '../lib/api.ts';

type Path = (string | number)[];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A dotted field name of a contracts check (`seasons.0.periods.1.end`) as an antd form path. */
export function fieldPath(field: string): Path {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export interface CheckedFormOptions {
  /** The check of the whole form as typed: field (dotted) → validation key. */
  issuesNow: () => Map<string, string>;
  /** A validation key in the interface language. */
  issueText: (key: string) => string;
  /** Where the server's issues name the fields (`tariff.`, `mode.`); none when they name them as the form does. */
  refusalPrefix?: string;
  /** Fields checked again even untouched: a rule that spans a list's items. */
  spansItems?: (field: string) => boolean;
  /** A refusal whose code names a field by itself (200908 → `name`), shown in the catalogue's words. */
  codeFields?: Readonly<Record<string, string>>;
}

/**
 * A form checked by one contracts rule over the whole of it (a strategy template, a tariff): every
 * field's rule asks the check about the form as typed and reports that field's issue, so a slot or
 * a time set moved onto another is refused under the field the check names. After each change the
 * fields showing a problem and the touched ones (or list-spanning ones) the check now names are
 * checked again. A server's refusal goes under the field it names until that field is changed.
 */
export function useCheckedForm<Values>(form: FormInstance<Values>, options: CheckedFormOptions) {
  const { issuesNow, issueText, refusalPrefix = '', spansItems, codeFields } = options;
  const refused = useRef(new Map<string, { text: string; value: unknown }>());

  const rule = useCallback(
    (field: string): { validator: () => Promise<void> } => ({
      validator: async () => {
        const server = refused.current.get(field);
        if (server && same(form.getFieldValue(fieldPath(field) as never), server.value))
          throw new Error(server.text);
        const key = issuesNow().get(field);
        if (key) throw new Error(issueText(key));
      },
    }),
    [form, issuesNow, issueText],
  );

  const recheck = useCallback(() => {
    const paths: Path[] = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name as Path);
    for (const field of issuesNow().keys()) {
      const path = fieldPath(field);
      const again = spansItems?.(field) || form.isFieldTouched(path as never);
      if (again && !paths.some((known) => same(known, path))) paths.push(path);
    }
    if (paths.length > 0) form.validateFields(paths as never[]).catch(() => undefined);
  }, [form, issuesNow, spansItems]);

  /** Puts a refusal under the fields it names; answers the sentence to show instead when it named none. */
  const showRefusal = useCallback(
    (error: unknown): string | undefined => {
      const fields = new Map<string, string>();
      if (error instanceof ApiError) {
        const byCode = codeFields?.[error.code];
        if (byCode) fields.set(byCode, describeError(error));
        for (const issue of error.issues) {
          if (!issue.path.startsWith(refusalPrefix)) continue;
          const field = issue.path.slice(refusalPrefix.length);
          if (!fields.has(field) && form.getFieldInstance(fieldPath(field) as never) !== undefined)
            fields.set(field, issueText(issue.message));
        }
      }
      if (fields.size === 0) return describeError(error);
      for (const [field, text] of fields)
        refused.current.set(field, { text, value: form.getFieldValue(fieldPath(field) as never) });
      form.validateFields([...fields.keys()].map(fieldPath) as never[]).catch(() => undefined);
      return undefined;
    },
    [form, issueText, refusalPrefix, codeFields],
  );

  return { rule, recheck, showRefusal };
}
