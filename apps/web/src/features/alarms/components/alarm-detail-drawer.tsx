import { CheckCircleOutlined, FileAddOutlined } from '@ant-design/icons';
import type { AlarmItem } from '@helio/contracts';
import {
  Button,
  Descriptions,
  type DescriptionsProps,
  Drawer,
  Empty,
  Skeleton,
  Space,
  Timeline,
  Typography,
} from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFaultTexts } from '../../../hooks/use-fault-texts.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { ApiError } from '../../../lib/api.ts';
import { deviceDetailPath } from '../../devices/index.ts';
import { useAlarmDetail } from '../api/alarms.ts';
import { alarmDuration, durationText, partTextKey } from '../lib/alarm-display.ts';
import { AlarmStateTag, ProcessingTag, SeverityTag } from './alarm-tags.tsx';
import { AlarmTime } from './alarm-time.tsx';
import { useFaultName } from './fault-name.tsx';

interface AlarmDetailDrawerProps {
  /** The alarm shown; undefined: the drawer is closed. */
  alarmId: number | undefined;
  /** The list's row of it, shown at once while the detail loads. */
  shown?: AlarmItem | undefined;
  onClose: () => void;
  /** Once it has closed and given focus back to what opened it (see `keepFocusNear`). */
  onClosed?: () => void;
  /** Installers: process it, and open an abnormal report about it. */
  onProcess?: (item: AlarmItem) => void;
  onReport?: (item: AlarmItem) => void;
}

/**
 * One alarm (api/alarm/detail): where and when, the catalogue's details, likely cause and advice in
 * the interface language, and its timeline (raised on the device, learned by the portal, processed,
 * ended). Esc or the close button closes it, and focus goes back to the control that opened it;
 * the address keeps it open across reloads. Its title is the screen's second heading level, under
 * the page's, and its sections the third.
 */
export function AlarmDetailDrawer({
  alarmId,
  shown,
  onClose,
  onClosed,
  onProcess,
  onReport,
}: AlarmDetailDrawerProps) {
  const { t } = useTranslation();
  const detail = useAlarmDetail(alarmId, shown);
  const faultName = useFaultName();
  const item = detail.data;
  const name = item ? faultName(item) : '';
  const notFound = detail.error instanceof ApiError && detail.error.code === '9001';
  const title = useRef<HTMLHeadingElement>(null);

  return (
    <Drawer
      open={alarmId !== undefined}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) onClosed?.();
        // antd focuses the drawer's outer box, outside its dialog: a screen reader would not say
        // which dialog this is. Focus goes to its title instead, unless it is in the dialog already.
        else if (!title.current?.closest('[role="dialog"]')?.contains(document.activeElement)) {
          title.current?.focus();
        }
      }}
      size={560}
      title={
        <h2 className="alarm-detail-title" tabIndex={-1} ref={title} data-testid="alarm-detail-title">
          {item ? name : t('alarms.detail.title')}
        </h2>
      }
      closable={{ 'aria-label': t('alarms.detail.close') }}
      destroyOnHidden
      extra={item && <SeverityTag severity={item.severity} />}
      footer={
        item && (onProcess || onReport) ? (
          <Space wrap>
            {onProcess && (
              <Button
                type="primary"
                icon={<CheckCircleOutlined />}
                onClick={() => onProcess(item)}
                data-testid="alarm-detail-process"
              >
                {t('alarms.process.action')}
              </Button>
            )}
            {onReport && (
              <Button
                icon={<FileAddOutlined />}
                onClick={() => onReport(item)}
                data-testid="alarm-detail-report"
              >
                {t('alarms.reports.addForAlarm')}
              </Button>
            )}
          </Space>
        ) : null
      }
    >
      <div data-testid="alarm-detail" data-alarm-id={alarmId}>
        {item ? (
          <AlarmDetailBody item={item} />
        ) : detail.isError ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            data-testid="alarm-detail-missing"
            description={notFound ? t('alarms.detail.notFound') : t('alarms.detail.loadFailed')}
          >
            {!notFound && <Button onClick={() => void detail.refetch()}>{t('alarms.retry')}</Button>}
          </Empty>
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </div>
    </Drawer>
  );
}

const unitOf = { days: 'day', hours: 'hour', minutes: 'minute' } as const;

