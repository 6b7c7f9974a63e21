import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withTexts } from '../../../lib/i18n.ts';
import { QuietSkeleton } from '../../devices/index.ts';
import { EmsFigures } from '../components/ems-system.tsx';
import { NoStationSelected } from '../components/no-station-selected.tsx';
import { PowerFlow } from '../components/power-flow.tsx';
import { StationAlarmsCard } from '../components/station-alarms-card.tsx';
import { type ChartTab, StationChart } from '../components/station-chart.tsx';
import { StationOverview } from '../components/station-overview.tsx';
import { PeakValleySections } from '../components/tariff/lazy-peak-valley.tsx';
import { WeatherCard } from '../components/weather-card.tsx';
import { useDetailStation } from './detail-context.ts';

/** The energy-management charts (types 1 day, 2 month, 3 year, 4 total). */
const emsTabs: readonly ChartTab[] = [{ kind: 'ems' }, { kind: 'emsStorage' }];

/**
 * The EMS 5000 console comes with its texts (and the device, control and strategy texts it
 * shares) when the screen shows it.
 */
const EmsConsole = lazy(
  withTexts(['ems5000', 'devices', 'control', 'strategies'], () =>
    import('../../ems5000/index.ts').then((module) => ({ default: module.EmsConsole })),
  ),
);

/** /station-detail/ems5000: commercial storage stations with an EMS 5000 (type 9). */
export function Ems5000StationDetailRoute() {
  const { t } = useTranslation();
  const station = useDetailStation();
  if (!station) return <NoStationSelected title={t('pages.stationDetail.ems5000')} />;
  return (
    <StationOverview
      station={station}
      figures={<EmsFigures stationId={station.station_id} currency={station.currency} />}
      sections={
        <>
          <PowerFlow stationId={station.station_id} />
          <WeatherCard stationId={station.station_id} />
          <StationAlarmsCard stationId={station.station_id} />
          <Suspense fallback={<QuietSkeleton paragraph={{ rows: 6 }} />}>
            <EmsConsole stationId={station.station_id} zone={station.timezone} />
          </Suspense>
          <StationChart
            stationId={station.station_id}
            zone={station.timezone}
            family="ems"
            tabs={emsTabs}
            title={t('stations.chart.titleEms')}
          />
          <PeakValleySections station={station} />
        </>
      }
    />
  );
}
