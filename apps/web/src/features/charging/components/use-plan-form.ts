import { Form } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckedForm } from '../../../hooks/use-checked-form.ts';
import { type PlanFormValues, planProblems } from '../lib/plan-form.ts';

/**
 * Rules that span fields: the minimum against the maximum, the capacity a SOC target needs, the
 * mode that needs a target, a weekday in two targets, an override's date against its time.
 */
const spansItems = (field: string) =>
  ['mode', 'min_current_a', 'car_capacity_kwh', 'override.date', 'override.time'].includes(field) ||
  field.endsWith('.days');

/**
 * The plan form and its one check, `planProblems` (the contracts' plan shape and
 * `chargingPlanIssues`), through the shared checked form (hooks/use-checked-form.ts): a problem
 * under the field it concerns, in the interface language; a server's refusal (`plan.…`) too.
 */
export function usePlanForm(zone: string) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<PlanFormValues>();
  const issueText = useCallback(
    (key: string) => {
      const options = { ns: 'validation', keySeparator: false } as const;
      return i18n.exists(key, options) ? t(key, options) : t('validation.invalidValue', options);
    },
    [t, i18n],
  );
  const issuesNow = useCallback(
    () => planProblems(form.getFieldsValue(true) as PlanFormValues, zone, Date.now()),
    [form, zone],
  );
  const checked = useCheckedForm(form, { issuesNow, issueText, refusalPrefix: 'plan.', spansItems });
  return { form, ...checked };
}

export type PlanFieldsForm = ReturnType<typeof usePlanForm>;
