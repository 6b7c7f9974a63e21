import { type DeviceCredentials, type DeviceItem, device } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useRefreshDevices } from './devices.ts';

/**
 * A device's broker secret is shown once (the portal keeps only its hash). It goes from the
 * answer straight to `reveal`, the credentials dialog's state, and is never the result of a
 * query or mutation: react-query keeps those in its caches after the screen is gone.
 */
export type RevealCredentials = (credentials: DeviceCredentials) => void;

/**
 * Issues a new secret for a device (api/device/rotateSecret): the old one stops working at once
 * and the device is disconnected until it is given the new one.
 */
export function useRotateSecret(reveal: RevealCredentials) {
  const { t } = useTranslation();
  const refreshDevices = useRefreshDevices();
  return useMutation({
    mutationFn: async (item: Pick<DeviceItem, 'device_id' | 'sn'>) => {
      reveal(await call(device.rotateSecret, { device_id: item.device_id }));
      return null;
    },
    onSuccess: (_data, item) => {
      notifySuccess(t('devices.rotate.done', { sn: item.sn }), 'device-rotate');
      // Disconnected: its state follows.
      void refreshDevices();
    },
  });
}
