import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../../components/empty-page.tsx';

/** /dashboard: the station list (SPEC.md §2). */
export function StationListRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.stations.title')}
      emptyTitle={t('pages.stations.emptyTitle')}
      description={t('pages.stations.emptyDescription')}
    />
  );
}
