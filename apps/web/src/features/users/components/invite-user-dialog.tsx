import { user } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { call } from '../../../lib/api.ts';
import type { SchemaLike } from '../../../lib/form-problems.ts';
import { useFieldChecks } from '../lib/field-checks.tsx';
import { InstallerSelect } from './installer-select.tsx';

interface InviteValues {
  user_name?: string;
  installer_id?: number;
}

const fields = ['user_name', 'installer_id'] as const;

/** The call's own checks are the form's; a refusal names its field. */
const inviteSchema: SchemaLike = user.addInstallerUser.body;

interface InviteUserDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Invites an existing end user that has no installer yet (api/user/installer/addInstallerUser), by
 * user name or email, under the caller or one of the caller's sub-installers. The account joins the
 * tree only once its owner accepts. The answer is the same whether or not such an account exists,
 * so what the dialog says afterwards never claims that it does; nothing in the list changes yet.
 */
export function InviteUserDialog({ open, onClose }: InviteUserDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteValues>();
  const problems = useFormProblems(form, inviteSchema, fields);
  const checks = useFieldChecks(form);
  /** Days the invitation just sent is valid, once the server has taken it. */
  const [validDays, setValidDays] = useState<number | null>(null);

  const invite = useMutation({
    mutationFn: (values: InviteValues) =>
      call(user.addInstallerUser, {
        user_name: values.user_name?.trim() ?? '',
        ...(values.installer_id ? { installer_id: values.installer_id } : {}),
      }),
    onSuccess: (answer) => setValidDays(answer.valid_days),
    onError: (error) => {
      problems.showServerProblems(error);
      checks.announce();
    },
  });

  const inviteAnother = () => {
    form.setFieldValue('user_name', undefined);
    setValidDays(null);
  };

  const sent = validDays !== null;

  return (
    <Modal
      open={open}
      title={t('users.inviteTitle')}
      onCancel={onClose}
      afterOpenChange={checks.focusOnOpen('user_name')}
      destroyOnHidden
      maskClosable={!invite.isPending}
      width={480}
      modalRender={(dom) => (
        <Form<InviteValues>
          form={form}
          name="invite"
          layout="vertical"
          {...checks.formProps}
          clearOnDestroy
          onFinish={(values) => invite.mutate(values)}
          disabled={invite.isPending}
        >
          {dom}
        </Form>
      )}
      footer={
        sent
          ? [
              <Button key="another" onClick={inviteAnother} data-testid="invite-another">
                {t('users.inviteAnother')}
              </Button>,
              <Button key="close" type="primary" onClick={onClose} autoFocus data-testid="invite-close">
                {t('users.inviteClose')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose} disabled={false}>
                {t('userDialog.cancel')}
              </Button>,
              <Button
                key="submit"
                type="primary"
                htmlType="submit"
                loading={invite.isPending}
                data-testid="invite-submit"
              >
                {t('users.inviteSubmit')}
              </Button>,
            ]
      }
    >
      <div data-testid="invite-dialog">
        {checks.announcer}
        {sent ? (
          <Alert
            type="success"
            showIcon
            className="dialog-alert"
            title={t('users.inviteSent', { days: validDays })}
            data-testid="invite-sent"
          />
        ) : (
          <>
            <p className="dialog-intro">{t('users.inviteIntro')}</p>
            <Form.Item
              name="user_name"
              label={t('users.inviteUser')}
              required
              rules={[{ required: true, whitespace: true, message: t('users.inviteUserRequired') }]}
            >
              <Input
                autoComplete="off"
                spellCheck={false}
                maxLength={254}
                autoFocus
                onBlur={checks.leave('user_name')}
                data-testid="invite-user_name"
              />
            </Form.Item>
          </>
        )}
        {/* Kept (hidden) after sending, so "invite another" goes under the same installer. */}
        <Form.Item
          name="installer_id"
          label={t('users.inviteInstaller')}
          extra={t('users.inviteInstallerHint')}
          hidden={sent}
        >
          <InstallerSelect
            allowClear
            placeholder={t('users.inviteInstallerPlaceholder')}
            data-testid="invite-installer"
          />
        </Form.Item>
      </div>
    </Modal>
  );
}
