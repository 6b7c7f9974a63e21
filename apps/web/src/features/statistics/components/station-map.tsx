import 'leaflet/dist/leaflet.css';
import type { StationState, statistics } from '@helio/contracts';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import type { MapTiles } from '../../stations/lib/map-config.ts';
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

/** Names the map for screen readers and follows its box's size. */
function TrackSize({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    map.getContainer().setAttribute('aria-label', label);
  }, [map, label]);
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

export interface StationMapProps {
  stations: statistics.MapStation[];
  tiles: MapTiles | null;
}

export function StationMap({ stations, tiles }: StationMapProps) {
  const { t } = useTranslation();
  const [tileState, setTileState] = useState<'waiting' | 'loaded' | 'failed'>('waiting');
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

  const note = !tiles
    ? t('statistics.map.noTiles')
    : tileState === 'failed'
      ? t('statistics.map.tilesFailed')
      : null;

  return (
    <div className="stats-map-frame" data-testid="statistics-map" data-stations={stations.length}>
      <MapContainer center={[30, 10]} zoom={2} minZoom={1} worldCopyJump preferCanvas className="stats-map">
        {tiles && (
          <TileLayer
            url={tiles.url}
            attribution={tiles.attribution}
            eventHandlers={{
              tileload: () => setTileState('loaded'),
              tileerror: () => setTileState((state) => (state === 'loaded' ? state : 'failed')),
            }}
          />
        )}
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
