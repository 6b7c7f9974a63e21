import { Button, Form, type FormInstance, type FormProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import { focusFieldOnOpen } from '../../lib/focus.ts';

export interface FormDialogProps<Values>
  extends Pick<
    FormProps<Values>,
    'validateTrigger' | 'initialValues' | 'onValuesChange' | 'onFieldsChange' | 'scrollToFirstError'
  > {
  form: FormInstance<Values>;
  /** The form's name: its fields' ids (and their hints' and errors', which the fields name) are its own. */
  name: string;
  title: ReactNode;
  open: boolean;
  /** Cancel, Esc, the close button, or a click on the mask while nothing is being sent. */
  onCancel: () => void;
  /** Once the dialog has gone (and antd has given the focus back to what opened it). */
  afterClose?: (() => void) | undefined;
  /** The field that takes the focus once the dialog has opened; none leaves it to antd. */
  firstField?: Extract<keyof Values, string> | undefined;
  /** Sending: the fields are disabled, the submit button turns, the mask no longer closes. */
  pending: boolean;
  width?: number;
  onFinish: (values: Values) => void;
  submitText: ReactNode;
  cancelText: ReactNode;
  submitTestId?: string;
  cancelTestId?: string;
  /** A submit that cannot be undone (closing a report) says so in its colour. */
  submitDanger?: boolean;
  /** Not yet submittable, e.g. while what the form starts from is loading. */
  submitDisabled?: boolean;
  children: ReactNode;
}

/**
 * A dialog holding one form: Cancel and a primary submit in its footer (Enter in a field submits,
 * Esc cancels), the first field focused once it has opened, everything cleared when it has gone.
 * The form wraps the whole dialog so that the footer's submit button is the form's own.
 */
export function FormDialog<Values>({
  form,
  name,
  title,
  open,
  onCancel,
  afterClose,
  firstField,
  pending,
  width,
  onFinish,
  submitText,
  cancelText,
  submitTestId,
  cancelTestId,
  submitDanger,
  submitDisabled,
  children,
  ...formProps
}: FormDialogProps<Values>) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      afterClose={afterClose}
      afterOpenChange={firstField === undefined ? undefined : focusFieldOnOpen(form, firstField)}
      destroyOnHidden
      mask={{ closable: !pending }}
      width={width}
      modalRender={(dom) => (
        <Form<Values>
          {...formProps}
          form={form}
          name={name}
          layout="vertical"
          clearOnDestroy
          onFinish={onFinish}
          disabled={pending}
        >
          {dom}
        </Form>
      )}
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid={cancelTestId}>
          {cancelText}
        </Button>,
        <Button
          key="submit"
          type="primary"
          htmlType="submit"
          danger={submitDanger}
          disabled={submitDisabled}
          loading={pending}
          data-testid={submitTestId}
        >
          {submitText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
