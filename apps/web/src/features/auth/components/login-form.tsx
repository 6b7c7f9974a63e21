import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '../api/login.ts';

interface LoginValues {
  userName: string;
  password: string;
}

type Problems = Partial<Record<keyof LoginValues, string>>;

/** Login asks only for presence; the server judges the rest (1002 for a wrong pair). */
function validate(values: LoginValues): Problems {
  return {
    userName: values.userName.trim() ? undefined : 'validation.userNameRequired',
    password: values.password ? undefined : 'validation.passwordRequired',
  };
}

interface FieldProps {
  id: string;
  label: string;
  /** A link at the label's end, e.g. "Forgot password?". */
  action?: ReactNode;
  /** The translated problem, shown under the input and announced with it. */
  error: string | undefined;
  children: ReactNode;
}

function Field({ id, label, action, error, children }: FieldProps) {
  return (
    <div className="form-field">
      <div className="form-field-label">
        <label htmlFor={id}>{label}</label>
        {action}
      </div>
      {children}
      {/* Always there, so that a problem appearing in it is announced (a live region must exist first). */}
      <div id={`${id}-error`} className="form-field-error" role="alert">
        {error}
      </div>
    </div>
  );
}

interface LoginFormProps {
  pending: boolean;
  onSubmit: (body: LoginBody) => void;
  /** Prefills the user name, e.g. while signing in from a /login/{name}/{pwd} link. */
  initialUserName?: string;
  /** Called on the first keystroke: a chance to fetch what submitting will need. */
  onFirstInput?: () => void;
  /** Shown at the end of the password's label: the way to reset a forgotten password. */
  passwordAction?: ReactNode;
  /** Focus the password rather than the user name, e.g. after registering prefilled the name. */
  focusPassword?: boolean;
}

/**
 * User name (or email) and password; Enter submits. A plain form over antd inputs rather than
 * antd's Form, which would add ~20 kB gzipped to the login page for two required fields. The
 * server's refusal is shown by the API client.
 */
export function LoginForm({
  pending,
  onSubmit,
  initialUserName,
  onFirstInput,
  passwordAction,
  focusPassword = false,
}: LoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<LoginValues>({ userName: initialUserName ?? '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const typed = useRef(false);
  const edited = useRef(new Set<keyof LoginValues>());
  const fields = useRef<Partial<Record<keyof LoginValues, HTMLInputElement | null>>>({});

  const problems = validate(values);
  const shown = (field: keyof LoginValues) => {
    const key = problems[field];
    return key && (submitted || touched[field])
      ? t(key, { ns: 'validation', keySeparator: false })
      : undefined;
  };

  const change = (field: keyof LoginValues, value: string) => {
    if (!typed.current) {
      typed.current = true;
      onFirstInput?.();
    }
    edited.current.add(field);
    setValues((current) => ({ ...current, [field]: value }));
  };

  // A field left untouched (e.g. on the way to "Create an account") is not yet wrong.
  const leave = (field: keyof LoginValues) => {
    if (edited.current.has(field)) setTouched((current) => ({ ...current, [field]: true }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const firstProblem = (['userName', 'password'] as const).find((field) => problems[field]);
    if (firstProblem) {
      fields.current[firstProblem]?.focus();
      return;
    }
    onSubmit({ user_name: values.userName.trim(), pwd: values.password });
  };

  const userNameId = `${id}-user`;
  const passwordId = `${id}-password`;
  const userNameError = shown('userName');
  const passwordError = shown('password');

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-busy={pending}>
      <Field id={userNameId} label={t('login.userName')} error={userNameError}>
        <Input
          id={userNameId}
          ref={(input) => {
            fields.current.userName = input?.input;
          }}
          size="large"
          prefix={<UserOutlined aria-hidden />}
          value={values.userName}
          onChange={(event) => change('userName', event.target.value)}
          onBlur={() => leave('userName')}
          status={userNameError ? 'error' : undefined}
          aria-invalid={userNameError ? true : undefined}
          aria-describedby={`${userNameId}-error`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          data-testid="login-username"
          autoFocus={!focusPassword}
        />
      </Field>
      <Field id={passwordId} label={t('login.password')} action={passwordAction} error={passwordError}>
        <Input.Password
          id={passwordId}
          ref={(input) => {
            fields.current.password = input?.input;
          }}
          size="large"
          prefix={<LockOutlined aria-hidden />}
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          onBlur={() => leave('password')}
          status={passwordError ? 'error' : undefined}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={`${passwordId}-error`}
          autoComplete="current-password"
          data-testid="login-password"
          autoFocus={focusPassword}
        />
      </Field>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={pending}
        data-testid="login-submit"
      >
        {pending ? t('login.signingIn') : t('login.submit')}
      </Button>
    </form>
  );
}
