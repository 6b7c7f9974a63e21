import { devicePassword } from '@helio/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../../components/dialogs/form-dialog.tsx';
import { useFormProblems } from '../../../../hooks/use-form-problems.ts';
import { describeError } from '../../../../lib/api.ts';
import { useUnlockDevice } from '../../api/control.ts';

const unlockForm = z.object({ pwd: devicePassword });
const fields = ['pwd'] as const;

export interface UnlockDialogProps {
  sn: string;
  open: boolean;
  /** Closed: `until` is when the unlock ends, undefined when cancelled. */
  onClose: (until?: string) => void;
  /** After the dialog has gone: the focus goes back. */
  afterClose?: () => void;
}

/**
 * "Please enter the device password" (api/setting/ispwd): right unlocks the device's settings for
 * this sign-in for a while; wrong, or too many tries, is said under the field in the catalogue's
 * words. Enter unlocks, Esc cancels.
 */
export function UnlockDialog({ sn, open, onClose, afterClose }: UnlockDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pwd: string }>();
  const problems = useFormProblems(form, unlockForm, fields);
  const unlock = useUnlockDevice(sn);

  const submit = ({ pwd }: { pwd: string }) =>
    unlock.mutate(pwd, {
      onSuccess: (answer) => onClose(answer.unlocked_until),
      // 200905 wrong, 1008 too many tries: the catalogue's text, on the field.
      onError: (error) => form.setFields([{ name: 'pwd', errors: [describeError(error)] }]),
    });

  return (
    <FormDialog<{ pwd: string }>
      form={form}
      name="control-unlock"
      title={t('control.unlock.title')}
      open={open}
      onCancel={() => onClose()}
      afterClose={afterClose}
      firstField="pwd"
      pending={unlock.isPending}
      width={420}
      validateTrigger="onSubmit"
      onFinish={submit}
      submitText={t('control.unlock.submit')}
      cancelText={t('control.cancel')}
      submitTestId="control-unlock-submit"
      cancelTestId="control-unlock-cancel"
    >
      <div data-testid="control-unlock-dialog">
        <p className="dialog-intro">{t('control.unlock.intro', { sn })}</p>
        <Form.Item name="pwd" label={t('control.unlock.password')} rules={[problems.rule('pwd')]} required>
          <Input.Password autoComplete="off" maxLength={128} data-testid="control-unlock-password" />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
