import type { UpgradeTaskItem } from '@helio/contracts';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusCounts, taskDonePercent } from '../lib/task-view.ts';
import { UpgradeStatusTag } from './status-tag.tsx';

/**
 * How far a task is: a bar of its finished rows, the rows by outcome and, with `byStatus`, the
 * sent rows by their SPEC §4 status.
 */
export function TaskCounts({ task, byStatus = false }: { task: UpgradeTaskItem; byStatus?: boolean }) {
  const { t } = useTranslation();
  const { counts } = task;
  const percent = taskDonePercent(counts);
  return (
    <div className="firmware-counts" data-testid={`firmware-task-counts-${task.task_id}`}>
      <Progress
        percent={percent}
        size="small"
        status={task.state === 'running' ? 'active' : counts.failed > 0 ? 'exception' : 'normal'}
        aria-label={t('firmware.task.progressOf', { name: task.name })}
      />
      <span className="firmware-help">
        {t('firmware.task.countsLine', {
          succeeded: counts.succeeded,
          failed: counts.failed,
          queued: counts.queued,
          total: counts.total,
        })}
      </span>
      {byStatus && (
        <ul className="firmware-status-counts" aria-label={t('firmware.task.byStatus')}>
          {statusCounts(counts).map(({ status, count }) => (
            <li key={status} data-testid={`firmware-status-count-${status}`}>
              <UpgradeStatusTag status={status} /> {count}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
