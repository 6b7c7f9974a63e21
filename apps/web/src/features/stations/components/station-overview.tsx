import { GAP_TEXT, type StationItem } from '@helio/contracts';
import { Card } from 'antd';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StationDevices } from '../../devices/index.ts';
import { useRefreshStations } from '../api/stations.ts';
import { energyText, powerText } from '../lib/format.ts';
import { StationBasicInfo } from './station-basic-info.tsx';

dayjs.extend(localizedFormat);

interface StationOverviewProps {
  station: StationItem;
  /** What this kind of station shows above its basic information (power flow, charging, EMS). */
  sections: ReactNode;
}

/**
 * The body every station-detail screen shares: today's live figures ('--' until the devices
 * report), the screen's own sections, the basic information and the station's devices.
 */
export function StationOverview({ station, sections }: StationOverviewProps) {
  const { t } = useTranslation();
  const refreshStations = useRefreshStations();
  const figures = [
    { key: 'power', label: t('stations.detail.power'), value: powerText(station.power_w) },
    { key: 'today', label: t('stations.detail.todayEnergy'), value: energyText(station.today_energy_kwh) },
    { key: 'devices', label: t('stations.detail.devices'), value: String(station.device_count) },
    {
      key: 'updated',
      label: t('stations.detail.lastUpdate'),
      value: station.last_update_at ? dayjs(station.last_update_at).format('L LT') : GAP_TEXT,
    },
  ];
  return (
    <div className="station-overview">
      <Card className="station-figures" data-testid="station-figures">
        <dl className="station-figures-list">
          {figures.map((figure) => (
            <div key={figure.key} className="station-figure">
              <dt>{figure.label}</dt>
              <dd data-testid={`station-figure-${figure.key}`}>{figure.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <div className="station-sections">{sections}</div>
      <StationBasicInfo station={station} />
      <StationDevices
        stationId={station.station_id}
        stationType={station.station_type}
        stationName={station.station_name}
        onChange={() => void refreshStations()}
      />
    </div>
  );
}
