import type { DeviceState } from '@helio/contracts';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

const statusColor: Record<DeviceState, 'success' | 'error' | 'default'> = {
  online: 'success',
  alarm: 'error',
  offline: 'default',
};

/** A device's state (SPEC.md §4: online, offline, alarm) as a coloured dot and its name. */
export function DeviceStatus({ status }: { status: DeviceState }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={statusColor[status]}
      text={t(`devices.status.${status}`)}
      className="device-status"
      data-testid="device-status"
      data-status={status}
    />
  );
}
