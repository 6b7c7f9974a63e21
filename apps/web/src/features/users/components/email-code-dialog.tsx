import { user } from '@helio/contracts';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useConfirmEmail, useResendEmailCode } from '../api/email-change.ts';
import { useFieldChecks } from '../lib/field-checks.tsx';

/** A change of an account's email that waits for the code mailed to the new address. */
export interface PendingEmailChange {
  /** The account of one's tree; undefined for one's own. */
  userId?: number;
  /** The account's name, sent again with the address when a new code is asked for. */
  userName: string;
  /** The address in effect until the code is entered. */
  current: string;
  /** The address waiting for its code. */
  pending: string;
}

interface CodeValues {
  code?: string;
}

const fields = ['code'] as const;

interface EmailCodeDialogProps {
  open: boolean;
  change: PendingEmailChange;
  onClose: () => void;
  /** After the code was taken: the address now in effect. */
  onConfirmed: (email: string) => void;
  /** Once the dialog has gone. */
  afterClose?: () => void;
}

/**
 * The user dialog's second step after a new email (SPEC.md §4 mode 4): the 6-digit code mailed to
 * the new address confirms it (checked with the call's own rule first); a new code can be asked for;
 * "later" leaves the old address in effect, and the code can be entered when the account is edited
 * again.
 */
export function EmailCodeDialog({ open, change, onClose, onConfirmed, afterClose }: EmailCodeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const problems = useFormProblems(form, user.confirmEmail.body, fields);
  const checks = useFieldChecks(form);
  const confirm = useConfirmEmail();
  const resend = useResendEmailCode();
  const owner = change.userId === undefined ? {} : { user_id: change.userId };

  const submit = (values: CodeValues) => {
    const { code } = user.confirmEmail.body.parse({ code: values.code });
    confirm.mutate(
      { ...owner, code },
      {
        onSuccess: ({ email }) => {
          notifySuccess(t('userDialog.emailCode.confirmed', { email }), 'email-change');
          onConfirmed(email);
        },
        onError: (error) => {
          problems.showServerProblems(error);
          checks.announce();
        },
      },
    );
  };

  const sendAgain = () =>
    resend.mutate(
      { ...owner, user_name: change.userName, email: change.pending },
      {
        onSuccess: (account) => {
          // Nothing waits any more (confirmed meanwhile, e.g. in another tab): the address is in effect.
          if (account.email_pending === null) return onConfirmed(account.email);
          form.resetFields(['code']);
          notifySuccess(t('userDialog.emailCode.resent', { email: account.email_pending }), 'email-change');
        },
      },
    );

  const busy = confirm.isPending || resend.isPending;

  return (
    <Modal
      open={open}
      title={t('userDialog.emailCode.title')}
      onCancel={onClose}
      afterOpenChange={checks.focusOnOpen('code')}
      afterClose={afterClose}
      destroyOnHidden
      maskClosable={!busy}
      width={480}
      modalRender={(dom) => (
        <Form<CodeValues>
          form={form}
          name="email-code"
          layout="vertical"
          {...checks.formProps}
          clearOnDestroy
          onFinish={submit}
          disabled={busy}
        >
          {dom}
        </Form>
      )}
      footer={[
        <Button key="later" onClick={onClose} disabled={false} data-testid="email-code-later">
          {t('userDialog.emailCode.later')}
        </Button>,
        <Button key="resend" onClick={sendAgain} loading={resend.isPending} data-testid="email-code-resend">
          {t('userDialog.emailCode.resend')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          htmlType="submit"
          loading={confirm.isPending}
          data-testid="email-code-confirm"
        >
          {t('userDialog.emailCode.confirm')}
        </Button>,
      ]}
    >
      <div data-testid="email-code-dialog">
        {checks.announcer}
        <p className="dialog-intro" data-testid="email-code-intro">
          {t('userDialog.emailCode.intro', { email: change.pending, current: change.current })}
        </p>
        <Form.Item
          name="code"
          label={t('userDialog.emailCode.code')}
          required
          rules={[problems.rule('code')]}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            onBlur={checks.leave('code')}
            data-testid="email-code"
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" className="dialog-note">
          {t('userDialog.emailCode.note', { hours: user.EMAIL_CHANGE_VALID_HOURS })}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
