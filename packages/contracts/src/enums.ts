/**
 * The enumerations of SPEC.md §3–4 with PRODUCT.md §4's decisions. Ids are what the API sends;
 * labels are translation keys of the web app (`enum.<name>.<id>`).
 */

/** roleId: 1 installer, 2 end user (SPEC.md §1). */
export const RoleId = { installer: 1, endUser: 2 } as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];
export const roleIds = [RoleId.installer, RoleId.endUser] as const;

/** Installer levels of the installer tree (PRODUCT.md §4). */
export const installerLevels = [1, 2, 3] as const;
export type InstallerLevel = (typeof installerLevels)[number];

/** The demo account is the user whose id is 5 (SPEC.md §6). */
export const DEMO_USER_ID = 5;

/** Station types (PRODUCT.md §4 maps SPEC.md's labels onto the ids). */
export const StationType = {
  onGrid: 1,
  residentialEss: 4,
  offGrid: 5,
  residentialEssWallbox: 6,
  wallbox: 8,
  commercialEss: 9,
} as const;
export type StationType = (typeof StationType)[keyof typeof StationType];
export const stationTypes = Object.values(StationType) as StationType[];

/** Which station-detail screen shows a station of each type (PRODUCT.md §4). */
export const stationDetailKind: Record<StationType, 'battery' | 'pile' | 'ems5000'> = {
  1: 'battery',
  4: 'battery',
  5: 'battery',
  6: 'battery',
  8: 'pile',
  9: 'ems5000',
};

/** Device types (SPEC.md §3); a blank filter means all. */
export const DeviceType = {
  inverter: 1,
  battery: 2,
  offGrid: 3,
  chargingPile: 4,
  meter: 6,
  commercialHybrid: 7,
  energyManagementBox: 8,
  dataLogger: 9,
} as const;
export type DeviceType = (typeof DeviceType)[keyof typeof DeviceType];
export const deviceTypes = Object.values(DeviceType) as DeviceType[];

/** Device state (SPEC.md §4, PRODUCT.md §4). */
export const deviceStates = ['online', 'offline', 'alarm'] as const;
export type DeviceState = (typeof deviceStates)[number];

/**
 * Station state, derived from its devices' states: alarm when any device is in alarm, else online
 * when any is online, else offline when it has devices, else no_device. Sorting by status
 * ascending follows this order, so stations that need attention come first.
 */
export const stationStates = ['alarm', 'offline', 'online', 'no_device'] as const;
export type StationState = (typeof stationStates)[number];

/**
 * A station's state from its devices' states (the rule above). The server reads it in SQL from
 * `stationStatusSql` (apps/server/src/domains/stations/station-query.ts), whose test proves the two equal.
 */
export function stationStateOf(deviceStates: Iterable<DeviceState>): StationState {
  let hasDevice = false;
  let online = false;
  for (const state of deviceStates) {
    if (state === 'alarm') return 'alarm';
    hasDevice = true;
    if (state === 'online') online = true;
  }
  return online ? 'online' : hasDevice ? 'offline' : 'no_device';
}

/** Alarm state. */
export const alarmStates = ['happening', 'ended'] as const;
export type AlarmState = (typeof alarmStates)[number];

/** Processing state of an alarm. */
export const processingStates = ['unprocessed', 'processed'] as const;
export type ProcessingState = (typeof processingStates)[number];

/** Authorization request: pending_review moves to pass or permanent_rejection. */
export const authorizationStates = ['pending_review', 'pass', 'permanent_rejection'] as const;
export type AuthorizationState = (typeof authorizationStates)[number];
export const authorizationTransitions: Record<AuthorizationState, readonly AuthorizationState[]> = {
  pending_review: ['pass', 'permanent_rejection'],
  pass: [],
  permanent_rejection: [],
};

/** Charging pile (wallbox) states; `not_ready` is the extra label one label set has. */
export const pileStates = ['idle', 'plugged', 'charging', 'fault', 'not_ready'] as const;
export type PileState = (typeof pileStates)[number];

/** How a charging session was started: by its plan (or plug-in with a plan), remotely, plug-and-charge, an RFID card. */
export const sessionStarts = ['plan', 'remote', 'plug_and_charge', 'card'] as const;
export type SessionStart = (typeof sessionStarts)[number];

/** Upgrade status 0–9 (SPEC.md §4). */
export const UpgradeStatus = {
  waiting: 0,
  inProgress: 1,
  completed: 2,
  failed: 3,
  crcError: 4,
  fileCheckError: 5,
  flashWriteError: 6,
  fileNameError: 7,
  upgradeExists: 8,
  fileFetchFailed: 9,
} as const;
export type UpgradeStatus = (typeof UpgradeStatus)[keyof typeof UpgradeStatus];
export const upgradeStatuses = Object.values(UpgradeStatus) as UpgradeStatus[];
/** Statuses after which an upgrade task is over. */
export function isFinalUpgradeStatus(status: UpgradeStatus): boolean {
  return status >= UpgradeStatus.completed;
}

/** Date-range types of the station charts: 1 day, 2 week, 3 month, 4 year, 5 total. */
export const StationRange = { day: 1, week: 2, month: 3, year: 4, total: 5 } as const;
export type StationRange = (typeof StationRange)[keyof typeof StationRange];

/** Date-range types of the energy-management charts: 1 day, 2 month, 3 year, 4 total. */
export const EmsRange = { day: 1, month: 2, year: 3, total: 4 } as const;
export type EmsRange = (typeof EmsRange)[keyof typeof EmsRange];

export type RangeUnit = 'day' | 'week' | 'month' | 'year' | 'total';

/** Date format the selector sends for each unit (SPEC.md §4); total sends no date. */
export const rangeDateFormat: Record<RangeUnit, string | null> = {
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
  total: null,
};

export function stationRangeUnit(type: StationRange): RangeUnit {
  const units: Record<StationRange, RangeUnit> = { 1: 'day', 2: 'week', 3: 'month', 4: 'year', 5: 'total' };
  return units[type];
}

export function emsRangeUnit(type: EmsRange): RangeUnit {
  const units: Record<EmsRange, RangeUnit> = { 1: 'day', 2: 'month', 3: 'year', 4: 'total' };
  return units[type];
}

/** Weather labels w1 (sunny) … w21 (unknown) of SPEC.md §3. */
export const weatherLabels = Array.from({ length: 21 }, (_, i) => `w${i + 1}`) as WeatherLabel[];
export type WeatherLabel = `w${number}`;
export const UNKNOWN_WEATHER: WeatherLabel = 'w21';
