import { strategy, type TemplateKind, templateIssues } from '@helio/contracts';
import { Form } from 'antd';
import { useCallback, useRef } from 'react';
import { ApiError, describeError } from '../../../lib/api.ts';
import { schemaProblems } from '../../../lib/form-problems.ts';
import { bodyOf, fieldPath, type TemplateFormValues } from '../lib/template-form.ts';
import { useStrategyTexts } from '../lib/use-strategy-texts.ts';

/** The name's rule is the add call's own (required, at most 50 characters). */
const nameSchema = strategy.tcd.add.body.pick({ name: true });

/** The name's refusal by the catalogue: a template of that name exists for the owner. */
const NAME_EXISTS = '200908';

type Path = (string | number)[];

export interface TemplateFormOptions {
  /** Whether the form has a name (a template does; a mode applied with its own settings does not). */
  named?: boolean;
  /** Where the server's issues name the fields: `mode.` when they are `api/mode/update`'s mode. */
  refusalPrefix?: string;
  /** The lowest rating of the devices it goes to, W, so powers above it are refused as typed. */
  ratedPowerW?: () => number | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The editor's form and its one check: every field's rule asks `templateIssues` (contracts) about
 * the whole template as typed and reports that field's issue, so a slot moved onto another is
 * refused under the field the check names, in the interface language. As values change, the
 * fields showing a problem and the touched fields the check now names are checked again (one slot
 * moved clears another's overlap). A server's refusal goes under the field it names (200908 under
 * the name) until that field is changed.
 */
export function useTemplateForm({ named = true, refusalPrefix = '', ratedPowerW }: TemplateFormOptions = {}) {
  const texts = useStrategyTexts();
  const [form] = Form.useForm<TemplateFormValues>();
  const refused = useRef(new Map<string, { text: string; value: unknown }>());

  const issuesNow = useCallback((): Map<string, string> => {
    const values = form.getFieldsValue(true) as TemplateFormValues;
    const kind: TemplateKind = values.kind ?? 'tou';
    const issues = new Map<string, string>();
    if (named)
      for (const [field, key] of schemaProblems(nameSchema, { name: values.name ?? '' }))
        issues.set(field, key);
    for (const issue of templateIssues(bodyOf(values, kind), { ratedPowerW: ratedPowerW?.() ?? null }))
      if (!issues.has(issue.field)) issues.set(issue.field, issue.message);
    return issues;
  }, [form, named, ratedPowerW]);

  const rule = useCallback(
    (field: string): { validator: () => Promise<void> } => ({
      validator: async () => {
        const server = refused.current.get(field);
        if (server && same(form.getFieldValue(fieldPath(field) as never), server.value))
          throw new Error(server.text);
        const key = issuesNow().get(field);
        if (key) throw new Error(texts.issue(key, { maximum: 3 }));
      },
    }),
    [form, issuesNow, texts],
  );

  /** After any change: the fields that show a problem, and the touched ones the check names, again. */
  const recheck = useCallback(() => {
    const paths: Path[] = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name as Path);
    for (const field of issuesNow().keys()) {
      const path = fieldPath(field);
      if (form.isFieldTouched(path as never) && !paths.some((known) => same(known, path))) paths.push(path);
    }
    if (paths.length > 0) form.validateFields(paths as never[]).catch(() => undefined);
  }, [form, issuesNow]);

  /**
   * Puts a refusal under the fields it names (200908 under the name); answers the sentence to show
   * above the form when it named none.
   */
  const showRefusal = useCallback(
    (error: unknown): string | undefined => {
      const fields = new Map<string, string>();
      if (error instanceof ApiError) {
        if (error.code === NAME_EXISTS) fields.set('name', describeError(error));
        for (const issue of error.issues) {
          if (!issue.path.startsWith(refusalPrefix)) continue;
          const field = issue.path.slice(refusalPrefix.length);
          if (!fields.has(field) && form.getFieldInstance(fieldPath(field) as never) !== undefined)
            fields.set(field, texts.issue(issue.message));
        }
      }
      if (fields.size === 0) return describeError(error);
      for (const [field, text] of fields)
        refused.current.set(field, { text, value: form.getFieldValue(fieldPath(field) as never) });
      form.validateFields([...fields.keys()].map(fieldPath) as never[]).catch(() => undefined);
      return undefined;
    },
    [form, texts, refusalPrefix],
  );

  return { form, rule, recheck, showRefusal, issuesNow };
}

export type TemplateForm = ReturnType<typeof useTemplateForm>;
