import { passwordAgain, retrievePassword, user } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, type InputProps, type InputRef, Space } from 'antd';
import { type KeyboardEvent, type ReactNode, type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { useCountdown } from '../../../hooks/use-countdown.ts';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { call } from '../../../lib/api.ts';
import { useLanguage } from '../../../lib/language.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useFieldChecks } from '../../users/index.ts';
import { mailLanguageCode } from '../lib/password-reset.ts';

interface ResetValues {
  email?: string;
  code?: string;
  password?: string;
  password_again?: string;
}

/** The body of api/user/forgetpwd without its language, plus the repeated new password. */
const resetForm = retrievePassword
  .omit({ language: true })
  .extend({ password_again: passwordAgain })
  .refine((value) => value.password === value.password_again, {
    path: ['password_again'],
    error: 'validation.passwordsDiffer',
    when: ({ value }) => {
      const form = value as ResetValues | undefined;
      return typeof form?.password === 'string' && Boolean(form.password_again);
    },
  });

const fields = ['email', 'code', 'password', 'password_again'] as const;

/**
 * The email input with the "send code" button beside it, as one Form.Item's control: the input
 * takes the item's id (its label's target), value and links to its problem.
 */
function EmailWithCodeButton({
  ref,
  button,
  ...input
}: InputProps & { ref?: Ref<InputRef>; button: ReactNode }) {
  return (
    <Space.Compact block>
      <Input ref={ref} {...input} />
      {button}
    </Space.Compact>
  );
}

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the new password was set; the dialog has said so and closes itself. */
  onDone?: (email: string) => void;
}

/**
 * Retrieve password (SPEC.md §2, §4, §5): the email gets a six-digit code, after which the button
 * counts down 60 seconds; the code and a new password set it. The mail's language follows the
 * interface (0 Chinese, 1 otherwise).
 */
export function ForgotPasswordDialog({ open, onClose, onDone }: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [form] = Form.useForm<ResetValues>();
  const problems = useFormProblems(form, resetForm, fields);
  const checks = useFieldChecks(form);
  // The host keeps this component while the dialog is closed, so the countdown goes on meanwhile.
  const countdown = useCountdown();
  const [codeSent, setCodeSent] = useState(false);
  const codeInput = useRef<{ focus: () => void } | null>(null);

  const showServerProblems = (error: unknown) => {
    problems.showServerProblems(error);
    checks.announce();
  };

  const sendCode = useMutation({
    mutationFn: (email: string) => call(user.sendEmailCode, { email, language: mailLanguageCode(language) }),
    onSuccess: (data) => {
      countdown.start(data.resend_after_s);
      setCodeSent(true);
      codeInput.current?.focus();
    },
    onError: showServerProblems,
  });

  const reset = useMutation({
    mutationFn: (values: ResetValues) => {
      const { email, code, password } = resetForm.parse(values);
      return call(user.forgetpwd, { email, code, password, language: mailLanguageCode(language) });
    },
    onSuccess: (_data, values) => {
      setCodeSent(false);
      notifySuccess(t('forgotPassword.done'), 'forgot-password');
      onClose();
      onDone?.(values.email?.trim() ?? '');
    },
    onError: showServerProblems,
  });

  const askCode = async () => {
    try {
      const { email } = await form.validateFields(['email']);
      sendCode.mutate(email?.trim() ?? '');
    } catch {
      // the field shows what is wrong
    }
  };

  // Enter in the email field asks for the code until one was asked; afterwards it submits.
  const emailEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (codeSent || form.getFieldValue('code')) return;
    event.preventDefault();
    void askCode();
  };

  const waiting = countdown.seconds > 0;
  const pending = reset.isPending;

  return (
    <FormDialog<ResetValues>
      {...checks.formProps}
      form={form}
      name="forgot"
      title={t('forgotPassword.title')}
      open={open}
      onCancel={onClose}
      firstField="email"
      pending={pending}
      width={480}
      onFinish={(values) => reset.mutate(values)}
      submitText={t('forgotPassword.submit')}
      cancelText={t('userDialog.cancel')}
      submitTestId="forgot-submit"
      cancelTestId="forgot-cancel"
    >
      <div data-testid="forgot-dialog">
        {checks.announcer}
        <p className="dialog-intro">{t('forgotPassword.intro')}</p>
        <Form.Item name="email" label={t('forgotPassword.email')} required rules={[problems.rule('email')]}>
          <EmailWithCodeButton
            type="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={254}
            autoFocus
            data-testid="forgot-email"
            onPressEnter={emailEnter}
            onBlur={checks.leave('email')}
            button={
              <Button
                onClick={askCode}
                disabled={waiting}
                loading={sendCode.isPending}
                data-testid="forgot-send-code"
                aria-live="polite"
              >
                {waiting
                  ? t('forgotPassword.resendIn', { seconds: countdown.seconds })
                  : codeSent
                    ? t('forgotPassword.resend')
                    : t('forgotPassword.sendCode')}
              </Button>
            }
          />
        </Form.Item>
        {codeSent && (
          <Alert
            type="success"
            showIcon
            className="dialog-alert"
            title={t('forgotPassword.codeSent')}
            data-testid="forgot-code-sent"
          />
        )}
        <Form.Item name="code" label={t('forgotPassword.code')} required rules={[problems.rule('code')]}>
          <Input
            ref={(input) => {
              codeInput.current = input;
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            onBlur={checks.leave('code')}
            data-testid="forgot-code"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('forgotPassword.newPassword')}
          required
          rules={[problems.rule('password')]}
          extra={t('userDialog.passwordHint')}
        >
          <Input.Password
            autoComplete="new-password"
            onBlur={checks.leave('password')}
            data-testid="forgot-password"
          />
        </Form.Item>
        <Form.Item
          name="password_again"
          label={t('userDialog.passwordAgain')}
          required
          dependencies={['password']}
          rules={[problems.rule('password_again')]}
        >
          <Input.Password
            autoComplete="new-password"
            onBlur={checks.leave('password_again')}
            data-testid="forgot-password_again"
          />
        </Form.Item>
      </div>
    </FormDialog>
  );
}

export default ForgotPasswordDialog;
