import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthHeading, AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { withTexts } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notifier.ts';
import { endSession } from '../../../lib/session-store.ts';
import { loadUserDialog } from '../../users/index.ts';
import { loadLoginCall, useLogin } from '../api/login.ts';
import { LoginForm } from '../components/login-form.tsx';

/*
 * The register and retrieve-password dialogs (antd's Form, the call schemas, their texts) are
 * downloaded when first asked for, or when the pointer reaches their link: the login page's first
 * load stays small.
 */
const dialogLoaders = {
  register: loadUserDialog,
  forgot: withTexts('accounts', () => import('../components/forgot-password-dialog.tsx')),
};
const RegisterDialog = lazy(dialogLoaders.register);
const ForgotPasswordDialog = lazy(dialogLoaders.forgot);

type DialogName = keyof typeof dialogLoaders;

/**
 * /login, and /login/{name}/{pwd} (SPEC.md §2), which signs in at once. The credentials are taken
 * into memory and the address is replaced by /login before the call even starts, so they stay
 * neither in the address bar nor in the history.
 */
export function LoginRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  const { name, pwd } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const { mutate } = login;
  const [linkUserName] = useState(name);
  const autoLoginStarted = useRef(false);
  /** The dialog shown, which dialogs are mounted (they stay so, to close with their animation). */
  const [open, setOpen] = useState<DialogName | null>(null);
  const [mounted, setMounted] = useState<Record<DialogName, boolean>>({ register: false, forgot: false });
  const [loading, setLoading] = useState<DialogName | null>(null);
  /** A user name to sign in with after registering or resetting a password; a new one remounts the form. */
  const [prefill, setPrefill] = useState<{ userName: string; count: number } | null>(null);

  useEffect(() => {
    if (autoLoginStarted.current || name === undefined || pwd === undefined) return;
    autoLoginStarted.current = true;
    // Someone else may be signed in here: the link signs in as its own user.
    endSession();
    queryClient.clear();
    navigate('/login', { replace: true });
    mutate({ user_name: name, pwd });
  }, [name, pwd, navigate, mutate, queryClient]);

  const preload = (dialog: DialogName) => () => void dialogLoaders[dialog]().catch(() => undefined);

  const openDialog = async (dialog: DialogName) => {
    setLoading(dialog);
    try {
      await dialogLoaders[dialog]();
    } catch {
      notifyError(t('network', { ns: 'errors' }), 'network');
      return;
    } finally {
      setLoading(null);
    }
    setMounted((current) => ({ ...current, [dialog]: true }));
    setOpen(dialog);
  };

  const signInAs = (userName: string) =>
    setPrefill((current) => ({ userName, count: (current?.count ?? 0) + 1 }));

  const linkProps = (dialog: DialogName, testId: string) => ({
    type: 'link' as const,
    loading: loading === dialog,
    onClick: () => void openDialog(dialog),
    onPointerEnter: preload(dialog),
    onFocus: preload(dialog),
    'data-testid': testId,
  });

  return (
    <AuthLayout>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <LoginForm
        key={prefill?.count ?? 0}
        pending={login.isPending}
        onSubmit={mutate}
        initialUserName={prefill?.userName ?? linkUserName}
        focusPassword={prefill !== null}
        onFirstInput={() => void loadLoginCall().catch(() => undefined)}
        passwordAction={
          <Button {...linkProps('forgot', 'forgot-password-link')} size="small" className="auth-inline-link">
            {t('login.forgotPassword')}
          </Button>
        }
      />
      <p className="auth-switch">
        {t('login.noAccount')}{' '}
        <Button {...linkProps('register', 'register-link')} className="auth-inline-link">
          {t('login.createAccount')}
        </Button>
      </p>
      <Suspense fallback={null}>
        {mounted.register && (
          <RegisterDialog
            mode={1}
            open={open === 'register'}
            onClose={() => setOpen(null)}
            onDone={(result) => {
              if (result.mode === 1) signInAs(result.account.user_name);
            }}
          />
        )}
        {mounted.forgot && (
          <ForgotPasswordDialog open={open === 'forgot'} onClose={() => setOpen(null)} onDone={signInAs} />
        )}
      </Suspense>
    </AuthLayout>
  );
}
