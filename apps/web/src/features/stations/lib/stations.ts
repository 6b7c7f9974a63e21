import {
  DEMO_USER_ID,
  RoleId,
  type StationItem,
  type StationListColumn,
  type StationType,
  stationDetailKind,
} from '@helio/contracts';

/** Where a station's detail screen is: its type chooses the screen (PRODUCT.md §4), `?station_id` the station. */
export function stationDetailPath(station: Pick<StationItem, 'station_id' | 'station_type'>): string {
  return `/station-detail/${stationDetailKind[station.station_type]}?station_id=${station.station_id}`;
}

/** The `station_id` of a detail screen's address; undefined unless it is a positive whole number. */
export function parseStationId(text: string | null): number | undefined {
  if (text === null || !/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** What the signed-in user may do with stations (README.md "What end users may do"). */
export interface StationAccess {
  /** Add and edit stations: everyone but the read-only demo account (9001). */
  canWrite: boolean;
  /** Delete, bind and unbind, and pick accounts: installers only, not the demo account. */
  canManage: boolean;
  isInstaller: boolean;
}

export function stationAccess(session: { userId: number; roleId: RoleId } | null): StationAccess {
  const isDemo = session?.userId === DEMO_USER_ID;
  const isInstaller = session?.roleId === RoleId.installer;
  return { canWrite: session !== null && !isDemo, canManage: isInstaller && !isDemo, isInstaller };
}

/** Which side of a station's binding can go: one must stay (3006), so the last one cannot. */
export function unbindable(station: Pick<StationItem, 'installer_id' | 'end_user_id'>): {
  installer: boolean;
  end_user: boolean;
} {
  const both = station.installer_id !== null && station.end_user_id !== null;
  return { installer: both, end_user: both };
}

/** The list's sort fields (api/station/list `sort_by`) of the columns that can be sorted. */
export const sortFieldOfColumn: Partial<
  Record<StationListColumn, 'name' | 'created_at' | 'capacity' | 'status'>
> = {
  station_name: 'name',
  created_at: 'created_at',
  capacity_kwp: 'capacity',
  status: 'status',
};

/** Translation key of a station type's label. */
export function stationTypeKey(type: StationType): `stations.type.${StationType}` {
  return `stations.type.${type}`;
}
