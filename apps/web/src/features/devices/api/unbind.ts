import { type DeviceItem, device } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useRefreshDevices } from './devices.ts';

/**
 * Removes a device's registration (api/device/unbind): its SN is free to register again. The
 * removed device's own detail is not asked for again (that could only be refused, 9001).
 */
export function useUnbindDevice(onDone?: (item: Pick<DeviceItem, 'device_id' | 'sn'>) => void) {
  const { t } = useTranslation();
  const refreshDevices = useRefreshDevices();
  return useMutation({
    mutationFn: (item: Pick<DeviceItem, 'device_id' | 'sn'>) =>
      call(device.unbind, { device_id: item.device_id }),
    onSuccess: (_data, item) => {
      notifySuccess(t('devices.unbound', { sn: item.sn }), 'device-unbind');
      onDone?.(item);
      void refreshDevices(item.device_id);
    },
  });
}
