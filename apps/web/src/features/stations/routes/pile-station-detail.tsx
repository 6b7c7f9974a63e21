import { CalendarOutlined, HistoryOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NoDataCard } from '../components/no-data-card.tsx';
import { NoStationSelected } from '../components/no-station-selected.tsx';
import { StationAlarmsCard } from '../components/station-alarms-card.tsx';
import { StationOverview } from '../components/station-overview.tsx';
import { useDetailStation } from './detail-context.ts';

/** /station-detail/pile: wallbox stations (type 8). */
export function PileStationDetailRoute() {
  const { t } = useTranslation();
  const station = useDetailStation();
  if (!station) return <NoStationSelected title={t('pages.stationDetail.pile')} />;
  return (
    <StationOverview
      station={station}
      sections={
        <>
          <NoDataCard
            title={t('stations.detail.chargingRecords')}
            description={t('stations.detail.chargingRecordsEmpty')}
            icon={<HistoryOutlined />}
            testId="station-charging-records"
          />
          <NoDataCard
            title={t('stations.detail.chargingPlan')}
            description={t('stations.detail.chargingPlanEmpty')}
            icon={<CalendarOutlined />}
            testId="station-charging-plan"
          />
          <NoDataCard
            title={t('stations.detail.energyChart')}
            description={t('stations.detail.energyChartEmpty')}
            icon={<LineChartOutlined />}
            testId="station-energy-chart"
          />
          <StationAlarmsCard stationId={station.station_id} />
        </>
      }
    />
  );
}
