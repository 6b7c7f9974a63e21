import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../../components/empty-page.tsx';

/** /device/deviceList: the device list (SPEC.md §2). */
export function DeviceListRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.devices.title')}
      emptyTitle={t('pages.devices.emptyTitle')}
      description={t('pages.devices.emptyDescription')}
    />
  );
}
