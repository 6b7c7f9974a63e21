import { PoweroffOutlined } from '@ant-design/icons';
import type { SettingsView } from '@helio/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../lib/api.ts';
import { useMaintenance } from '../../api/control-maintenance.ts';
import { FocusedPopconfirm } from '../focused-popconfirm.tsx';
import { CommandProgress } from './command-progress.tsx';

/** Restarts the device remotely, after a confirmation: it stops producing and reporting for a while. */
export function RestartPanel({ view, disabled }: { view: SettingsView; disabled: boolean }) {
  const { t } = useTranslation();
  const { restart } = useMaintenance(view.equ_sn);
  const [commandId, setCommandId] = useState<string>();
  return (
    <div className="control-panel" data-testid="control-restart">
      <h3 className="control-panel-title">{t('control.restart.title')}</h3>
      <p className="control-help">{t('control.restart.description')}</p>
      <FocusedPopconfirm
        title={t('control.restart.confirmTitle', { sn: view.equ_sn })}
        description={<span className="control-confirm">{t('control.restart.confirmDescription')}</span>}
        okText={t('control.restart.button')}
        cancelText={t('control.cancel')}
        okButtonProps={{ danger: true, loading: restart.isPending, 'data-testid': 'control-restart-confirm' }}
        onConfirm={() =>
          restart
            .mutateAsync()
            .then((answer) => setCommandId(answer.command_id))
            .catch(() => undefined)
        }
      >
        <Button
          danger
          icon={<PoweroffOutlined aria-hidden />}
          disabled={disabled}
          data-testid="control-restart-button"
        >
          {t('control.restart.button')}
        </Button>
      </FocusedPopconfirm>
      {restart.isError && (
        <Alert type="error" showIcon className="control-note" title={describeError(restart.error)} />
      )}
      <CommandProgress sn={view.equ_sn} commandId={commandId} testId="control-command-restart" />
    </div>
  );
}
