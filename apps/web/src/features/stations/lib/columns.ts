import { type StationListColumn, station } from '@helio/contracts';

const { MAX_STATION_LIST_COLUMNS, stationListColumnIds } = station;

/**
 * The column picker's rules: the station name always shows (it links to the detail screen), at
 * most `MAX_STATION_LIST_COLUMNS` are chosen, and the chosen ones keep the order the user gave them.
 */
export const FIXED_COLUMN: StationListColumn = 'station_name';

/** Chosen columns first in their order, then the others in the picker's own order. */
export function pickerOrder(chosen: readonly StationListColumn[]): StationListColumn[] {
  return [...chosen, ...stationListColumnIds.filter((id) => !chosen.includes(id))];
}

/** Shows or hides one column; a new column goes last, the name column never goes, the limit holds. */
export function toggleColumn(
  chosen: readonly StationListColumn[],
  column: StationListColumn,
  show: boolean,
): StationListColumn[] {
  if (!show) return column === FIXED_COLUMN ? [...chosen] : chosen.filter((id) => id !== column);
  if (chosen.includes(column) || chosen.length >= MAX_STATION_LIST_COLUMNS) return [...chosen];
  return [...chosen, column];
}

/** Moves a chosen column one place up (-1) or down (+1); at either end nothing moves. */
export function moveColumn(
  chosen: readonly StationListColumn[],
  column: StationListColumn,
  delta: -1 | 1,
): StationListColumn[] {
  const from = chosen.indexOf(column);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= chosen.length) return [...chosen];
  const next = [...chosen];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The saved columns as the table shows them: unknown ids dropped, the name column always there. */
export function shownColumns(saved: readonly string[] | undefined): StationListColumn[] {
  const known = (saved ?? []).filter((id): id is StationListColumn =>
    (stationListColumnIds as readonly string[]).includes(id),
  );
  return known.includes(FIXED_COLUMN) ? known : [FIXED_COLUMN, ...known];
}
