import type { StationState, statistics } from '@helio/contracts';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Popup, useMap } from 'react-leaflet';
import { TrackSize, useTileLayer } from '../../../components/maps/map-parts.tsx';
import type { MapTiles } from '../../../lib/map-tiles.ts';
import { capacityText, energyText } from '../lib/format.ts';

/*
 * The fleet on a map (Leaflet, its own chunk with its CSS). Stations are circles drawn on one
 * canvas, which stays smooth with thousands of them; without tiles (none configured, or none
 * reachable) the circles still show on a blank map.
 */

/** Status colours of the station list's badges. */
const statusColor: Record<StationState, string> = {
  online: '#52c41a',
  alarm: '#ff4d4f',
  offline: '#8c8c8c',
  no_device: '#faad14',
};

/** Fits the view to the stations once, when they first arrive; later refreshes keep the user's view. */
function FitStations({ stations }: { stations: statistics.MapStation[] }) {
  const map = useMap();
  const [fitted, setFitted] = useState(false);
  useEffect(() => {
    if (fitted || stations.length === 0) return;
    const bounds = latLngBounds(stations.map((s) => [s.latitude, s.longitude] as [number, number]));
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 10 });
    setFitted(true);
  }, [map, stations, fitted]);
  return null;
}

export interface StationMapProps {
  stations: statistics.MapStation[];
  tiles: MapTiles | null;
}

export function StationMap({ stations, tiles }: StationMapProps) {
  const { t } = useTranslation();
  const { layer, note } = useTileLayer(tiles, {
    noTiles: t('statistics.map.noTiles'),
    failed: t('statistics.map.tilesFailed'),
  });
  const markers = useMemo(
    () =>
      stations.map((station) => (
        <CircleMarker
          key={station.station_id}
          center={[station.latitude, station.longitude]}
          radius={7}
          pathOptions={{
            color: '#ffffff',
            weight: 1.5,
            fillColor: statusColor[station.status],
            fillOpacity: 0.9,
          }}
        >
          <Popup>
            <strong>{station.station_name}</strong>
            <br />
            {t(`stations.status.${station.status}`)} · {t(`devices.stationType.${station.station_type}`)}
            <br />
            {t('statistics.map.capacity', { value: capacityText(station.capacity_kwp) })}
            <br />
            {t('statistics.map.today', { value: energyText(station.today_kwh) })}
          </Popup>
        </CircleMarker>
      )),
    [stations, t],
  );

  return (
    <div className="stats-map-frame" data-testid="statistics-map" data-stations={stations.length}>
      <MapContainer center={[30, 10]} zoom={2} minZoom={1} worldCopyJump preferCanvas className="stats-map">
        {layer}
        <FitStations stations={stations} />
        <TrackSize label={t('statistics.map.label', { total: stations.length })} />
        {markers}
      </MapContainer>
      {note && (
        <div className="stats-map-note" role="note">
          {note}
        </div>
      )}
    </div>
  );
}

export default StationMap;
