import { ClockCircleOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShownZone } from '../api/telemetry.ts';

/** Which zone the times of a tab are in: the station's, or the browser's when that is not known. */
export function ZoneNote({ zone }: { zone: ShownZone }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" className="zone-note" data-testid="zone-note">
      <ClockCircleOutlined aria-hidden />{' '}
      {zone.ofStation
        ? t('devices.zone.station', { zone: zone.zone })
        : t('devices.zone.browser', { zone: zone.zone })}
    </Typography.Text>
  );
}
