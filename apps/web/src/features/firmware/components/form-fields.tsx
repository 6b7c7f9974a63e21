import { rolloutLimits } from '@helio/contracts';
import { Form, type FormItemProps, Input, InputNumber, Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

/** What every field of the firmware forms has: its name, label, hint, its one rule. */
export interface FieldProps {
  name: FormItemProps['name'];
  label: string;
  extra?: string;
  /** The field's check (the call's schema, via useFormProblems or useCheckedForm). */
  rule: NonNullable<FormItemProps['rules']>[number];
  required?: boolean;
}

function Field({ rule, children, ...item }: FieldProps & Omit<FormItemProps, 'rules'>) {
  return (
    <Form.Item {...item} rules={[rule]}>
      {children}
    </Form.Item>
  );
}

/** A field to choose one of `options`. */
export function SelectField<V extends string | number>({
  options,
  testId,
  ...field
}: FieldProps & {
  options: { value: V; label: string }[];
  testId: string;
} & Pick<SelectProps<V>, 'disabled' | 'showSearch'>) {
  const { disabled, showSearch, ...item } = field;
  return (
    <Field {...item}>
      <Select<V>
        options={options}
        {...(disabled === undefined ? {} : { disabled })}
        {...(showSearch === undefined ? {} : { showSearch })}
        data-testid={testId}
      />
    </Field>
  );
}

/** A line of text (a name, a version), never filled in by the browser. */
export function TextField({
  maxLength,
  placeholder,
  testId,
  ...field
}: FieldProps & { maxLength: number; placeholder?: string; testId: string }) {
  return (
    <Field {...field}>
      <Input maxLength={maxLength} autoComplete="off" placeholder={placeholder} data-testid={testId} />
    </Field>
  );
}

/** A whole number of devices in a rollout's stage (the canary group, a batch). */
export function StageSizeField({ testId, ...field }: FieldProps & { testId: string }) {
  return (
    <Field {...field}>
      <InputNumber min={1} max={rolloutLimits.batchMax} precision={0} data-testid={testId} />
    </Field>
  );
}

/** A file to choose, across the form's width, checked again as soon as it changes. */
export function FileItem({ children, ...field }: FieldProps & { children: ReactNode }) {
  return (
    <Field {...field} validateTrigger="onChange" required className="firmware-field-wide">
      {children}
    </Field>
  );
}
