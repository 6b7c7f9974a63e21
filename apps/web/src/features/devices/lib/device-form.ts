import {
  type CallBody,
  type DeviceItem,
  type DeviceType,
  type device,
  type FieldIssue,
  modbusAddressRange,
  normalizeSn,
  registrationRefusal,
  rs485PositionRange,
  type StationType,
  stationDeviceTypes,
  type ValidationMessageKey,
  validationCatalogueCodes,
  validationLimits,
} from '@helio/contracts';

/**
 * The register dialog's form (api/device/add) as pure functions: the values as typed, the body
 * they make, what the station can still take, and which field a refusal of the server concerns.
 */

/** The dialog's values as the inputs hold them: numbers as typed, the rated power in kW. */
export interface DeviceFormValues {
  station_id?: number;
  device_type?: DeviceType;
  sn?: string;
  model?: string;
  firmware_version?: string;
  module_sn?: string;
  modbus_address?: string;
  rs485_position?: string;
  /** Rated power in kW as typed (the API takes whole W). */
  rated_power_kw?: string;
  /** The device's settings password; blank: the installer tree's applies. */
  settings_pwd?: string;
}

export type DeviceFormField = keyof DeviceFormValues;

export const deviceFormFields = [
  'station_id',
  'device_type',
  'sn',
  'model',
  'firmware_version',
  'module_sn',
  'modbus_address',
  'rs485_position',
  'rated_power_kw',
  'settings_pwd',
] as const satisfies readonly DeviceFormField[];

/** Largest rated power in kW (the API's limit is 1 GW in whole W). */
export const RATED_POWER_MAX_KW = validationLimits.ratedPowerMaxW / 1000;
/** kW with up to 3 decimals is exactly a whole number of W. */
export const RATED_POWER_DECIMALS = 3;

const KW_TEXT = new RegExp(`^\\d{1,7}([.,]\\d{1,${RATED_POWER_DECIMALS}})?$`);

/**
 * A rated power typed in kW as whole W: undefined when blank, null when it is not a number of kW
 * from 0 to 1,000,000 with at most 3 decimals. A decimal comma is read like a point ("5,5" = 5.5 kW).
 */
export function ratedPowerWatts(text: string | undefined): number | undefined | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  if (!KW_TEXT.test(trimmed)) return null;
  const kw = Number(trimmed.replace(',', '.'));
  if (!Number.isFinite(kw) || kw > RATED_POWER_MAX_KW) return null;
  return Math.round(kw * 1000);
}

interface Range {
  min: number;
  max: number;
}

/** A whole number typed in a range: undefined when blank, null when not a whole number in the range. */
export function wholeNumberIn(text: string | undefined, range: Range): number | undefined | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= range.min && value <= range.max ? value : null;
}

export const modbusAddress = (text: string | undefined) => wholeNumberIn(text, modbusAddressRange);
export const rs485Position = (text: string | undefined) => wholeNumberIn(text, rs485PositionRange);

export type DeviceAddBody = CallBody<typeof device.add>;

/** The body of api/device/add from checked values; blank optional fields are left out. */
export function deviceAddBody(values: DeviceFormValues, stationId: number): DeviceAddBody {
  const optionalText = (text: string | undefined) => {
    const trimmed = (text ?? '').trim();
    return trimmed === '' ? undefined : trimmed;
  };
  const modbus = modbusAddress(values.modbus_address);
  const rs485 = rs485Position(values.rs485_position);
  const rated = ratedPowerWatts(values.rated_power_kw);
  const settingsPwd = values.settings_pwd ?? '';
  return {
    station_id: stationId,
    sn: normalizeSn(values.sn ?? ''),
    device_type: values.device_type ?? 0,
    model: (values.model ?? '').trim(),
    firmware_version: optionalText(values.firmware_version),
    module_sn: optionalText(values.module_sn),
    modbus_address: modbus ?? undefined,
    rs485_position: rs485 ?? undefined,
    rated_power_w: rated ?? undefined,
    // A password as typed (its spaces are part of it), only when one was typed.
    settings_pwd: settingsPwd.trim() === '' ? undefined : settingsPwd,
  };
}

/** The bus place of a device of the station: what a new device must not share (200307). */
export type BusPlace = Pick<DeviceItem, 'modbus_address' | 'rs485_position'>;

/** Which of the typed bus places another device of the station already has. */
export function busConflicts(
  values: Pick<DeviceFormValues, 'modbus_address' | 'rs485_position'>,
  fleet: readonly BusPlace[],
): { modbus_address: boolean; rs485_position: boolean } {
  const modbus = modbusAddress(values.modbus_address);
  const rs485 = rs485Position(values.rs485_position);
  return {
    modbus_address: typeof modbus === 'number' && fleet.some((item) => item.modbus_address === modbus),
    rs485_position: typeof rs485 === 'number' && fleet.some((item) => item.rs485_position === rs485),
  };
}

