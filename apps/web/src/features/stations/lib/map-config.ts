/**
 * The map picker's tiles: the server writes MAP_TILE_URL and MAP_TILE_ATTRIBUTION into index.html's
 * `<meta name="helio-map-tiles">` and `<meta name="helio-map-attribution">`. An empty or malformed
 * template means no tiles: the picker then works with typed coordinates and the place search.
 */
export interface MapTiles {
  url: string;
  attribution: string;
}

export function mapTilesFrom(template: string | null | undefined, attribution: string | null | undefined) {
  const url = template?.trim() ?? '';
  if (!url.includes('{z}') || !url.includes('{x}') || !url.includes('{y}')) return null;
  return { url, attribution: attribution?.trim() ?? '' } satisfies MapTiles;
}

export function readMapTiles(doc: Document = document): MapTiles | null {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return mapTilesFrom(meta('helio-map-tiles'), meta('helio-map-attribution'));
}

/** Coordinates as the form keeps them: 6 decimals (about 0.1 m), longitude wrapped into −180…180. */
export function roundCoordinates(
  latitude: number,
  longitude: number,
): { latitude: number; longitude: number } {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    latitude: round(Math.min(90, Math.max(-90, latitude))),
    longitude: round(wrapped === -180 && longitude > 0 ? 180 : wrapped),
  };
}
