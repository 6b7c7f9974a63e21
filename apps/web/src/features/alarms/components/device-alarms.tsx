import { type AlarmItem, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RoleId } from '@helio/contracts';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { describeError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useAlarmList } from '../api/alarms.ts';
import { alarmListPath, defaultAlarmFilters } from '../lib/filters.ts';
import { AlarmDetailDrawer } from './alarm-detail-drawer.tsx';
import { AlarmTable } from './alarm-table.tsx';
import { ProcessDialog } from './process-dialog.tsx';
import '../alarms.css';

export interface DeviceAlarmsProps {
  deviceId: number;
  sn: string;
}

/**
 * The device detail's alarm tab: the alarms happening now on top (all of them), then the ended ones,
 * newest first and paged. Installers process them here as in the alarm list.
 */
export function DeviceAlarms({ deviceId, sn }: DeviceAlarmsProps) {
  const { t } = useTranslation();
  const mayChange = useSession()?.roleId === RoleId.installer;
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [openId, setOpenId] = useState<number | undefined>();
  const [processing, setProcessing] = useState<{ items: AlarmItem[]; open: boolean } | null>(null);
  const happening = useAlarmList({
    page: 1,
    page_size: MAX_PAGE_SIZE,
    device_id: deviceId,
    state: 'happening',
  });
  const ended = useAlarmList({
    page: paging.page,
    page_size: paging.pageSize,
    device_id: deviceId,
    state: 'ended',
  });
  const shown = [...(happening.data?.list ?? []), ...(ended.data?.list ?? [])];
  const process = mayChange
    ? { onProcess: (items: AlarmItem[]) => setProcessing({ items, open: true }) }
    : {};

  const failed = (query: typeof happening) => (
    <LoadFailed
      text={describeError(query.error)}
      retryText={t('alarms.retry')}
      onRetry={() => void query.refetch()}
    />
  );

  return (
    <div className="device-alarms" data-testid="device-alarms">
      <section className="device-alarms-section">
        <Typography.Title level={2} className="alarm-section-title">
          {t('alarms.device.happening')}
        </Typography.Title>
        <AlarmTable
          testId="device-alarms-happening"
          items={happening.data?.list ?? []}
          variant="device"
          loading={happening.isFetching}
          pagination={false}
          empty={
            happening.isError ? (
              failed(happening)
            ) : happening.isPending ? (
              <span />
            ) : (
              <Typography.Text type="secondary" data-testid="device-alarms-none-happening">
                {t('alarms.device.noneHappening')}
              </Typography.Text>
            )
          }
          onOpen={(item) => setOpenId(item.alarm_id)}
          {...process}
        />
      </section>
      <section className="device-alarms-section">
        <div className="alarm-section-header">
          <Typography.Title level={2} className="alarm-section-title">
            {t('alarms.device.ended')}
          </Typography.Title>
          <Link to={alarmListPath({ ...defaultAlarmFilters, sn })} data-testid="device-alarms-all">
            {t('alarms.device.openList')}
          </Link>
        </div>
        <AlarmTable
          testId="device-alarms-ended"
          items={ended.data?.list ?? []}
          variant="device"
          loading={ended.isFetching}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: ended.data?.total ?? 0,
            hideOnSinglePage: true,
            showTotal: (total) => t('alarms.total', { total }),
            onChange: (page, pageSize) =>
              setPaging(pageSize === paging.pageSize ? { page, pageSize } : { page: 1, pageSize }),
          }}
          empty={
            ended.isError ? (
              failed(ended)
            ) : ended.isPending ? (
              <span />
            ) : (
              <EmptyState
                title={t('alarms.device.noneEndedTitle')}
                description={t('alarms.device.noneEndedDescription')}
                testId="device-alarms-none-ended"
              />
            )
          }
          onOpen={(item) => setOpenId(item.alarm_id)}
          {...process}
        />
      </section>
      <AlarmDetailDrawer
        alarmId={openId}
        shown={shown.find((item) => item.alarm_id === openId)}
        onClose={() => setOpenId(undefined)}
        {...(mayChange
          ? { onProcess: (item: AlarmItem) => setProcessing({ items: [item], open: true }) }
          : {})}
      />
      {processing && (
        <ProcessDialog
          items={processing.items}
          open={processing.open}
          onClose={() => setProcessing((current) => current && { ...current, open: false })}
        />
      )}
    </div>
  );
}
