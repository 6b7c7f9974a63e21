import type { CommandItem } from '@helio/contracts';
import { Alert, Progress, Steps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand, useRefreshControl } from '../../api/control.ts';
import { commandFinished, commandSteps, stepOf } from '../../lib/control-commands.ts';
import { useCommandTexts } from '../../lib/use-control-texts.ts';

export interface CommandProgressProps {
  sn: string;
  /** The command to follow; nothing is shown without one. */
  commandId: string | undefined;
  /** What the device does once it has the command, said while it is under way ("the device reconnects"). */
  underWay?: string;
  /** Called once when the command has ended. */
  onEnd?: (item: CommandItem) => void;
  testId?: string;
}

/**
 * A command followed until the device has answered: asked again every 2 s, shown as its steps
 * (waiting to be sent → sent → taken by the device → applied) and a sentence screen readers hear
 * when it changes; failed with the device's reason, expired with its own text. When it ends, the
 * Settings view is asked again: the values are the device's new ones.
 */
export function CommandProgress({
  sn,
  commandId,
  underWay,
  onEnd,
  testId = 'control-command',
}: CommandProgressProps) {
  const { t } = useTranslation();
  const texts = useCommandTexts();
  const command = useCommand(commandId);
  const refresh = useRefreshControl(sn);
  const item = command.data;
  const ended = item !== undefined && commandFinished(item.state);

  const told = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!item || !ended || told.current === item.command_id) return;
    told.current = item.command_id;
    void refresh();
    onEnd?.(item);
  }, [item, ended, refresh, onEnd]);

  if (!commandId) return null;
  if (!item) {
    return (
      <div className="control-command" data-testid={testId} data-state="pending">
        <span role="status">{command.isError ? texts.lost : t('control.command.state.pending')}</span>
      </div>
    );
  }
  const step = stepOf(item);
  const status =
    item.state === 'failed' ? 'error' : item.state === 'expired' ? 'wait' : ended ? 'finish' : 'process';
  return (
    <div className="control-command" data-testid={testId} data-state={item.state}>
      <Steps
        size="small"
        current={step}
        status={status}
        items={commandSteps.map((state) => ({ title: t(`control.command.step.${state}`) }))}
        aria-hidden
      />
      {item.state === 'progress' && item.progress_pct !== null && (
        <Progress percent={item.progress_pct} size="small" aria-label={t('control.command.progress')} />
      )}
      {item.state === 'failed' || item.state === 'expired' ? (
        <Alert
          type={item.state === 'failed' ? 'error' : 'warning'}
          showIcon
          role="status"
          title={t(`control.command.state.${item.state}`)}
          description={texts.reason(item)}
          data-testid={`${testId}-result`}
        />
      ) : (
        <p role="status" className="control-command-text" data-testid={`${testId}-result`}>
          {t(`control.command.state.${item.state}`)}
          {!ended && underWay ? ` ${underWay}` : ''}
        </p>
      )}
    </div>
  );
}
