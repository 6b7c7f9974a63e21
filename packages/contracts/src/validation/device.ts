import { z } from 'zod';
import { type DeviceType, deviceTypes } from '../enums.ts';
import {
  deviceTypeOfSn,
  modbusAddressRange,
  normalizeSn,
  rs485PositionRange,
  snPattern,
} from '../fleet-rules.ts';
import { decimalField, formId, optionalField, requiredText } from './common.ts';
import { validationLimits } from './keys.ts';
import { password } from './user.ts';

/**
 * The device registration form (SPEC.md §3 device fields, §5 "a correct device SN is required").
 * Whether the station accepts the device (3002, 3004, 6004, 200308) and whether the SN or the bus
 * position is taken (200306, 2001, 200307) is decided by the server.
 */

/** Device type of SPEC.md §3 (1, 2, 3, 4, 6, 7, 8, 9); any other is 200301. */
export const deviceTypeField = z.coerce
  .number<number | string>({ error: 'validation.deviceTypeInvalid' })
  .pipe(z.literal(deviceTypes as [DeviceType, ...DeviceType[]], { error: 'validation.deviceTypeInvalid' }));

/** A device SN (fleet-rules.ts scheme), trimmed and upper-cased; blank or malformed is 4002. */
export const deviceSn = requiredText('validation.deviceSnRequired')
  .transform(normalizeSn)
  .pipe(z.string().regex(snPattern, { error: 'validation.deviceSnFormat' }));

/** Optional free text of a device (firmware version, module SN): at most 64 characters. */
const deviceText = optionalField(
  z.string().trim().max(validationLimits.deviceTextMaxLength, { error: 'validation.textTooLong' }),
);

/** Body of api/device/add. */
export const deviceForm = z
  .object({
    station_id: formId,
    sn: deviceSn,
    device_type: deviceTypeField,
    model: requiredText('validation.modelRequired').max(validationLimits.deviceModelMaxLength, {
      error: 'validation.textTooLong',
    }),
    firmware_version: deviceText,
    /** SN of the communication module the device talks through. */
    module_sn: deviceText,
    /** Modbus slave address, 1–247; unique within the station (200307). */
    modbus_address: optionalField(
      decimalField('validation.modbusAddressRange', 'validation.modbusAddressRange', {
        ...modbusAddressRange,
        decimals: 0,
      }),
    ),
    /** Position on the station's RS485 bus, 1–32; unique within the station (200307). */
    rs485_position: optionalField(
      decimalField('validation.rs485PositionRange', 'validation.rs485PositionRange', {
        ...rs485PositionRange,
        decimals: 0,
      }),
    ),
    /** Nameplate power in whole W, 0 … 1 GW. */
    rated_power_w: optionalField(
      decimalField('validation.ratedPowerRange', 'validation.ratedPowerRange', {
        min: 0,
        max: validationLimits.ratedPowerMaxW,
        decimals: 0,
      }),
    ),
    /**
     * The device's settings password (PRODUCT.md §8), asked before its settings may be changed;
     * blank: the installer tree's settings password applies. Stored hashed, never shown again.
     */
    settings_pwd: optionalField(password),
  })
  .refine(
    (form) => {
      // Only a well-formed SN with a valid type can be "of another type"; the others have their own issue.
      const snType = deviceTypeOfSn(form.sn);
      return snType === undefined || !deviceTypes.includes(form.device_type) || snType === form.device_type;
    },
    { path: ['sn'], error: 'validation.deviceSnType' },
  );
export type DeviceForm = z.output<typeof deviceForm>;
