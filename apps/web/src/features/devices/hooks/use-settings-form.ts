import {
  type DeviceType,
  type SettingGroup,
  type SettingsView,
  settingsIssues,
  standardOf,
} from '@helio/contracts';
import { Form, type FormRule } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import {
  changedSettings,
  followReading,
  formValuesOf,
  type GroupFormValues,
  groupParameters,
  settingOfIssuePath,
} from '../lib/control-settings.ts';

/**
 * The form of one settings group: its values from the last reading (following a new reading where
 * the user changed nothing), the change set it holds, the catalogue's check of that set reported
 * field by field in the interface language, and a server's refusal put under the fields it names.
 */
export function useSettingsForm(
  group: SettingGroup,
  view: Pick<SettingsView, 'values' | 'device_type' | 'rated_power_w'>,
) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<GroupFormValues>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from the values shown first
  const initial = useMemo(() => formValuesOf(group, view.values), [group]);
  const current = view.values;

  const validationText = useCallback(
    (key: string) => {
      const options = { ns: 'validation', keySeparator: false } as const;
      return i18n.exists(key, options) ? t(key, options) : t('validation.invalidValue', options);
    },
    [t, i18n],
  );

  const problemsNow = useCallback((): Map<string, string> => {
    const changes = changedSettings(group, form.getFieldsValue(true), current);
    const issues = settingsIssues(changes, {
      deviceType: view.device_type as DeviceType,
      ratedPowerW: view.rated_power_w,
      current: current ?? {},
    });
    return new Map(issues.map((issue) => [issue.field, issue.message]));
  }, [form, group, current, view.device_type, view.rated_power_w]);

  const rule = useCallback(
    (field: string): FormRule => ({
      validator: async () => {
        const key = problemsNow().get(field);
        if (key) throw new Error(validationText(key));
      },
    }),
    [problemsNow, validationText],
  );

  // A new reading: fields the user left as they were show it; changed ones keep what was typed.
  const shownReading = useRef(current);
  useEffect(() => {
    if (shownReading.current === current) return;
    form.setFieldsValue(followReading(group, form.getFieldsValue(true), shownReading.current, current));
    shownReading.current = current;
  }, [form, group, current]);

  const watched = Form.useWatch((values: GroupFormValues) => values, { form, preserve: true });
  const values = watched ?? initial;
  const changes = changedSettings(group, values, current);
  const standard = group === 'grid' ? standardOf({ grid_standard: values.grid_standard ?? '' }) : undefined;

  /** Fields showing a problem are checked again when any value changes (one slot moved clears another). */
  const recheck = useCallback(() => {
    const shown = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (shown.length > 0) form.validateFields(shown).catch(() => undefined);
  }, [form]);

  /** Puts a refusal's field issues under the group's fields; false when it named none of them. */
  const showServerProblems = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError)) return false;
      const names = new Set(groupParameters(group).map((parameter) => parameter.name));
      const fields = new Map<string, string>();
      for (const issue of error.issues) {
        const name = settingOfIssuePath(issue.path);
        if (names.has(name) && !fields.has(name)) fields.set(name, issue.message);
      }
      form.setFields([...fields].map(([name, key]) => ({ name, errors: [validationText(key)] })));
      return fields.size > 0;
    },
    [form, group, validationText],
  );

  /** Back to the values last read, without the problems shown. */
  const undo = useCallback(() => {
    const reading = formValuesOf(group, current);
    form.setFields(Object.entries(reading).map(([name, value]) => ({ name, value, errors: [] })));
  }, [form, group, current]);

  return { form, initial, values, changes, standard, rule, recheck, showServerProblems, undo };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
