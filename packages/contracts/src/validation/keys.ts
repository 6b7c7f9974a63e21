import type { ErrorCode } from '../errors/codes.ts';
/**
 * Every message a validation schema can give. Schemas give the key, never a text: the server answers
 * it in field issues and the web translates it with the texts of ./messages/<language>.ts.
 * `validation.selectionLimit` interpolates `{{maximum}}`, the field of zod's own `too_big` issue.
 * `validation.passwordsDiffer` is catalogue code 1005 in the form's own words.
 */
export const validationMessageKeys = [
  'validation.userNameRequired',
  'validation.userNameLength',
  'validation.userNameCharacters',
  'validation.emailRequired',
  'validation.emailFormat',
  'validation.passwordRequired',
  'validation.passwordTooShort',
  'validation.passwordTooLong',
  'validation.passwordConfirmationRequired',
  'validation.passwordsDiffer',
  'validation.oldPasswordRequired',
  'validation.verificationCode',
  'validation.devicePasswordRequired',
  'validation.deviceSnRequired',
  'validation.roleInvalid',
  'validation.invalidValue',
  'validation.ipRequired',
  'validation.ipFormat',
  'validation.maskRequired',
  'validation.maskFormat',
  'validation.gatewayRequired',
  'validation.dnsRequired',
  'validation.priceRequired',
  'validation.priceFormat',
  'validation.selectionLimit',
  'validation.timeFormat',
  'validation.timeRangeOrder',
  'validation.stationNameRequired',
  'validation.stationNameLength',
  'validation.stationTypeInvalid',
  'validation.countryRequired',
  'validation.provinceInvalid',
  'validation.addressRequired',
  'validation.textTooLong',
  'validation.locationRequired',
  'validation.latitudeRange',
  'validation.longitudeRange',
  'validation.capacityRequired',
  'validation.capacityRange',
  'validation.dateFormat',
  'validation.chartDate',
  'validation.rangeType',
  'validation.gridBeforeCommissioning',
  'validation.currencyRequired',
  'validation.timezoneUnknown',
  'validation.photoInvalid',
  'validation.deviceSnFormat',
  'validation.deviceSnType',
  'validation.deviceTypeInvalid',
  'validation.modelRequired',
  'validation.modbusAddressRange',
  'validation.rs485PositionRange',
  'validation.ratedPowerRange',
  'validation.controlCharacter',
  'validation.settingUnknown',
  'validation.settingReadOnly',
  'validation.settingRange',
  'validation.aboveRating',
  'validation.slotOverlap',
  'validation.stageOrder',
  'validation.socOrder',
  'validation.gatewaySubnet',
  'validation.debugMinutes',
  'validation.weekdaysRequired',
  'validation.seasonNameRequired',
  'validation.seasonMonths',
  'validation.tariffPeriodRequired',
  'validation.recomputeFrom',
  'validation.strategyFieldRequired',
  'validation.strategyRange',
  'validation.firmwareVersion',
  'validation.firmwarePartRequired',
  'validation.firmwareUploadMissing',
  'validation.firmwareSignatureRequired',
  'validation.firmwareSignatureInvalid',
  'validation.firmwareKeyUnknown',
  'validation.firmwareNotSigned',
  'validation.firmwarePartNotInModel',
  'validation.devicesRequired',
  'validation.firmwareFileRequired',
  'validation.rolloutRange',
  'validation.firmwareModelTaken',
  'validation.chargingCurrent',
  'validation.chargingCurrentOrder',
  'validation.chargingEnergy',
  'validation.chargingSoc',
  'validation.carCapacity',
  'validation.carCapacityRequired',
  'validation.chargingTargetAmount',
  'validation.chargingTargetRequired',
  'validation.chargingDeparture',
  'validation.weekdayRepeated',
  'validation.chargingNeedsTariff',
  'validation.dateRangeOrder',
] as const;

export type ValidationMessageKey = (typeof validationMessageKeys)[number];

/** One language's texts for every validation message. */
export type ValidationMessages = Record<ValidationMessageKey, string>;

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (validationMessageKeys as readonly string[]).includes(value);
}

/** Limits of SPEC.md §5 and §9 that forms also need (input max lengths, counters). */
export const validationLimits = {
  userNameMinLength: 2,
  userNameMaxLength: 50,
  passwordMinLength: 6,
  /** Not in SPEC.md: bounds the work of hashing a password. */
  passwordMaxLength: 128,
  emailMaxLength: 254,
  verificationCodeMax: 999_999,
  /** SPEC.md also reads ten for one label set; callers pass that explicitly. */
  selectionLimit: 15,
  priceDecimals: 4,
  stationNameMaxLength: 100,
  /** Free texts of a station (city, detailed address). */
  stationTextMaxLength: 255,
  /** Largest station capacity in kWp, and its decimals. */
  capacityMaxKwp: 1_000_000,
  capacityDecimals: 3,
  deviceModelMaxLength: 64,
  /** Firmware version and module SN texts. */
  deviceTextMaxLength: 64,
  /** Largest rated power of a device, in W (1 GW). */
  ratedPowerMaxW: 1_000_000_000,
} as const;

/**
 * Validation failures that the catalogue names with a code of its own: the server answers that
 * code instead of 200005 when they are the only problem (SPEC.md §5: passwords differ is 1005; a role other than installer or end user is 5003; the station and device codes below).
 */
export const validationCatalogueCodes: Partial<Record<ValidationMessageKey, ErrorCode>> = {
  'validation.passwordsDiffer': '1005',
  'validation.roleInvalid': '5003',
  /** A station type other than 1, 4, 5, 6, 8, 9: "unsupported station type". */
  'validation.stationTypeInvalid': '3007',
  /** A blank or malformed SN: "enter correct device SN". */
  'validation.deviceSnRequired': '4002',
  'validation.deviceSnFormat': '4002',
  /** A well-formed SN whose prefix is another device type's: "device SN not recognised". */
  'validation.deviceSnType': '2002',
  /** A device type that is none of SPEC.md §3's: "unknown device type". */
  'validation.deviceTypeInvalid': '200301',
};
