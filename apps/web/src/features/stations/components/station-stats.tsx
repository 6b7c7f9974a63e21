import type { StationState } from '@helio/contracts';
import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AlarmSummary } from '../../alarms/index.ts';
import { useEquipStat, useStationStat } from '../api/stations.ts';

type StationFilter = StationState | undefined;

interface StationStatsProps {
  /** The status the list is filtered by; a count of stations toggles it. */
  status: StationFilter;
  onStatus: (status: StationFilter) => void;
}

const stationCounts = ['total', 'online', 'offline', 'alarm', 'no_device'] as const;
const deviceCounts = ['total', 'online', 'offline', 'alarm'] as const;

/**
 * The counts on top of the station list: the caller's stations by status (api/station/stationStat),
 * each a filter of the list, their devices by status (api/station/equipStat), and their alarms
 * happening and unprocessed (the alarm screens' own counts, each a link to the alarm list).
 */
export function StationStats({ status, onStatus }: StationStatsProps) {
  const { t } = useTranslation();
  const stations = useStationStat();
  const devices = useEquipStat();

  return (
    <div className="station-stats" data-testid="station-stats">
      <section className="stat-group" aria-labelledby="station-stats-title">
        <h2 id="station-stats-title" className="stat-group-title">
          {t('stations.stats.stations')}
        </h2>
        <div className="stat-items">
          {stationCounts.map((key) => {
            const filter = key === 'total' ? undefined : key;
            const active = status === filter;
            return (
              <button
                key={key}
                type="button"
                className={`stat-item stat-${key}${active ? ' stat-active' : ''}`}
                aria-pressed={active}
                onClick={() => onStatus(active && filter !== undefined ? undefined : filter)}
                data-testid={`station-stat-${key}`}
              >
                <span className="stat-value">
                  {stations.data ? stations.data[key] : <Skeleton.Button active size="small" />}
                </span>
                <span className="stat-label">{t(`stations.stats.${key}`)}</span>
              </button>
            );
          })}
        </div>
      </section>
      <section className="stat-group" aria-labelledby="device-stats-title">
        <h2 id="device-stats-title" className="stat-group-title">
          {t('stations.stats.devices')}
        </h2>
        <div className="stat-items">
          {deviceCounts.map((key) => (
            <div key={key} className={`stat-item stat-static stat-${key}`} data-testid={`device-stat-${key}`}>
              <span className="stat-value">
                {devices.data ? devices.data[key] : <Skeleton.Button active size="small" />}
              </span>
              <span className="stat-label">{t(`stations.stats.${key}`)}</span>
            </div>
          ))}
        </div>
      </section>
      <Suspense fallback={<section className="stat-group" aria-hidden />}>
        <AlarmSummary />
      </Suspense>
    </div>
  );
}
