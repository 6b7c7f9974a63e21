import { KeyOutlined } from '@ant-design/icons';
import type { DeviceCredentials, DeviceItem } from '@helio/contracts';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusSoon } from '../../../hooks/use-focus-return.ts';
import { useRotateSecret } from '../api/credentials.ts';
import { DeviceCredentialsDialog } from './device-credentials-dialog.tsx';
import { FocusedPopconfirm } from './focused-popconfirm.tsx';

/**
 * Issues a new broker secret for a device, after a confirmation that says what it costs: the old
 * secret stops working at once and the device stays disconnected until it is given the new one.
 * The new credentials are then shown once, like at registration; when they are put away, the
 * focus is back on this button.
 */
export function RotateSecretButton({ item }: { item: Pick<DeviceItem, 'device_id' | 'sn'> }) {
  const { t } = useTranslation();
  const [issued, setIssued] = useState<DeviceCredentials | undefined>();
  const rotate = useRotateSecret(setIssued);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <FocusedPopconfirm
        title={t('devices.rotate.confirmTitle', { sn: item.sn })}
        description={
          <span className="device-rotate-description">{t('devices.rotate.confirmDescription')}</span>
        }
        okText={t('devices.rotate.confirm')}
        cancelText={t('devices.dialog.cancel')}
        okButtonProps={{ danger: true, loading: rotate.isPending, 'data-testid': 'device-rotate-confirm' }}
        onConfirm={() => rotate.mutateAsync(item).catch(() => undefined)}
        placement="bottomRight"
      >
        <Button ref={button} icon={<KeyOutlined aria-hidden />} data-testid="device-rotate">
          {t('devices.rotate.button')}
        </Button>
      </FocusedPopconfirm>
      <DeviceCredentialsDialog
        credentials={issued}
        sn={item.sn}
        reason="rotated"
        onDone={() => {
          setIssued(undefined);
          focusSoon(button.current);
        }}
      />
    </>
  );
}
