import { DEMO_USER_ID } from '@helio/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTextPart } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session-store.ts';

/** A text every language's device part has: while it is missing, the part has not arrived. */
const PROBE_KEY = 'devices.title';

/**
 * True once the device screens' texts (src/locales/devices) are loaded. The routes load them with
 * their code; components shown elsewhere (a station's devices, the register dialog) ask here.
 */
export function useDeviceTexts(): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.exists(PROBE_KEY));
  useEffect(() => {
    let live = true;
    loadTextPart('devices')
      .then(() => live && setReady(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** False for the shared demo account, whose every change the server refuses (9001): it only looks. */
export function useMayChangeDevices(): boolean {
  const session = useSession();
  return session !== null && session.userId !== DEMO_USER_ID;
}
