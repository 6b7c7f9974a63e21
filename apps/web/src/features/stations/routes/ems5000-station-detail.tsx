import { useTranslation } from 'react-i18next';
import { NoStationSelected } from '../components/no-station-selected.tsx';

/** /station-detail/ems5000: commercial storage stations with an EMS 5000 (type 9). */
export function Ems5000StationDetailRoute() {
  const { t } = useTranslation();
  return <NoStationSelected title={t('pages.stationDetail.ems5000')} />;
}
