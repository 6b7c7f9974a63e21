import { ClockCircleOutlined, UndoOutlined } from '@ant-design/icons';
import type { SettingsView } from '@helio/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../lib/api.ts';
import { useMaintenance } from '../../api/control-maintenance.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { FocusedPopconfirm } from '../focused-popconfirm.tsx';
import { CommandProgress } from './command-progress.tsx';
import { UpgradeRecords } from './upgrade-records.tsx';

export interface SystemExtrasProps {
  view: SettingsView;
  zone: ShownZone;
  editable: boolean;
}

/**
 * The system group's acts and records: set the device's clock and zone to its station's, restore
 * its default settings (after a warning: every setting goes back, recorded in the log), and the
 * device's upgrade records.
 */
export function SystemExtras({ view, zone, editable }: SystemExtrasProps) {
  const { t } = useTranslation();
  const { system } = useMaintenance(view.equ_sn);
  const [commandId, setCommandId] = useState<string>();
  const act = (action: 'sync_clock' | 'restore_defaults') =>
    system
      .mutateAsync(action)
      .then((answer) => setCommandId(answer.command_id))
      .catch(() => undefined);

  return (
    <div className="control-system">
      {editable && (
        <div className="control-group-actions">
          <FocusedPopconfirm
            title={t('control.system.syncTitle')}
            description={<span className="control-confirm">{t('control.system.syncDescription')}</span>}
            okText={t('control.system.sync')}
            cancelText={t('control.cancel')}
            okButtonProps={{ loading: system.isPending, 'data-testid': 'control-sync-clock-confirm' }}
            onConfirm={() => act('sync_clock')}
          >
            <Button icon={<ClockCircleOutlined aria-hidden />} data-testid="control-sync-clock">
              {t('control.system.sync')}
            </Button>
          </FocusedPopconfirm>
          <FocusedPopconfirm
            title={t('control.system.restoreTitle')}
            description={<span className="control-confirm">{t('control.system.restoreDescription')}</span>}
            okText={t('control.system.restore')}
            cancelText={t('control.cancel')}
            okButtonProps={{
              danger: true,
              loading: system.isPending,
              'data-testid': 'control-restore-confirm',
            }}
            onConfirm={() => act('restore_defaults')}
          >
            <Button danger icon={<UndoOutlined aria-hidden />} data-testid="control-restore">
              {t('control.system.restore')}
            </Button>
          </FocusedPopconfirm>
        </div>
      )}
      {system.isError && (
        <Alert type="error" showIcon className="control-note" title={describeError(system.error)} />
      )}
      <CommandProgress sn={view.equ_sn} commandId={commandId} testId="control-command-system" />
      <UpgradeRecords sn={view.equ_sn} zone={zone} />
    </div>
  );
}
