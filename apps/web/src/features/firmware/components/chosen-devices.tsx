import { firmwareParts } from '@helio/contracts';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import type { Choices } from '../lib/task-form.ts';

type ChoiceDevice = Choices['devices'][number];

/**
 * The chosen devices as the portal knows them: station, state, the version each part runs, and
 * whether one is in an unfinished task already (the task would be refused, 7003).
 */
export function ChosenDevices({ choices }: { choices: Choices }) {
  const { t } = useTranslation();
  // a table wider than its box scrolls: by keyboard too when nothing in it takes the focus
  const scroll = useKeyboardScroll<HTMLDivElement>(t('firmware.devices.chosenCaption'));
  const parts = firmwareParts.filter(
    (part) =>
      choices.files.some((file) => file.part === part) ||
      choices.devices.some((device) => device.versions[part] !== undefined),
  );
  const columns: TableColumnsType<ChoiceDevice> = [
    { key: 'sn', title: t('firmware.devices.sn'), dataIndex: 'equ_sn' },
    { key: 'station', title: t('firmware.devices.station'), dataIndex: 'station_name' },
    {
      key: 'state',
      title: t('firmware.devices.status'),
      render: (_, item) => t(`devices.status.${item.state}`),
    },
    ...parts.map((part) => ({
      key: part,
      title: t('firmware.devices.partVersion', { part }),
      render: (_: unknown, item: ChoiceDevice) => item.versions[part] ?? '—',
    })),
    {
      key: 'busy',
      title: t('firmware.devices.busy'),
      render: (_, item) => (item.busy ? <Tag color="warning">{t('firmware.devices.inTask')}</Tag> : '—'),
    },
  ];
  return (
    <div ref={scroll}>
      <Table<ChoiceDevice>
        rowKey="equ_sn"
        size="small"
        caption={<span className="visually-hidden">{t('firmware.devices.chosenCaption')}</span>}
        columns={columns}
        dataSource={choices.devices}
        scroll={{ x: 'max-content', y: 240 }}
        pagination={false}
        data-testid="upgrade-chosen-devices"
      />
    </div>
  );
}
