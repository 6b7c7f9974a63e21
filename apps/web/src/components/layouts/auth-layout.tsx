import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../brand-logo.tsx';
import { LanguageSelect } from '../language-select.tsx';

/**
 * Frame of the signed-out screens: a brand panel on wide screens, the form and the language.
 * The web version is shown in the signed-in footer: fetching it here would pull the call
 * definitions into the login page's first load.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <aside className="auth-hero">
        <Brand />
        <div className="auth-hero-text">
          <h2>{t('login.headline')}</h2>
          <p>{t('login.pitch')}</p>
        </div>
        <span className="auth-hero-tagline">{t('app.tagline')}</span>
      </aside>
      <main className="auth-main">
        <div className="auth-toolbar">
          <span className="auth-mobile-brand">
            <Brand />
          </span>
          <LanguageSelect />
        </div>
        <div className="auth-panel">{children}</div>
      </main>
    </div>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="auth-heading">
      <h1>{title}</h1>
      <p>{subtitle}</p>
    </header>
  );
}
