import { SettingOutlined } from '@ant-design/icons';
import type { SettingsView } from '@helio/contracts';
import { Button, Card, Descriptions, type DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../../../hooks/use-focus-return.ts';
import { plainText } from '../../lib/figures.ts';
import { useSettingTexts } from '../../lib/use-control-texts.ts';
import { CommandProgress } from './command-progress.tsx';
import { NetworkDialog } from './network-dialog.tsx';

/**
 * The device's own link (group `network`): how it is connected, its signal and its addresses as it
 * reported them, and, for who may change it, the dialog that sets DHCP or a static address.
 */
export function NetworkSection({ view, editable }: { view: SettingsView; editable: boolean }) {
  const { t } = useTranslation();
  const texts = useSettingTexts();
  const [open, setOpen] = useState(false);
  const [commandId, setCommandId] = useState<string>();
  const opener = useFocusReturn();
  const values = view.values ?? {};
  const shown = (name: string) => {
    const value = values[name];
    if (value === undefined) return plainText(null);
    if (name === 'net_link') return texts.choice(name, String(value));
    if (name === 'net_dhcp') return value ? t('control.network.dhcpOn') : t('control.network.dhcpOff');
    if (name === 'net_signal_dbm') return `${value} dBm`;
    return String(value);
  };
  const names = ['net_link', 'net_signal_dbm', 'net_dhcp', 'net_ip', 'net_mask', 'net_gateway', 'net_dns'];
  const items: DescriptionsProps['items'] = names.map((name) => ({
    key: name,
    label: texts.label(name),
    children: <span data-testid={`control-value-${name}`}>{shown(name)}</span>,
  }));
  const titleId = 'control-group-network-title';

  return (
    <Card
      className="control-group"
      data-testid="control-group-network"
      title={
        <h2 id={titleId} className="control-group-title">
          {t('control.group.network.title')}
        </h2>
      }
    >
      <section aria-labelledby={titleId}>
        <p className="control-group-description">{t('control.group.network.description')}</p>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          items={items}
        />
        {editable && (
          <div className="control-group-actions">
            <Button
              icon={<SettingOutlined aria-hidden />}
              onClick={() => {
                opener.remember();
                setOpen(true);
              }}
              data-testid="control-network-configure"
            >
              {t('control.network.configure')}
            </Button>
          </div>
        )}
        <CommandProgress
          sn={view.equ_sn}
          commandId={commandId}
          underWay={t('control.network.reconnects')}
          testId="control-command-network"
        />
      </section>
      <NetworkDialog
        sn={view.equ_sn}
        values={values}
        open={open}
        onClose={(sent) => {
          if (sent) setCommandId(sent);
          setOpen(false);
        }}
        afterClose={opener.restore}
      />
    </Card>
  );
}
