import { Form } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckedForm } from '../../../../hooks/use-checked-form.ts';
import { type TariffFormValues, tariffProblems } from './tariff-form.ts';

/** The rules that span a list's items: a season's time sets, the seasons' months. */
const spansItems = (field: string) => field === 'seasons' || field.endsWith('.periods');

/**
 * The tariff editor's form and its one check, `tariffProblems` (the contracts' shape and
 * `tariffIssues`), through the shared checked form (hooks/use-checked-form.ts): a problem under the
 * field the check names, in the interface language; a server's refusal (`tariff.…`) under its field.
 */
export function useTariffForm() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TariffFormValues>();

  const issueText = useCallback(
    (key: string) => {
      const options = { ns: 'validation', keySeparator: false } as const;
      return i18n.exists(key, options) ? t(key, options) : t('validation.invalidValue', options);
    },
    [t, i18n],
  );
  const issuesNow = useCallback(() => tariffProblems(form.getFieldsValue(true) as TariffFormValues), [form]);
  const checked = useCheckedForm(form, { issuesNow, issueText, refusalPrefix: 'tariff.', spansItems });
  return { form, ...checked };
}

export type TariffForm = ReturnType<typeof useTariffForm>;
