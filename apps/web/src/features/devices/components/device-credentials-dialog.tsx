import type { DeviceCredentials } from '@helio/contracts';
import { Alert, Button, Checkbox, Descriptions, type DescriptionsProps, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from './date-time.tsx';

export interface DeviceCredentialsDialogProps {
  /** The credentials just issued; the dialog is open while there are some. */
  credentials: DeviceCredentials | undefined;
  sn: string;
  /** A device just registered, or a new secret of a registered one: the title says which. */
  reason: 'registered' | 'rotated';
  /** Once the user has said the password is saved: the caller forgets the credentials. */
  onDone: () => void;
}

/**
 * What a device connects to the broker with, shown once: the portal keeps only the password's
 * hash, so nobody can show it again. The dialog is left only through "Done" (or Esc, the mask,
 * the close button) after the user ticks that the password is saved; a stray click or key must
 * not lose it. It leaves the page as soon as it closes.
 */
export function DeviceCredentialsDialog({ credentials, ...props }: DeviceCredentialsDialogProps) {
  if (!credentials) return null;
  // A new secret starts unacknowledged.
  return <CredentialsModal key={credentials.issued_at} credentials={credentials} {...props} />;
}

function CredentialsModal({
  credentials,
  sn,
  reason,
  onDone,
}: DeviceCredentialsDialogProps & { credentials: DeviceCredentials }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);

  const copyable = (text: string, testId: string) => (
    <Typography.Text code copyable={{ text }} className="device-credential" data-testid={testId}>
      {text}
    </Typography.Text>
  );
  const items: DescriptionsProps['items'] = [
    {
      key: 'broker_url',
      label: t('devices.credentials.brokerUrl'),
      children: copyable(credentials.broker_url, 'credentials-broker-url'),
    },
    {
      key: 'client_id',
      label: t('devices.credentials.clientId'),
      children: copyable(credentials.client_id, 'credentials-client-id'),
    },
    {
      key: 'username',
      label: t('devices.credentials.username'),
      children: copyable(credentials.username, 'credentials-username'),
    },
    {
      key: 'password',
      label: t('devices.credentials.password'),
      children: copyable(credentials.password, 'credentials-password'),
    },
    {
      key: 'issued_at',
      label: t('devices.credentials.issuedAt'),
      children: <DateTime value={credentials.issued_at} />,
    },
  ];

  return (
    <Modal
      open
      title={t(`devices.credentials.title.${reason}`, { sn })}
      width={640}
      closable={saved}
      keyboard={saved}
      mask={{ closable: saved }}
      onCancel={onDone}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={!saved} onClick={onDone} data-testid="credentials-done">
          {t('devices.credentials.done')}
        </Button>
      }
    >
      <div data-testid="credentials-dialog" data-sn={sn}>
        <Alert
          type="warning"
          showIcon
          className="dialog-alert"
          title={t('devices.credentials.onceTitle')}
          description={t('devices.credentials.onceDescription')}
        />
        <p className="dialog-intro">{t('devices.credentials.intro')}</p>
        <Descriptions bordered size="small" column={1} items={items} className="device-credentials" />
        <Checkbox
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className="device-credentials-saved"
          data-testid="credentials-saved"
        >
          {t('devices.credentials.saved')}
        </Checkbox>
      </div>
    </Modal>
  );
}
