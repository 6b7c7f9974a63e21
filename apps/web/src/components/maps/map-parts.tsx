import 'leaflet/dist/leaflet.css';
import { type ReactNode, useEffect, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import type { MapTiles } from '../../lib/map-tiles.ts';

/*
 * What the portal's Leaflet maps share (the station address picker and the fleet dashboard's map):
 * they follow their box's size, are named for screen readers, and work without tiles. Imported only
 * by the maps, which are chunks of their own.
 */

/**
 * Leaflet measures its box once; a dialog opening or the window resizing changes it. The map's
 * box (focusable, moved with the arrow keys) is named for screen readers.
 */
export function TrackSize({ label }: { label: string }) {
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

/**
 * The tile layer of the configured tile server, and the note to show under the map when there is
 * none or none of its tiles loads (the map still works on a blank background).
 */
export function useTileLayer(
  tiles: MapTiles | null,
  texts: { noTiles: string; failed: string },
): { layer: ReactNode; note: string | null } {
  const [state, setState] = useState<'waiting' | 'loaded' | 'failed'>('waiting');
  const layer = tiles && (
    <TileLayer
      url={tiles.url}
      attribution={tiles.attribution}
      eventHandlers={{
        tileload: () => setState('loaded'),
        tileerror: () => setState((current) => (current === 'loaded' ? current : 'failed')),
      }}
    />
  );
  const note = !tiles ? texts.noTiles : state === 'failed' ? texts.failed : null;
  return { layer, note };
}
