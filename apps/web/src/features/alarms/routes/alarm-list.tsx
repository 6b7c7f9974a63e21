import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../../components/empty-page.tsx';

/** /alarmList/alarmList: the alarm list (SPEC.md §2). */
export function AlarmListRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.alarms.title')}
      emptyTitle={t('pages.alarms.emptyTitle')}
      description={t('pages.alarms.emptyDescription')}
    />
  );
}
