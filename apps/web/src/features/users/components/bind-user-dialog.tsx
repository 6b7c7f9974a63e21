import { user } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { call } from '../../../lib/api.ts';
import type { SchemaLike } from '../../../lib/form-problems.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useRefreshAccounts } from '../api/accounts.ts';
import { InstallerSelect } from './installer-select.tsx';

interface BindValues {
  user_name?: string;
  installer_id?: number;
}

const fields = ['user_name', 'installer_id'] as const;

/** The call's own checks are the form's: a refusal names its field (1001 unknown, 4003 bound, …). */
const bindSchema: SchemaLike = user.addInstallerUser.body;

interface BindUserDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Binds an existing end user that has no installer yet (api/user/installer/addInstallerUser), found
 * by user name or email, to the caller or to one of the caller's sub-installers.
 */
export function BindUserDialog({ open, onClose }: BindUserDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindValues>();
  const problems = useFormProblems(form, bindSchema, fields);
  const refreshAccounts = useRefreshAccounts();

  const bind = useMutation({
    mutationFn: (values: BindValues) =>
      call(user.addInstallerUser, {
        user_name: values.user_name?.trim() ?? '',
        ...(values.installer_id ? { installer_id: values.installer_id } : {}),
      }),
    onSuccess: () => {
      notifySuccess(t('users.bound'), 'bind-user');
      void refreshAccounts();
      onClose();
    },
    onError: problems.showServerProblems,
  });

  return (
    <Modal
      open={open}
      title={t('users.bindTitle')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!bind.isPending}
      width={480}
      modalRender={(dom) => (
        <Form<BindValues>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          clearOnDestroy
          onFinish={(values) => bind.mutate(values)}
          disabled={bind.isPending}
        >
          {dom}
        </Form>
      )}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={false}>
          {t('userDialog.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          htmlType="submit"
          loading={bind.isPending}
          data-testid="bind-submit"
        >
          {t('users.bindSubmit')}
        </Button>,
      ]}
    >
      <div data-testid="bind-dialog">
        <p className="dialog-intro">{t('users.bindIntro')}</p>
        <Form.Item
          name="user_name"
          label={t('users.bindUser')}
          required
          rules={[{ required: true, whitespace: true, message: t('users.bindUserRequired') }]}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            autoFocus
            data-testid="bind-user_name"
          />
        </Form.Item>
        <Form.Item name="installer_id" label={t('users.bindInstaller')} extra={t('users.bindInstallerHint')}>
          <InstallerSelect
            allowClear
            placeholder={t('users.bindInstallerPlaceholder')}
            data-testid="bind-installer"
          />
        </Form.Item>
      </div>
    </Modal>
  );
}
