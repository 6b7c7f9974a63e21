import { useTranslation } from 'react-i18next';
import { NoStationSelected } from '../components/no-station-selected.tsx';

/** /station-detail/pile: wallbox stations (type 8). */
export function PileStationDetailRoute() {
  const { t } = useTranslation();
  return <NoStationSelected title={t('pages.stationDetail.pile')} />;
}
