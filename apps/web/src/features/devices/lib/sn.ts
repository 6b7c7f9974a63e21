import { type DeviceType, deviceTypeOfSn, normalizeSn, snPattern } from '@helio/contracts';

/**
 * The device SN as the register dialog takes it (fleet-rules.ts scheme: a type prefix and 10–16
 * upper-case letters or digits). The dialog checks the shape itself and says what the server
 * would: a wrong shape is 4002, a well-formed SN of another type than the chosen one is 2002.
 */

/** What the SN box keeps of what is typed or pasted: upper case and no blanks (an SN has none). */
export function snInput(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, '').toUpperCase();
}

/** The catalogue code the server would answer for this SN and device type, if any. */
export function snProblem(
  sn: string | undefined,
  deviceType: DeviceType | undefined,
): '4002' | '2002' | undefined {
  const normalized = normalizeSn(sn ?? '');
  if (!snPattern.test(normalized)) return '4002';
  const snType = deviceTypeOfSn(normalized);
  if (deviceType !== undefined && snType !== undefined && snType !== deviceType) return '2002';
  return undefined;
}

/**
 * The device type an SN's prefix names, when it is one the station takes: the dialog chooses it
 * for a user who typed the SN first.
 */
export function deviceTypeFromSn(
  sn: string | undefined,
  accepted: readonly DeviceType[],
): DeviceType | undefined {
  const snType = deviceTypeOfSn(sn ?? '');
  return snType !== undefined && accepted.includes(snType) ? snType : undefined;
}
