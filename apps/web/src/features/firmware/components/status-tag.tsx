import type { UpgradeStatus } from '@helio/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTone, toneColor } from '../lib/task-view.ts';

/**
 * A SPEC §4 upgrade status in words with its colour (0 waiting, 1 in progress, 2 completed, 3–9
 * failures): the task's rows and a device's upgrade records show it alike.
 */
export function UpgradeStatusTag({ status }: { status: UpgradeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={toneColor[statusTone(status)]} data-status={status}>
      {t(`control.upgrades.statusName.${status}`)}
    </Tag>
  );
}
