import type { CallData, CommandItem, ems5000 } from '@helio/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommandTexts } from '../../devices/index.ts';

type Reply = CallData<typeof ems5000.pollingReply>;

export interface CommandOutcomeProps {
  /** What the command does: a read of the part's values, or a write of its parameters. */
  act: 'read' | 'save';
  /** The answer: undefined before the first one, null while the device has not answered (7005). */
  reply: Reply | null | undefined;
  /** The reply could not be asked for. */
  lost: boolean;
  testId: string;
}

/**
 * A command followed until the device has answered: "reading…"/"saving…" while it has not, then
 * done (read, applied) or failed with the device's own words; said to screen readers as it changes.
 */
export function CommandOutcome({ act, reply, lost, testId }: CommandOutcomeProps) {
  const { t } = useTranslation();
  const commands = useCommandTexts();
  if (!reply) {
    return (
      <p role="status" className="ems-progress" data-testid={testId} data-state="waiting">
        {lost ? commands.lost : t(`ems5000.command.${act}.waiting`)}
      </p>
    );
  }
  if (reply.state === 'succeeded')
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={t(`ems5000.command.${act}.done`)}
        data-testid={testId}
        data-state={reply.state}
      />
    );
  return (
    <Alert
      type={reply.state === 'expired' ? 'warning' : 'error'}
      showIcon
      role="status"
      title={t(`ems5000.command.${act}.failed`)}
      description={commands.reason({ ...reply, error: reply.error as CommandItem['error'] })}
      data-testid={testId}
      data-state={reply.state}
    />
  );
}
