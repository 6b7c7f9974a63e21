import { divIcon, type LatLngExpression } from 'leaflet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { TrackSize, useTileLayer } from '../../../components/maps/map-parts.tsx';
import type { MapTiles } from '../../../lib/map-tiles.ts';

/*
 * The station address picker's map (Leaflet). Its own chunk, with Leaflet and its CSS: only the
 * station dialog loads it, so none of it reaches the login page or the station list.
 */

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** A request to show a place (a chosen city): `key` changes for each request. */
export interface MapFocus extends MapPoint {
  zoom: number;
  key: number;
}

interface LocationMapProps {
  tiles: MapTiles | null;
  position: MapPoint | null;
  focus: MapFocus | null;
  onPick: (point: MapPoint) => void;
}

const WORLD_CENTER: LatLngExpression = [30, 10];
const WORLD_ZOOM = 2;
const POSITION_ZOOM = 13;

/** A pin drawn in CSS and SVG: Leaflet's default icon images do not survive bundling. */
const pin = divIcon({
  className: 'station-map-marker',
  html: '<svg viewBox="0 0 28 40" width="28" height="40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.1 0 13.7 0 24 14 40 14 40s14-16 14-26.3C28 6.1 21.7 0 14 0z" fill="#0f766e"/><circle cx="14" cy="13.5" r="5.5" fill="#fff"/></svg>',
  iconSize: [28, 40],
  iconAnchor: [14, 40],
});

function ClickToPick({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({
    click: (event) => {
      const { lat, lng } = event.latlng.wrap();
      onPick({ latitude: lat, longitude: lng });
    },
  });
  return null;
}

/** Moves the view to a chosen place, and to the pin when it leaves the view (typed coordinates). */
function FollowView({ position, focus }: { position: MapPoint | null; focus: MapFocus | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView([focus.latitude, focus.longitude], focus.zoom);
  }, [map, focus]);
  useEffect(() => {
    if (!position) return;
    const point: LatLngExpression = [position.latitude, position.longitude];
    if (!map.getBounds().contains(point)) map.setView(point, Math.max(map.getZoom(), 6));
  }, [map, position]);
  return null;
}

export function LocationMap({ tiles, position, focus, onPick }: LocationMapProps) {
  const { t } = useTranslation();
  const { layer, note } = useTileLayer(tiles, {
    noTiles: t('stations.mapNoTiles'),
    failed: t('stations.mapTilesFailed'),
  });
  // The first view only; later moves go through FollowView.
  const [initial] = useState(() =>
    position
      ? { center: [position.latitude, position.longitude] as LatLngExpression, zoom: POSITION_ZOOM }
      : { center: WORLD_CENTER, zoom: WORLD_ZOOM },
  );

  return (
    <div className="station-map-frame">
      <MapContainer
        center={initial.center}
        zoom={initial.zoom}
        minZoom={1}
        worldCopyJump
        className="station-map-canvas"
      >
        {layer}
        <ClickToPick onPick={onPick} />
        <FollowView position={position} focus={focus} />
        <TrackSize label={t('stations.mapLabel')} />
        {position && (
          <Marker
            position={[position.latitude, position.longitude]}
            icon={pin}
            draggable
            keyboard={false}
            eventHandlers={{
              dragend: (event) => {
                const { lat, lng } = event.target.getLatLng().wrap();
                onPick({ latitude: lat, longitude: lng });
              },
            }}
          />
        )}
      </MapContainer>
      {note && (
        <div className="station-map-note" role="note">
          {note}
        </div>
      )}
    </div>
  );
}

export default LocationMap;
