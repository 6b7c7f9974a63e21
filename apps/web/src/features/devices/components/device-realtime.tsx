import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { REALTIME_REFRESH_MS, type ShownZone, useDeviceRealtime } from '../api/telemetry.ts';
import { elapsed, formatAgo, formatDuration, formatZonedDateTime } from '../lib/zoned-time.ts';
import { ActiveAlarms } from './active-alarms.tsx';
import { DeviceStatus } from './device-status.tsx';
import { QuietSkeleton } from './quiet-skeleton.tsx';
import { ReadingGroups } from './reading-groups.tsx';
import { ZoneNote } from './zone-note.tsx';

/**
 * The device's newest reading (api/device/realtime), asked again every 10 s while the tab is open,
 * with its alarms happening now. Before the device's first report it says what it waits for.
 */
export function DeviceRealtime({ deviceId, zone }: { deviceId: number; zone: ShownZone }) {
  const { t, i18n } = useTranslation();
  const realtime = useDeviceRealtime(deviceId);
  if (realtime.isPending) return <QuietSkeleton paragraph={{ rows: 8 }} />;
  const answer = realtime.data;
  if (!answer) {
    return (
      <LoadFailed
        text={t('devices.realtime.loadFailed')}
        retryText={t('devices.retry')}
        onRetry={() => void realtime.refetch()}
      />
    );
  }

  return (
    <div className="device-realtime" data-testid="device-realtime">
      <div className="realtime-header">
        <ReadingTimes
          readingAt={answer.reading?.ts ?? null}
          lastSeenAt={answer.last_seen_at}
          intervalS={answer.interval_s}
          zone={zone.zone}
        >
          {/* Fresher than the page header's, which is asked again every minute only. */}
          <div>
            <dt>{t('devices.field.status')}</dt>
            <dd>
              <DeviceStatus status={answer.status} />
            </dd>
          </div>
        </ReadingTimes>
        <Tooltip
          title={t('devices.realtime.autoRefresh', {
            interval: formatDuration({ value: REALTIME_REFRESH_MS / 1000, unit: 'second' }, i18n.language),
          })}
        >
          <Button
            icon={<ReloadOutlined aria-hidden />}
            loading={realtime.isFetching}
            onClick={() => void realtime.refetch()}
            data-testid="realtime-refresh"
          >
            {t('devices.refresh')}
          </Button>
        </Tooltip>
      </div>
      {realtime.isError && (
        <Alert type="warning" showIcon className="dialog-alert" title={t('devices.realtime.stale')} />
      )}
      {answer.reading ? (
        <>
          <ZoneNote zone={zone} />
          <ReadingGroups type={answer.device_type} values={answer.reading.values} />
        </>
      ) : (
        <EmptyState
          title={t('devices.realtime.waitingTitle')}
          description={t('devices.realtime.waitingDescription')}
          testId="realtime-waiting"
        />
      )}
      <ActiveAlarms alarms={answer.active_alarms} zone={zone.zone} />
    </div>
  );
}

interface ReadingTimesProps {
  children?: ReactNode;
  readingAt: string | null;
  lastSeenAt: string | null;
  intervalS: number;
  zone: string;
}

/**
 * The device's state (`children`), when the reading was taken, how long ago the device was last
 * heard of, and how often it reports.
 */
function ReadingTimes({ readingAt, lastSeenAt, intervalS, zone, children }: ReadingTimesProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const language = i18n.language;
  // The portal's own clock says when it last heard the device; the reading's time is the device's.
  const heardAt = lastSeenAt ?? readingAt;
  return (
    <dl className="realtime-times">
      {children}
      <div>
        <dt>{t('devices.realtime.readingTime')}</dt>
        <dd data-testid="realtime-reading-time">
          {readingAt ? formatZonedDateTime(readingAt, zone, language) : t('devices.detail.neverReported')}
        </dd>
      </div>
      {heardAt && (
        <div>
          <dt>{t('devices.realtime.lastHeard')}</dt>
          <dd data-testid="realtime-updated">{formatAgo(elapsed(Date.parse(heardAt), now), language)}</dd>
        </div>
      )}
      <div>
        <dt>{t('devices.realtime.interval')}</dt>
        <dd>{formatDuration({ value: intervalS, unit: 'second' }, language)}</dd>
      </div>
    </dl>
  );
}
