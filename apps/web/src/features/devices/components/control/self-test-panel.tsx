import { ExperimentOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { SettingsView } from '@helio/contracts';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../../../hooks/use-focus-return.ts';
import { describeError } from '../../../../lib/api.ts';
import { useCommandList } from '../../api/control-log.ts';
import { useMaintenance } from '../../api/control-maintenance.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { commandFinished } from '../../lib/control-commands.ts';
import { shortDateTime } from '../../lib/control-time.ts';
import { useCommandTexts } from '../../lib/use-control-texts.ts';
import { FocusedPopconfirm } from '../focused-popconfirm.tsx';
import { CommandProgress } from './command-progress.tsx';
import { SelfTestReportDialog } from './self-test-report.tsx';

interface PanelProps {
  view: SettingsView;
  zone: ShownZone;
  disabled: boolean;
}

/**
 * The device's self-test (standards such as CEI 0-21 require one): started after a confirmation
 * that says how long it takes and that the report is mailed, followed with its progress, and its
 * newest report opened here once it has ended.
 */
export function SelfTestPanel({ view, zone, disabled }: PanelProps) {
  const { t, i18n } = useTranslation();
  const texts = useCommandTexts();
  const { selfTest } = useMaintenance(view.equ_sn);
  const newest = useCommandList({ equ_sn: view.equ_sn, page: 1, page_size: 1, name: 'self_test' });
  const latest = newest.data?.list[0];
  const [started, setStarted] = useState<string>();
  const [report, setReport] = useState<string>();
  const opener = useFocusReturn();
  const followed = started ?? (latest && !commandFinished(latest.state) ? latest.command_id : undefined);
  const ended = latest && commandFinished(latest.state) ? latest : undefined;

  return (
    <div className="control-panel" data-testid="control-self-test">
      <h3 className="control-panel-title">{t('control.selfTest.title')}</h3>
      <p className="control-help">{t('control.selfTest.description')}</p>
      <div className="control-group-actions">
        <FocusedPopconfirm
          title={t('control.selfTest.confirmTitle')}
          description={<span className="control-confirm">{t('control.selfTest.confirmDescription')}</span>}
          okText={t('control.selfTest.start')}
          cancelText={t('control.cancel')}
          okButtonProps={{ loading: selfTest.isPending, 'data-testid': 'control-self-test-confirm' }}
          onConfirm={() =>
            selfTest
              .mutateAsync()
              .then((answer) => setStarted(answer.command_id))
              .catch(() => undefined)
          }
        >
          <Button
            icon={<ExperimentOutlined aria-hidden />}
            disabled={disabled}
            data-testid="control-self-test-start"
          >
            {t('control.selfTest.start')}
          </Button>
        </FocusedPopconfirm>
        {ended && ended.state !== 'expired' && (
          <Button
            icon={<FileSearchOutlined aria-hidden />}
            onClick={() => {
              opener.remember();
              setReport(ended.command_id);
            }}
            data-testid="control-self-test-report"
          >
            {t('control.selfTest.viewReport')}
          </Button>
        )}
      </div>
      {ended && ended.command_id !== started && (
        <Typography.Text type="secondary" data-testid="control-self-test-last">
          {t('control.selfTest.last', {
            state: texts.stateName(ended.state),
            time: shortDateTime(ended.updated_at, zone.zone, i18n.language),
          })}
        </Typography.Text>
      )}
      {selfTest.isError && (
        <Alert type="error" showIcon className="control-note" title={describeError(selfTest.error)} />
      )}
      <CommandProgress
        sn={view.equ_sn}
        commandId={followed}
        underWay={t('control.selfTest.underWay')}
        onEnd={() => void newest.refetch()}
        testId="control-command-self-test"
      />
      <SelfTestReportDialog
        commandId={report}
        zone={zone}
        onClose={() => setReport(undefined)}
        afterClose={opener.restore}
      />
    </div>
  );
}
