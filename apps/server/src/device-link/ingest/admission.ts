import { BACKFILL_HORIZON_MS, CLOCK_SKEW_MS, REGISTRATION_GRACE_MS } from '@helio/contracts/device-link';
import type { FastifyBaseLogger } from 'fastify';
import type { RegisteredDevice } from '../../domains/devices/status-store.ts';

/**
 * Which readings the portal takes by their time (docs/device-protocol.md §10): none older than
 * `horizonMs` before the portal's clock, none older than `registrationGraceMs` before the device's
 * registration unless its station was commissioned earlier (then none from before the station's
 * local commissioning day: a plant's history imported by its logger). The defaults are the
 * protocol's; tests whose readings carry fixed dates of the past widen them.
 */
export interface Admission {
  horizonMs: number;
  registrationGraceMs: number;
}

/** The protocol's limits, with any given in `admission`. */
export function admissionOf(admission: Partial<Admission> = {}): Admission {
  return {
    horizonMs: admission.horizonMs ?? BACKFILL_HORIZON_MS,
    registrationGraceMs: admission.registrationGraceMs ?? REGISTRATION_GRACE_MS,
  };
}

/** Why a reading is refused: from the future, from before the device's registration, past the horizon. */
export type RefusalReason = 'clock_ahead' | 'before_registration' | 'past_horizon';

/**
 * Sorts a message's readings into those taken and those refused (their times by reason), as the
 * portal's clock reads `nowMs`.
 */
export function admitReadings<Reading extends { ts: number }>(
  device: Pick<RegisteredDevice, 'registeredMs' | 'commissionedMs'>,
  readings: readonly Reading[],
  nowMs: number,
  admission: Admission,
): { taken: Reading[]; refused: Map<RefusalReason, number[]> } {
  const latestAllowed = nowMs + CLOCK_SKEW_MS;
  const pastHorizon = nowMs - admission.horizonMs;
  const beforeRegistration = Math.min(
    device.registeredMs - admission.registrationGraceMs,
    device.commissionedMs ?? Number.POSITIVE_INFINITY,
  );
  const taken: Reading[] = [];
  const refused = new Map<RefusalReason, number[]>();
  for (const reading of readings) {
    const reason: RefusalReason | undefined =
      reading.ts > latestAllowed
        ? 'clock_ahead'
        : reading.ts < beforeRegistration
          ? 'before_registration'
          : reading.ts < pastHorizon
            ? 'past_horizon'
            : undefined;
    if (!reason) {
      taken.push(reading);
      continue;
    }
    const times = refused.get(reason) ?? [];
    times.push(reading.ts);
    refused.set(reason, times);
  }
  return { taken, refused };
}

/** Logs a message's refused readings once per reason, with their count and time span; answers how many. */
export function logRefusals(
  log: FastifyBaseLogger,
  message: { sn: string; kind: string },
  refused: ReadonlyMap<RefusalReason, number[]>,
): number {
  let count = 0;
  for (const [reason, times] of refused) {
    count += times.length;
    log.warn(
      {
        ...message,
        reason,
        readings: times.length,
        from: new Date(Math.min(...times)).toISOString(),
        to: new Date(Math.max(...times)).toISOString(),
      },
      'device readings not stored',
    );
  }
  return count;
}
