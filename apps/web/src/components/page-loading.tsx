import { useTranslation } from 'react-i18next';

/** Shown while a screen's code downloads; plain CSS so it costs nothing before antd loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return <div className="boot-splash" role="progressbar" aria-label={t('app.loading')} />;
}
