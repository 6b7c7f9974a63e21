import { password, passwordAgain, withPasswordConfirmation } from '@helio/contracts';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../../components/dialogs/form-dialog.tsx';
import { useFormProblems } from '../../../../hooks/use-form-problems.ts';
import { describeError } from '../../../../lib/api.ts';
import { notifySuccess } from '../../../../lib/notifier.ts';
import { useSetDevicePassword } from '../../api/control.ts';

const passwordForm = withPasswordConfirmation(z.object({ pwd: password, pwd_again: passwordAgain }));
const fields = ['pwd', 'pwd_again'] as const;
type PasswordValues = { pwd: string; pwd_again: string };

export interface PasswordDialogProps {
  sn: string;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * The installer sets a device's settings password (api/setting/password): typed twice, checked by
 * the shared password rule; it is stored hashed and never shown again.
 */
export function PasswordDialog({ sn, open, onClose, afterClose }: PasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const problems = useFormProblems(form, passwordForm, fields);
  const setPassword = useSetDevicePassword(sn);
  const [failure, setFailure] = useState<string>();

  const submit = ({ pwd }: PasswordValues) => {
    setFailure(undefined);
    setPassword.mutate(pwd, {
      onSuccess: () => {
        notifySuccess(t('control.password.done', { sn }), 'control-password');
        onClose();
      },
      onError: (error) => {
        problems.showServerProblems(error);
        setFailure(describeError(error));
      },
    });
  };

  return (
    <FormDialog<PasswordValues>
      form={form}
      name="control-password"
      title={t('control.password.title', { sn })}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      firstField="pwd"
      pending={setPassword.isPending}
      width={440}
      validateTrigger="onBlur"
      onFinish={submit}
      submitText={t('control.password.submit')}
      cancelText={t('control.cancel')}
      submitTestId="control-password-submit"
    >
      <div data-testid="control-password-dialog">
        <p className="dialog-intro">{t('control.password.intro')}</p>
        {failure && <Alert type="error" showIcon className="dialog-alert" title={failure} />}
        <Form.Item name="pwd" label={t('control.password.new')} rules={[problems.rule('pwd')]} required>
          <Input.Password autoComplete="new-password" maxLength={128} data-testid="control-password-new" />
        </Form.Item>
        <Form.Item
          name="pwd_again"
          label={t('control.password.again')}
          dependencies={['pwd']}
          rules={[problems.rule('pwd_again')]}
          required
        >
          <Input.Password autoComplete="new-password" maxLength={128} data-testid="control-password-again" />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
