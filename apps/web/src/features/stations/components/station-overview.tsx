import type { StationItem } from '@helio/contracts';
import type { ReactNode } from 'react';
import { StationDevices } from '../../devices/index.ts';
import { useRefreshStations } from '../api/stations.ts';
import { StationBasicInfo } from './station-basic-info.tsx';

interface StationOverviewProps {
  station: StationItem;
  /** The screen's figures on top: energy and power, the chargers, or the EMS's. */
  figures: ReactNode;
  /** What this kind of station shows below them (power flow, weather, charts, alarms). */
  sections: ReactNode;
}

/**
 * The body every station-detail screen shares: the screen's own figures, its sections, the basic
 * information and the station's devices.
 */
export function StationOverview({ station, figures, sections }: StationOverviewProps) {
  const refreshStations = useRefreshStations();
  return (
    <div className="station-overview">
      {figures}
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
