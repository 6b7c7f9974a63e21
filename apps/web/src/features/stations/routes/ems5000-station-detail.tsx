import { ApartmentOutlined, CloudOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NoDataCard } from '../components/no-data-card.tsx';
import { NoStationSelected } from '../components/no-station-selected.tsx';
import { StationAlarmsCard } from '../components/station-alarms-card.tsx';
import { StationOverview } from '../components/station-overview.tsx';
import { useDetailStation } from './detail-context.ts';

/** /station-detail/ems5000: commercial storage stations with an EMS 5000 (type 9). */
export function Ems5000StationDetailRoute() {
  const { t } = useTranslation();
  const station = useDetailStation();
  if (!station) return <NoStationSelected title={t('pages.stationDetail.ems5000')} />;
  return (
    <StationOverview
      station={station}
      sections={
        <>
          <NoDataCard
            title={t('stations.detail.emsSystem')}
            description={t('stations.detail.emsSystemEmpty')}
            icon={<ApartmentOutlined />}
            testId="station-ems-system"
          />
          <NoDataCard
            title={t('stations.detail.energyChart')}
            description={t('stations.detail.energyChartEmpty')}
            icon={<LineChartOutlined />}
            testId="station-energy-chart"
          />
          <NoDataCard
            title={t('stations.detail.weather')}
            description={t('stations.detail.weatherEmpty')}
            icon={<CloudOutlined />}
            testId="station-weather"
          />
          <StationAlarmsCard stationId={station.station_id} />
        </>
      }
    />
  );
}
