import type { Database } from '@helio/db';
import { type RegisteredDevice, registeredDevice } from '../../domains/devices/status-store.ts';

/**
 * Which device an SN is, as ingestion asks for every message: the registration (id, station, its
 * zone, when registered, the station's commissioning) is kept for `cacheMs` and forgotten at once
 * when the registration changes; concurrent messages of one SN share one lookup.
 */
export function deviceDirectory(options: { db: Database; cacheMs: number; now: () => number }) {
  const { db, cacheMs, now } = options;
  const known = new Map<string, { device: RegisteredDevice | null; until: number }>();
  const lookups = new Map<string, Promise<RegisteredDevice | null>>();

  return {
    /** The device registered with `sn`, or null when there is none. */
    lookUp(sn: string): Promise<RegisteredDevice | null> {
      const cached = known.get(sn);
      if (cached && cached.until > now()) return Promise.resolve(cached.device);
      let pending = lookups.get(sn);
      if (!pending) {
        pending = registeredDevice(db, sn)
          .then((device) => {
            known.set(sn, { device, until: now() + cacheMs });
            return device;
          })
          .finally(() => lookups.delete(sn));
        lookups.set(sn, pending);
      }
      return pending;
    },
    /** Forgets what is known of a device (after its registration is removed or changed). */
    forget(sn: string): void {
      known.delete(sn);
    },
  };
}
