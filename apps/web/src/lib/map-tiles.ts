/**
 * The maps' tiles (the station address picker, the fleet dashboard's map): the server writes
 * MAP_TILE_URL and MAP_TILE_ATTRIBUTION into index.html's `<meta name="helio-map-tiles">` and
 * `<meta name="helio-map-attribution">`. An empty or malformed template means no tiles: the maps then
 * work without them (the picker with typed coordinates and the place search).
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
