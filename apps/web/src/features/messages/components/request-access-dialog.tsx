import { deviceSn, message } from '@helio/contracts';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { ApiError, describeError } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useRequestChanges } from '../api/requests.ts';
import { requestRefusalKey } from '../lib/request-refusals.ts';

interface RequestValues {
  sn: string;
  note?: string;
}

export interface RequestAccessDialogProps {
  open: boolean;
  onClose: () => void;
  /** The SN whose registration answered 2001 (device registered), when asked from there. */
  sn?: string;
  onDone?: () => void;
}

/**
 * Asks the holder of a device's station for access (api/auth-request/add): an installer whose
 * registration of the SN answered 2001. The holder passes or refuses it for good; the answer comes
 * as a message. A refusal is said under the SN in this case's words.
 */
export function RequestAccessDialog({ open, onClose, sn, onDone }: RequestAccessDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RequestValues>();
  const { add } = useRequestChanges((item) => {
    notifySuccess(t('messages.requests.sent', { sn: item.sn }), 'request-add');
    onClose();
    onDone?.();
  });

  const submit = (values: RequestValues) => {
    const note = values.note?.trim();
    add.mutate(
      { sn: values.sn, ...(note ? { note } : {}) },
      {
        onError: (error) => {
          const key = error instanceof ApiError ? requestRefusalKey(error.code) : undefined;
          form.setFields([{ name: 'sn', errors: [key ? t(key) : describeError(error)] }]);
        },
      },
    );
  };

  return (
    <FormDialog<RequestValues>
      form={form}
      name="access-request"
      title={t('messages.requests.dialogTitle')}
      open={open}
      onCancel={onClose}
      firstField={sn ? 'note' : 'sn'}
      pending={add.isPending}
      initialValues={{ sn: sn ?? '' }}
      onFinish={submit}
      submitText={t('messages.requests.send')}
      cancelText={t('messages.cancel')}
      submitTestId="request-submit"
    >
      <div data-testid="request-dialog">
        <Typography.Paragraph type="secondary">{t('messages.requests.dialogIntro')}</Typography.Paragraph>
        <Form.Item
          name="sn"
          label={t('messages.requests.field.sn')}
          normalize={(value: string | undefined) => value?.toUpperCase()}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const checked = deviceSn.safeParse(value ?? '');
                if (!checked.success) {
                  const key = checked.error.issues[0]?.message ?? 'validation.deviceSnFormat';
                  throw new Error(t(key, { ns: 'validation', keySeparator: false }));
                }
              },
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} autoFocus={!sn} data-testid="request-sn" />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('messages.requests.field.note')}
          rules={[
            {
              max: message.REQUEST_NOTE_MAX_LENGTH,
              message: t('validation.textTooLong', { ns: 'validation', keySeparator: false }),
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={message.REQUEST_NOTE_MAX_LENGTH}
            showCount
            autoFocus={Boolean(sn)}
            placeholder={t('messages.requests.notePlaceholder')}
            data-testid="request-note"
          />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
