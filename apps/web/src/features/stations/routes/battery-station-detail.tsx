import { useTranslation } from 'react-i18next';
import { NoStationSelected } from '../components/no-station-selected.tsx';

/** /station-detail/battery: on-grid, storage, off-grid and storage-with-wallbox stations (types 1, 4, 5, 6). */
export function BatteryStationDetailRoute() {
  const { t } = useTranslation();
  return <NoStationSelected title={t('pages.stationDetail.battery')} />;
}
