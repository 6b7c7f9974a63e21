import type { StationState } from '@helio/contracts';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

const statusColor: Record<StationState, 'success' | 'error' | 'default' | 'warning'> = {
  online: 'success',
  alarm: 'error',
  offline: 'default',
  no_device: 'warning',
};

/** A station's derived status (alarm, offline, online, no device) as a coloured dot and its name. */
export function StationStatus({ status }: { status: StationState }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={statusColor[status]}
      text={t(`stations.status.${status}`)}
      className="station-status"
      data-status={status}
    />
  );
}
