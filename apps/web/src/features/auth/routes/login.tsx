import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthHeading, AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { endSession } from '../../../lib/session-store.ts';
import { loadLoginCall, useLogin } from '../api/login.ts';
import { LoginForm } from '../components/login-form.tsx';

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

  useEffect(() => {
    if (autoLoginStarted.current || name === undefined || pwd === undefined) return;
    autoLoginStarted.current = true;
    // Someone else may be signed in here: the link signs in as its own user.
    endSession();
    queryClient.clear();
    navigate('/login', { replace: true });
    mutate({ user_name: name, pwd });
  }, [name, pwd, navigate, mutate, queryClient]);

  return (
    <AuthLayout>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <LoginForm
        pending={login.isPending}
        onSubmit={mutate}
        initialUserName={linkUserName}
        onFirstInput={() => void loadLoginCall().catch(() => undefined)}
      />
    </AuthLayout>
  );
}
