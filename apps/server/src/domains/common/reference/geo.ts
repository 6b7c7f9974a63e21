export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point of `points` nearest to `from` (a linear scan; fine for a few thousand points). */
export function nearest<T extends Point>(points: readonly T[], from: Point): T | undefined {
  let best: T | undefined;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const point of points) {
    const km = distanceKm(from, point);
    if (km < bestKm) {
      bestKm = km;
      best = point;
    }
  }
  return best;
}

const CELL_DEGREES = 0.25;
const KM_PER_DEGREE = 111.2;

/** Points bucketed in quarter-degree cells, for nearest-neighbour queries over a short radius. */
export class PointGrid<T extends Point> {
  private readonly cells = new Map<number, T[]>();

  constructor(points: Iterable<T>) {
    for (const point of points) {
      const key = this.key(
        Math.floor(point.latitude / CELL_DEGREES),
        Math.floor(point.longitude / CELL_DEGREES),
      );
      const cell = this.cells.get(key);
      if (cell) cell.push(point);
      else this.cells.set(key, [point]);
    }
  }

  /** The nearest accepted point within `maxKm`, if any. */
  nearest(from: Point, maxKm: number, accept: (point: T) => boolean): T | undefined {
    const row = Math.floor(from.latitude / CELL_DEGREES);
    const column = Math.floor(from.longitude / CELL_DEGREES);
    const rows = Math.ceil(maxKm / (CELL_DEGREES * KM_PER_DEGREE));
    const cos = Math.max(Math.cos(toRadians(from.latitude)), 0.05);
    const columns = Math.min(Math.ceil(maxKm / (CELL_DEGREES * KM_PER_DEGREE * cos)), 40);
    let best: T | undefined;
    let bestKm = maxKm;
    for (let r = row - rows; r <= row + rows; r++) {
      for (let c = column - columns; c <= column + columns; c++) {
        for (const point of this.cells.get(this.key(r, c)) ?? []) {
          const km = distanceKm(from, point);
          if (km <= bestKm && accept(point)) {
            bestKm = km;
            best = point;
          }
        }
      }
    }
    return best;
  }

  private key(row: number, column: number): number {
    return (row + 1000) * 4000 + (column + 2000);
  }
}
