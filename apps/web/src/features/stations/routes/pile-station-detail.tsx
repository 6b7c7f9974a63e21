import { useTranslation } from 'react-i18next';
import { StationCharging } from '../components/charging-sections.tsx';
import { NoStationSelected } from '../components/no-station-selected.tsx';
import { PileFigures, PileSessions } from '../components/pile-overview.tsx';
import { StationAlarmsCard } from '../components/station-alarms-card.tsx';
import { type ChartTab, StationChart } from '../components/station-chart.tsx';
import { StationOverview } from '../components/station-overview.tsx';
import { useDetailStation } from './detail-context.ts';

/** A wallbox station's chart: the charging power of a day, the charged energy of longer periods. */
const pileTabs: readonly ChartTab[] = [{ kind: 'station', keys: ['ev_w', 'ev_kwh'] }];

/** /station-detail/pile: wallbox stations (type 8). */
export function PileStationDetailRoute() {
  const { t } = useTranslation();
  const station = useDetailStation();
  if (!station) return <NoStationSelected title={t('pages.stationDetail.pile')} />;
  return (
    <StationOverview
      station={station}
      figures={<PileFigures stationId={station.station_id} />}
      sections={
        <>
          <PileSessions stationId={station.station_id} />
          <StationCharging stationId={station.station_id} />
          <StationChart
            stationId={station.station_id}
            zone={station.timezone}
            family="station"
            tabs={pileTabs}
            title={t('stations.chart.titlePile')}
          />
          {/* Nothing beside it on this screen: the alarms take the whole row. */}
          <div className="station-section-wide">
            <StationAlarmsCard stationId={station.station_id} />
          </div>
        </>
      }
    />
  );
}