/** A device type the dialog offers, and why the station cannot take one more of it (if so). */
export interface DeviceTypeChoice {
  deviceType: DeviceType;
  refusal?: '3004' | '6004' | '200308';
}

/**
 * The device types a station of `stationType` accepts (the others are never offered, 3002), each
 * with the reason it cannot take one more given the types it holds: a one-device station already
 * used (3004), a second meter (6004), a full station (200308).
 */
export function deviceTypeChoices(
  stationType: StationType,
  existing: readonly DeviceType[],
): DeviceTypeChoice[] {
  return stationDeviceTypes[stationType].map((deviceType) => {
    const refusal = registrationRefusal(stationType, existing, deviceType);
    return refusal === undefined || refusal === '3002' ? { deviceType } : { deviceType, refusal };
  });
}

/** The reason shared by every choice, when the station can take no device at all (3004, 200308). */
export function stationFull(choices: readonly DeviceTypeChoice[]): '3004' | '200308' | undefined {
  const [first] = choices;
  if (!first) return undefined;
  const refusal = first.refusal;
  if (refusal !== '3004' && refusal !== '200308') return undefined;
  return choices.every((choice) => choice.refusal === refusal) ? refusal : undefined;
}

/** A problem shown under a field: a text key and its namespace. */
export interface DeviceFieldProblem {
  field: DeviceFormField;
  namespace: 'errors' | 'validation' | 'translation';
  key: string;
}

/** The text under the Modbus field when its address is taken (200307 only names the RS485 bus). */
export const MODBUS_TAKEN_KEY = 'devices.dialog.modbusTaken';

/** Catalogue codes about one field of the dialog (200307 is decided from the values). */
const fieldOfCode: Partial<Record<string, DeviceFormField>> = {
  '4002': 'sn',
  '2002': 'sn',
  '2001': 'sn',
  '200306': 'sn',
  '3002': 'device_type',
  '6004': 'device_type',
  '200301': 'device_type',
};

/** The form field an issue's path names (the API's rated power is in W, the field in kW). */
function fieldOfPath(path: string): DeviceFormField | undefined {
  const name = path.split('.')[0] ?? '';
  if (name === 'rated_power_w') return 'rated_power_kw';
  return (deviceFormFields as readonly string[]).includes(name) ? (name as DeviceFormField) : undefined;
}

/**
 * Where a refusal of api/device/add shows in the dialog, limited to the fields it has (`fields`):
 * the issues of a refused body under their fields (an SN issue in the catalogue's words, as the
 * dialog's own check says it), else the code under the field it concerns. 200307 goes under the
 * Modbus address and/or RS485 position that another device of the station has (`fleet`), or under
 * both typed ones when the fleet does not tell. Nothing for the others (3004, 200308, 9001, …):
 * the API client's message says them.
 */
export function deviceRefusalProblems(
  code: string,
  issues: readonly FieldIssue[],
  fields: readonly DeviceFormField[],
  values: DeviceFormValues,
  fleet: readonly BusPlace[],
): DeviceFieldProblem[] {
  const problems: DeviceFieldProblem[] = [];
  const add = (problem: DeviceFieldProblem) => {
    if (fields.includes(problem.field) && !problems.some((known) => known.field === problem.field)) {
      problems.push(problem);
    }
  };

  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (!field) continue;
    const catalogued = validationCatalogueCodes[issue.message as ValidationMessageKey];
    if (field === 'sn' && catalogued) add({ field, namespace: 'errors', key: catalogued });
    else add({ field, namespace: 'validation', key: issue.message });
  }
  if (problems.length > 0) return problems;

  if (code === '200307') {
    const taken = busConflicts(values, fleet);
    const typed = {
      modbus_address: typeof modbusAddress(values.modbus_address) === 'number',
      rs485_position: typeof rs485Position(values.rs485_position) === 'number',
    };
    const known = taken.modbus_address || taken.rs485_position;
    if (known ? taken.modbus_address : typed.modbus_address) {
      add({ field: 'modbus_address', namespace: 'translation', key: MODBUS_TAKEN_KEY });
    }
    if (known ? taken.rs485_position : typed.rs485_position) {
      add({ field: 'rs485_position', namespace: 'errors', key: '200307' });
    }
    return problems;
  }

  const field = fieldOfCode[code];
  if (field) add({ field, namespace: 'errors', key: code });
  return problems;
}
