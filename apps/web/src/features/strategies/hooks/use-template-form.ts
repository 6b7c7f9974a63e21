import { strategy, type TemplateKind, templateIssues } from '@helio/contracts';
import { Form } from 'antd';
import { useCallback } from 'react';
import { useCheckedForm } from '../../../hooks/use-checked-form.ts';
import { schemaProblems } from '../../../lib/form-problems.ts';
import { bodyOf, type TemplateFormValues } from '../lib/template-form.ts';
import { useStrategyTexts } from '../lib/use-strategy-texts.ts';

/** The name's rule is the add call's own (required, at most 50 characters). */
const nameSchema = strategy.tcd.add.body.pick({ name: true });

/** The name's refusal by the catalogue: a template of that name exists for the owner (200908). */
const codeFields = { '200908': 'name' } as const;

export interface TemplateFormOptions {
  /** Whether the form has a name (a template does; a mode applied with its own settings does not). */
  named?: boolean;
  /** Where the server's issues name the fields: `mode.` when they are `api/mode/update`'s mode. */
  refusalPrefix?: string;
  /** The lowest rating of the devices it goes to, W, so powers above it are refused as typed. */
  ratedPowerW?: () => number | null;
}

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

  const issueText = useCallback((key: string) => texts.issue(key, { maximum: 3 }), [texts]);
  const checked = useCheckedForm(form, { issuesNow, issueText, refusalPrefix, codeFields });

  return { form, ...checked, issuesNow };
}

export type TemplateForm = ReturnType<typeof useTemplateForm>;
