import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeviceType, deviceTypes, StationType, stationTypes } from '../src/enums.ts';
import {
  deviceTypeOfSn,
  MAX_DEVICES_PER_STATION,
  normalizeSn,
  registrationRefusal,
  retypeRefusal,
  snPattern,
  snPrefixes,
  stationAccepts,
  stationDeviceTypes,
} from '../src/fleet-rules.ts';

const snBody = fc
  .array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')), {
    minLength: 10,
    maxLength: 16,
  })
  .map((chars) => chars.join(''));

describe('the SN scheme', () => {
  it('every prefix and 10–16 letters or digits is an SN of that type, in any case and padding', () => {
    fc.assert(
      fc.property(fc.constantFrom(...deviceTypes), snBody, fc.boolean(), (type, body, lower) => {
        const sn = `${snPrefixes[type]}${body}`;
        const typed = ` ${lower ? sn.toLowerCase() : sn}\t`;
        return deviceTypeOfSn(typed) === type && snPattern.test(normalizeSn(typed));
      }),
    );
  });

  it.each([
    '',
    'INV',
    'INV123456789',
    `INV${'1'.repeat(17)}`,
    'ABC1234567890',
    'INV12345 67890',
    'INV1234567890-',
  ])('%j is no SN', (sn) => {
    expect(deviceTypeOfSn(sn)).toBeUndefined();
  });

  it('prefixes are distinct three-letter codes, one per device type', () => {
    const prefixes = Object.values(snPrefixes);
    expect(new Set(prefixes).size).toBe(deviceTypes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^[A-Z]{3}$/);
    expect(deviceTypeOfSn('INV2024A000123')).toBe(DeviceType.inverter);
  });
});

describe('what a station takes', () => {
  it('follows the table: a wallbox station takes charging piles only', () => {
    expect(stationDeviceTypes[StationType.wallbox]).toEqual([DeviceType.chargingPile]);
    expect(stationAccepts(StationType.onGrid, DeviceType.battery)).toBe(false);
    expect(stationAccepts(StationType.commercialEss, DeviceType.energyManagementBox)).toBe(true);
    for (const type of stationTypes) expect(stationDeviceTypes[type].length).toBeGreaterThan(0);
  });

  it('refuses in order: type 3002, one-device station 3004, second meter 6004, full 200308', () => {
    expect(registrationRefusal(StationType.onGrid, [], DeviceType.battery)).toBe('3002');
    expect(registrationRefusal(StationType.wallbox, [DeviceType.chargingPile], DeviceType.chargingPile)).toBe(
      '3004',
    );
    expect(registrationRefusal(StationType.residentialEss, [DeviceType.meter], DeviceType.meter)).toBe(
      '6004',
    );
    const full = Array.from({ length: MAX_DEVICES_PER_STATION }, () => DeviceType.inverter);
    expect(registrationRefusal(StationType.residentialEss, full, DeviceType.battery)).toBe('200308');
    expect(
      registrationRefusal(StationType.residentialEss, full.slice(1), DeviceType.battery),
    ).toBeUndefined();
  });

  it('never lets a station go past its limits, whatever it is offered', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...stationTypes),
        fc.array(fc.constantFrom(...deviceTypes), { maxLength: 60 }),
        (stationType, offered) => {
          const held: DeviceType[] = [];
          for (const candidate of offered) {
            if (!registrationRefusal(stationType, held, candidate)) held.push(candidate);
          }
          const meters = held.filter((type) => type === DeviceType.meter).length;
          return (
            held.every((type) => stationAccepts(stationType, type)) &&
            held.length <= (stationType === StationType.wallbox ? 1 : MAX_DEVICES_PER_STATION) &&
            meters <= 1 &&
            retypeRefusal(stationType, held) === undefined
          );
        },
      ),
    );
  });

  it('a type change must keep the devices acceptable', () => {
    expect(retypeRefusal(StationType.onGrid, [DeviceType.battery])).toBe('3002');
    expect(retypeRefusal(StationType.wallbox, [DeviceType.chargingPile, DeviceType.chargingPile])).toBe(
      '3004',
    );
    expect(retypeRefusal(StationType.wallbox, [DeviceType.chargingPile])).toBeUndefined();
  });
});
