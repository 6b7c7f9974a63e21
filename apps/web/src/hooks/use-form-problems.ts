import type { FormInstance, FormRule } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';
import {
  type FieldProblem,
  type SchemaLike,
  schemaProblems,
  serverFieldProblems,
} from '../lib/form-problems.ts';

/**
 * Ties an antd form to a shared zod schema and to the server's answers: `rule(field)` checks the whole
 * form with the schema and reports that field's first problem (so a confirmation follows its
 * password), and `showServerProblems(error)` puts a refusal's field problems under those fields.
 */
export function useFormProblems<Values>(
  form: FormInstance<Values>,
  schema: SchemaLike,
  fields: readonly string[],
) {
  const { t, i18n } = useTranslation();

  const text = useCallback(
    ({ namespace, key }: Omit<FieldProblem, 'field'>) => {
      const options = { ns: namespace, keySeparator: false } as const;
      if (i18n.exists(key, options)) return t(key, options);
      return t('validation.invalidValue', { ns: 'validation', keySeparator: false });
    },
    [t, i18n],
  );

  const rule = useCallback(
    (field: string): FormRule => ({
      validator: async () => {
        const key = schemaProblems(schema, form.getFieldsValue(true)).get(field);
        if (key) throw new Error(text({ namespace: 'validation', key }));
      },
    }),
    [form, schema, text],
  );

  const showServerProblems = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      const problems = serverFieldProblems(error.code, error.issues, fields);
      form.setFields(problems.map((problem) => ({ name: problem.field as never, errors: [text(problem)] })));
    },
    [form, fields, text],
  );

  return useMemo(() => ({ rule, showServerProblems }), [rule, showServerProblems]);
}
