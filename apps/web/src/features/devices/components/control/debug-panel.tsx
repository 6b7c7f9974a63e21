import { BugOutlined, StopOutlined } from '@ant-design/icons';
import { control, type SettingsView } from '@helio/contracts';
import { Alert, Button, Form, InputNumber, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../../hooks/use-now.ts';
import { describeError } from '../../../../lib/api.ts';
import { useMaintenance } from '../../api/control-maintenance.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { clockTime, stillAhead } from '../../lib/control-time.ts';
import { CommandProgress } from './command-progress.tsx';

const { DEBUG_MINUTES } = control;

function minutesProblem(minutes: number | null): boolean {
  return (
    minutes === null ||
    !Number.isInteger(minutes) ||
    minutes < DEBUG_MINUTES.min ||
    minutes > DEBUG_MINUTES.max
  );
}

/**
 * A debug session: the device reports every 10 s for the minutes chosen (5–120), then stops by
 * itself; it can be stopped sooner. One already running (8001) or a device that cannot switch
 * (240000) is said here in the catalogue's words.
 */
export function DebugPanel({
  view,
  zone,
  disabled,
}: {
  view: SettingsView;
  zone: ShownZone;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { debug } = useMaintenance(view.equ_sn);
  const [minutes, setMinutes] = useState<number | null>(DEBUG_MINUTES.default);
  const [checked, setChecked] = useState(false);
  const [commandId, setCommandId] = useState<string>();
  const now = useNow(15_000);
  const running = stillAhead(view.debug_until, now);
  const wrong = checked && minutesProblem(minutes);

  const ask = (action: 'start' | 'stop') => {
    if (action === 'start') {
      setChecked(true);
      if (minutesProblem(minutes)) return;
    }
    debug.mutate(action === 'start' ? { action, minutes: minutes ?? DEBUG_MINUTES.default } : { action }, {
      onSuccess: (answer) => setCommandId(answer.command_id),
    });
  };

  return (
    <div className="control-panel" data-testid="control-debug">
      <h3 className="control-panel-title">{t('control.debug.title')}</h3>
      <p className="control-help">{t('control.debug.description')}</p>
      {running && view.debug_until && (
        <Tag icon={<BugOutlined aria-hidden />} color="processing" data-testid="control-debug-until">
          {t('control.debug.until', { time: clockTime(view.debug_until, zone.zone, i18n.language) })}
        </Tag>
      )}
      <div className="control-debug-form">
        <Form.Item
          label={t('control.debug.minutes')}
          htmlFor="control-debug-minutes"
          validateStatus={wrong ? 'error' : undefined}
          help={
            wrong
              ? t('validation.debugMinutes', { ns: 'validation', keySeparator: false })
              : t('control.debug.minutesHelp')
          }
          className="control-field"
        >
          <InputNumber<number>
            id="control-debug-minutes"
            value={minutes}
            onChange={(value) => setMinutes(value)}
            suffix={t('control.debug.minutesUnit')}
            step={5}
            disabled={disabled}
            data-testid="control-debug-minutes"
          />
        </Form.Item>
        <div className="control-group-actions">
          <Button
            icon={<BugOutlined aria-hidden />}
            onClick={() => ask('start')}
            disabled={disabled}
            loading={debug.isPending && debug.variables?.action === 'start'}
            data-testid="control-debug-start"
          >
            {t('control.debug.start')}
          </Button>
          <Button
            icon={<StopOutlined aria-hidden />}
            onClick={() => ask('stop')}
            disabled={disabled || !running}
            loading={debug.isPending && debug.variables?.action === 'stop'}
            data-testid="control-debug-stop"
          >
            {t('control.debug.stop')}
          </Button>
        </div>
      </div>
      {debug.isError && (
        <Alert
          type="warning"
          showIcon
          className="control-note"
          title={describeError(debug.error)}
          data-testid="control-debug-error"
        />
      )}
      <CommandProgress sn={view.equ_sn} commandId={commandId} testId="control-command-debug" />
    </div>
  );
}
