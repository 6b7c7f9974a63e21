import { useTranslation } from 'react-i18next';
import { useWebVersion } from '../../lib/web-version.ts';

/** Footer of every screen, with the web version (v1.0.1 until the server answers). */
export function AppFooter() {
  const { t } = useTranslation();
  const version = useWebVersion();
  return (
    <footer className="app-footer">
      Helio ·{' '}
      <span data-testid="web-version" title={t('layout.webVersion')}>
        {version}
      </span>
    </footer>
  );
}
