import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { UnlockDialog } from '../../devices/index.ts';

/** The catalogue's code for a write that needs the device password first. */
const NEEDS_PASSWORD = '200905';

/**
 * A charging write refused for the device password (an installer's, 200905): the device password
 * dialog is asked, and once the device is unlocked the same request (with its key) is sent again;
 * cancelled, nothing is sent.
 */
export function usePasswordRetry<Request>(sn: string, send: (request: Request) => void) {
  const waiting = useRef<Request | null>(null);
  const [unlocking, setUnlocking] = useState(false);

  /** Whether the refusal asked for the password (the dialog then opens). */
  const askedPassword = useCallback((error: unknown, request: Request): boolean => {
    if (!(error instanceof ApiError) || error.code !== NEEDS_PASSWORD) return false;
    waiting.current = request;
    setUnlocking(true);
    return true;
  }, []);

  const dialog = (
    <UnlockDialog
      sn={sn}
      open={unlocking}
      onClose={(until) => {
        setUnlocking(false);
        const request = waiting.current;
        waiting.current = null;
        if (until && request !== null) send(request);
      }}
    />
  );
  return { askedPassword, dialog };
}
