import { type StationItem, StationType } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { useStationOverview, useStorageOverview } from '../api/plant.ts';
import { StationCharging } from '../components/charging-sections.tsx';
import { BatteryStationFigures, stationFlows } from '../components/energy-cards.tsx';
import { NoStationSelected } from '../components/no-station-selected.tsx';
import { PowerFlow } from '../components/power-flow.tsx';
import { StationAlarmsCard } from '../components/station-alarms-card.tsx';
import { type ChartTab, StationChart } from '../components/station-chart.tsx';
import { StationOverview } from '../components/station-overview.tsx';
import { PeakValleySections } from '../components/tariff/lazy-peak-valley.tsx';
import { WeatherCard } from '../components/weather-card.tsx';
import { useDetailStation } from './detail-context.ts';

/** Station types built around a battery: they always offer the battery chart; an on-grid one once it has a battery. */
const storageTypes = new Set<number>([4, 5, 6]);

function BatteryStationScreen({ station }: { station: StationItem }) {
  const { t } = useTranslation();
  const overview = useStationOverview(station.station_id);
  const storage = useStorageOverview(station.station_id);
  const hasBattery =
    storageTypes.has(station.station_type) ||
    (overview.data !== undefined &&
      stationFlows(overview.data.power, overview.data.total, storage.data?.battery_count ?? 0).battery);
  const tabs: ChartTab[] = [
    { kind: 'station' },
    { kind: 'yield' },
    { kind: 'income' },
    ...(hasBattery ? [{ kind: 'battery' as const }] : []),
  ];
  return (
    <StationOverview
      station={station}
      figures={<BatteryStationFigures stationId={station.station_id} />}
      sections={
        <>
          <PowerFlow stationId={station.station_id} />
          <WeatherCard stationId={station.station_id} />
          <StationAlarmsCard stationId={station.station_id} />
          <StationChart
            stationId={station.station_id}
            zone={station.timezone}
            family="station"
            tabs={tabs}
            title={t('stations.chart.title')}
          />
          {/* a residential ESS with a wallbox: its charging sections once it has a charger */}
          {station.station_type === StationType.residentialEssWallbox && (
            <StationCharging stationId={station.station_id} />
          )}
          <PeakValleySections station={station} />
        </>
      }
    />
  );
}

/** /station-detail/battery: on-grid, storage, off-grid and storage-with-wallbox stations (types 1, 4, 5, 6). */
export function BatteryStationDetailRoute() {
  const { t } = useTranslation();
  const station = useDetailStation();
  if (!station) return <NoStationSelected title={t('pages.stationDetail.battery')} />;
  return <BatteryStationScreen station={station} />;
}
