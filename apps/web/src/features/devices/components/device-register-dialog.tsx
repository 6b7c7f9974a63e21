import type { DeviceCredentials, DeviceItem } from '@helio/contracts';
import { Suspense, useLayoutEffect, useState } from 'react';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { RequestAccessDialog } from '../../messages/index.ts';
import type { FixedStation } from '../hooks/use-registration-station.ts';
import { useDeviceTexts } from '../lib/use-device-texts.ts';
import { DeviceCredentialsDialog } from './device-credentials-dialog.tsx';
import { DeviceRegisterForm } from './device-register-form.tsx';
import '../devices.css';

export type { FixedStation } from '../hooks/use-registration-station.ts';

/**
 * The dialog stays mounted after it closes (`open` false): the new device's broker credentials are
 * shown by it, once, after the registration dialog itself has closed.
 */
export interface DeviceRegisterDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opened from a station: the device goes there. Otherwise the dialog asks for the station. */
  station?: FixedStation;
  /** Without a fixed station: the station chosen in advance (e.g. the list's station filter). */
  initialStationId?: number;
  /** After the device was registered and the dialog has said so; the dialog closes itself. */
  onDone?: (device: DeviceItem) => void;
}

/**
 * Registers a device on a station by its SN (api/device/add). It offers only the device types the
 * station's type takes (fleet-rules.ts), says before the server does when the station can take no
 * more of a type (3004, 6004, 200308) or a bus place is used (200307), and checks the SN's shape
 * as the server does (4002, 2002). The server's refusals show under the field they concern. Then
 * the device's broker credentials are shown once; an SN registered elsewhere (2001) leads to the
 * request for access to it. When the last of these dialogs closes, the focus is back on the button
 * that opened the first.
 */
export function DeviceRegisterDialog(props: DeviceRegisterDialogProps) {
  const ready = useDeviceTexts();
  // The secret goes from the answer to this state only, never into react-query's caches (the
  // registration's result is the device without it), and is dropped when its dialog closes.
  const [issued, setIssued] = useState<{ sn: string; credentials: DeviceCredentials } | undefined>();
  // An SN registered outside the installer's stations (2001): it may ask the holder for access.
  const [access, setAccess] = useState<{ sn: string; open: boolean } | undefined>();
  // The registration dialog gives the focus back by itself; the ones after it do not know the opener.
  // It is noted before the dialog takes the focus (a layout effect runs before the dialog's effects).
  const opener = useFocusReturn();
  const { remember } = opener;
  useLayoutEffect(() => {
    if (props.open) remember();
  }, [props.open, remember]);
  // The texts come with the screens' code; a dialog opened elsewhere waits for them (briefly).
  if (!ready) return null;
  return (
    <>
      <DeviceRegisterForm
        {...props}
        onIssued={setIssued}
        onRequestAccess={(sn) => {
          props.onClose();
          setAccess({ sn, open: true });
        }}
      />
      {access && (
        <Suspense fallback={null}>
          <RequestAccessDialog
            open={access.open}
            sn={access.sn}
            onClose={() => {
              setAccess((current) => current && { ...current, open: false });
              opener.restore();
            }}
          />
        </Suspense>
      )}
      <DeviceCredentialsDialog
        credentials={issued?.credentials}
        sn={issued?.sn ?? ''}
        reason="registered"
        onDone={() => {
          setIssued(undefined);
          opener.restore();
        }}
      />
    </>
  );
}
