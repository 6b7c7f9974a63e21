import type { UpgradeTaskItem } from '@helio/contracts';
import { Tag } from 'antd';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';

const stateColor: Record<UpgradeTaskItem['state'], string> = {
  scheduled: 'default',
  running: 'processing',
  paused: 'warning',
  cancelled: 'default',
  completed: 'success',
};

/** A task's state in words, with why it paused (by its installer, or by itself past its threshold). */
export function TaskStateTag({ task }: { task: Pick<UpgradeTaskItem, 'state' | 'pause_reason'> }) {
  const texts = useFirmwareTexts();
  return (
    <span className="firmware-task-state" data-state={task.state}>
      <Tag color={stateColor[task.state]}>{texts.taskState(task.state)}</Tag>
      {task.state === 'paused' && task.pause_reason && (
        <span className="firmware-help">{texts.pauseReason(task.pause_reason)}</span>
      )}
    </span>
  );
}
