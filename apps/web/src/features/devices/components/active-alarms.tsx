import { type EmsPart, emsParts } from '@helio/contracts/device-link';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../lib/zoned-time.ts';

export interface ActiveAlarm {
  code: number;
  part: string | null;
  raised_at: string;
}

/** The alarms a device has now: code, the EMS 5000 part it concerns (if any) and since when. */
export function ActiveAlarms({ alarms, zone }: { alarms: readonly ActiveAlarm[]; zone: string }) {
  const { t, i18n } = useTranslation();
  const partText = (part: string | null) =>
    part && (emsParts as readonly string[]).includes(part)
      ? t(`devices.reading.group.${part as EmsPart}`)
      : (part ?? t('devices.realtime.wholeDevice'));
  return (
    <section className="realtime-alarms" data-testid="realtime-alarms">
      <Typography.Title level={2} className="realtime-section-title">
        {t('devices.realtime.alarmsTitle')}
      </Typography.Title>
      {alarms.length === 0 ? (
        <Typography.Text type="secondary" data-testid="realtime-no-alarms">
          {t('devices.realtime.noAlarms')}
        </Typography.Text>
      ) : (
        <Table<ActiveAlarm>
          size="small"
          pagination={false}
          rowKey={(alarm) => `${alarm.code}:${alarm.part ?? ''}`}
          dataSource={alarms as ActiveAlarm[]}
          columns={[
            { key: 'code', title: t('devices.realtime.alarmCode'), dataIndex: 'code' },
            {
              key: 'part',
              title: t('devices.realtime.alarmPart'),
              render: (_, alarm) => partText(alarm.part),
            },
            {
              key: 'raised_at',
              title: t('devices.realtime.alarmSince'),
              render: (_, alarm) => formatZonedDateTime(alarm.raised_at, zone, i18n.language),
            },
          ]}
        />
      )}
    </section>
  );
}
