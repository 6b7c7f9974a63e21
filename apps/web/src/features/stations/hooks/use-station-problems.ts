import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { serverFieldProblems } from '../../../lib/form-problems.ts';
import { fieldOfStationCode, type StationFormField } from '../lib/station-form.ts';

/**
 * Puts a refused station call's problems under the fields they concern: the field issues the server
 * names (200005) and the catalogue codes of the station rules (3001 name taken, 3005/3006/3008/3009
 * bindings). The API client has already shown the message; this keeps it beside its field.
 */
export function useStationProblems<Values>(form: FormInstance<Values>, fields: readonly StationFormField[]) {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      const problems = serverFieldProblems(error.code, error.issues, fields);
      const codeField = fieldOfStationCode[error.code as keyof typeof fieldOfStationCode];
      if (problems.length === 0 && codeField && fields.includes(codeField)) {
        problems.push({ field: codeField, namespace: 'errors', key: error.code });
      }
      form.setFields(
        problems.map((problem) => {
          const options = { ns: problem.namespace, keySeparator: false } as const;
          const text = i18n.exists(problem.key, options)
            ? t(problem.key, options)
            : t('validation.invalidValue', { ns: 'validation', keySeparator: false });
          return { name: problem.field as never, errors: [text] };
        }),
      );
      // The dialog is long: bring the first refused field into view.
      const first = problems[0];
      if (first) form.scrollToField(first.field as never, { block: 'center', behavior: 'smooth' });
    },
    [form, fields, t, i18n],
  );
}