function AlarmDetailBody({ item }: { item: AlarmItem }) {
  const { t, i18n } = useTranslation();
  const faultText = useFaultTexts();
  const now = useNow(60_000);
  const found = faultText(item.fault_key);
  const text = found === 'loading' ? undefined : found;
  const partKey = partTextKey(item.part);
  // The browser words the units in the interface language ("3 h", "3 godz.", "3小时").
  const duration = durationText(alarmDuration(item, now), (unit, value) =>
    new Intl.NumberFormat(i18n.language, { style: 'unit', unit: unitOf[unit], unitDisplay: 'short' }).format(
      value,
    ),
  );

  const facts: DescriptionsProps['items'] = [
    { key: 'station', label: t('alarms.field.station'), children: item.station_name },
    {
      key: 'sn',
      label: t('alarms.field.sn'),
      children: (
        <Link to={deviceDetailPath(item.device_id, 'alarms')} className="alarm-sn">
          {item.sn}
        </Link>
      ),
    },
    {
      key: 'device_type',
      label: t('alarms.field.deviceType'),
      children: t(`devices.type.${item.device_type}`),
    },
    { key: 'code', label: t('alarms.field.code'), children: item.code },
    { key: 'timezone', label: t('alarms.field.timezone'), children: item.timezone },
    {
      key: 'part',
      label: t('alarms.field.part'),
      children: partKey ? t(partKey) : (item.part ?? t('alarms.wholeDevice')),
    },
    { key: 'source', label: t('alarms.field.source'), children: t(`alarms.source.${item.source}`) },
    { key: 'state', label: t('alarms.field.state'), children: <AlarmStateTag state={item.state} /> },
    {
      key: 'duration',
      label: item.state === 'happening' ? t('alarms.field.happeningFor') : t('alarms.field.lasted'),
      children: duration,
    },
    {
      key: 'processing',
      label: t('alarms.field.processingState'),
      children: <ProcessingTag state={item.processing_state} />,
    },
    {
      key: 'opinion',
      label: t('alarms.field.opinion'),
      children: item.opinion ? (
        <span className="alarm-opinion" data-testid="alarm-detail-opinion">
          {item.opinion}
        </span>
      ) : (
        <Typography.Text type="secondary">{t('alarms.noOpinion')}</Typography.Text>
      ),
    },
  ];

  const entry = (key: string, color: string, title: string, time: string) => ({
    ms: Date.parse(time),
    item: {
      key,
      color,
      content: (
        <div className="alarm-timeline-entry" data-testid={`alarm-timeline-${key}`}>
          <span className="alarm-timeline-title">{title}</span>
          <AlarmTime value={time} zone={item.timezone} />
        </div>
      ),
    },
  });
  const events = [
    entry(
      'raised',
      'red',
      t(item.source === 'server' ? 'alarms.timeline.silent' : 'alarms.timeline.raised'),
      item.raised_at,
    ),
    entry('acquired', 'blue', t('alarms.timeline.acquired'), item.acquired_at),
  ];
  if (item.processed_at) {
    events.push(
      entry(
        'processed',
        item.processing_state === 'processed' ? 'green' : 'gray',
        t(`alarms.timeline.${item.processing_state}`, {
          name: item.processed_by_name ?? t('alarms.formerUser'),
        }),
        item.processed_at,
      ),
    );
  }
  if (item.cleared_at) events.push(entry('cleared', 'gray', t('alarms.timeline.cleared'), item.cleared_at));
  events.sort((a, b) => a.ms - b.ms);

  return (
    <div className="alarm-detail">
      <Descriptions bordered size="small" column={1} items={facts} data-testid="alarm-detail-facts" />
      {text ? (
        <>
          <section className="alarm-detail-section" data-testid="alarm-detail-details">
            <Typography.Title level={3}>{t('alarms.detail.details')}</Typography.Title>
            <Typography.Paragraph>{text.details}</Typography.Paragraph>
          </section>
          <section className="alarm-detail-section" data-testid="alarm-detail-cause">
            <Typography.Title level={3}>{t('alarms.detail.cause')}</Typography.Title>
            <Typography.Paragraph>{text.cause}</Typography.Paragraph>
          </section>
          <section className="alarm-detail-section" data-testid="alarm-detail-advice">
            <Typography.Title level={3}>{t('alarms.detail.advice')}</Typography.Title>
            <Typography.Paragraph>{text.advice}</Typography.Paragraph>
          </section>
        </>
      ) : (
        <Typography.Paragraph type="secondary" className="alarm-detail-section">
          {item.fault_key === null
            ? t('alarms.detail.unknownCode', { code: item.code })
            : t('alarms.loading')}
        </Typography.Paragraph>
      )}
      <section className="alarm-detail-section">
        <Typography.Title level={3}>{t('alarms.detail.timeline')}</Typography.Title>
        <Timeline items={events.map((event) => event.item)} data-testid="alarm-detail-timeline" />
      </section>
    </div>
  );
}
