import { Form } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../../lib/api.ts';
import { fieldPath, type TariffFormValues, tariffProblems } from './tariff-form.ts';

type Path = (string | number)[];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The tariff editor's form and its one check: every field's rule asks `tariffProblems` (the
 * contracts' shape and `tariffIssues`) about the whole tariff as typed and reports that field's
 * problem in the interface language, so a time set moved onto another is refused under the field
 * the check names. As values change, the fields showing a problem and those the check names now
 * (once touched) are checked again. A server's refusal goes under the field it names until that
 * field is changed.
 */
export function useTariffForm() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TariffFormValues>();
  const refused = useRef(new Map<string, { text: string; value: unknown }>());

  const issueText = useCallback(
    (key: string) => {
      const options = { ns: 'validation', keySeparator: false } as const;
      return i18n.exists(key, options) ? t(key, options) : t('validation.invalidValue', options);
    },
    [t, i18n],
  );

  const problemsNow = useCallback(
    () => tariffProblems(form.getFieldsValue(true) as TariffFormValues),
    [form],
  );

  const rule = useCallback(
    (field: string): { validator: () => Promise<void> } => ({
      validator: async () => {
        const server = refused.current.get(field);
        if (server && same(form.getFieldValue(fieldPath(field) as never), server.value))
          throw new Error(server.text);
        const key = problemsNow().get(field);
        if (key) throw new Error(issueText(key));
      },
    }),
    [form, problemsNow, issueText],
  );

  /**
   * After any change: the fields showing a problem, the touched ones the check names, and the
   * lists (a season's time sets, the seasons' months) whose rule spans their items.
   */
  const recheck = useCallback(() => {
    const paths: Path[] = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name as Path);
    for (const field of problemsNow().keys()) {
      const path = fieldPath(field);
      const list = field === 'seasons' || field.endsWith('.periods');
      if ((list || form.isFieldTouched(path as never)) && !paths.some((known) => same(known, path)))
        paths.push(path);
    }
    if (paths.length > 0) form.validateFields(paths as never[]).catch(() => undefined);
  }, [form, problemsNow]);

  /**
   * Puts a refusal under the fields it names (`tariff.seasons.0.periods.1.end`); answers the
   * sentence to show instead when it named none of the form's fields.
   */
  const showRefusal = useCallback(
    (error: unknown): string | undefined => {
      const fields = new Map<string, string>();
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const field = issue.path.replace(/^tariff\./, '');
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
    [form, issueText],
  );

  return { form, rule, recheck, showRefusal };
}

export type TariffForm = ReturnType<typeof useTariffForm>;
