import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../../components/empty-page.tsx';

/** /myUser/myUser: user management, installers only (SPEC.md §2, §6). */
export function UserListRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.users.title')}
      emptyTitle={t('pages.users.emptyTitle')}
      description={t('pages.users.emptyDescription')}
    />
  );
}
