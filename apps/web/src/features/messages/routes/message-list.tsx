import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../../components/empty-page.tsx';

/** /myLog/myLog: the user's messages (SPEC.md §2). */
export function MessageListRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.messages.title')}
      emptyTitle={t('pages.messages.emptyTitle')}
      description={t('pages.messages.emptyDescription')}
    />
  );
}
