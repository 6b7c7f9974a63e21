import { CloudOutlined, LineChartOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NoDataCard } from '../components/no-data-card.tsx';
import { NoStationSelected } from '../components/no-station-selected.tsx';
import { StationAlarmsCard } from '../components/station-alarms-card.tsx';
import { StationOverview } from '../components/station-overview.tsx';
import { useDetailStation } from './detail-context.ts';

/** /station-detail/battery: on-grid, storage, off-grid and storage-with-wallbox stations (types 1, 4, 5, 6). */
export function BatteryStationDetailRoute() {
  const { t } = useTranslation();
  const station = useDetailStation();
  if (!station) return <NoStationSelected title={t('pages.stationDetail.battery')} />;
  return (
    <StationOverview
      station={station}
      sections={
        <>
          <NoDataCard
            title={t('stations.detail.powerFlow')}
            description={t('stations.detail.powerFlowEmpty')}
            icon={<NodeIndexOutlined />}
            testId="station-power-flow"
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
