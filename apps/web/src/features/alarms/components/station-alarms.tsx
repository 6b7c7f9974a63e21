import { WarningOutlined } from '@ant-design/icons';
import { Badge, Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStationErrors } from '../api/alarms.ts';
import { alarmListPath } from '../lib/filters.ts';
import { OPEN_ALARM_PARAM } from '../lib/paths.ts';
import { AlarmStateTag, SeverityTag } from './alarm-tags.tsx';
import { AlarmTime } from './alarm-time.tsx';
import { useFaultName } from './fault-name.tsx';
import '../alarms.css';

/** How many of a station's happening alarms the card lists; the alarm list has the rest. */
const SHOWN = 5;

export interface StationAlarmsProps {
  stationId: number;
}

/**
 * The station detail's "Alarms" card: its error list (api/home/errorList2), the alarms happening
 * now, each opening its detail in the alarm list, and links to the station's alarms there.
 */
export function StationAlarms({ stationId }: StationAlarmsProps) {
  const { t } = useTranslation();
  const faultName = useFaultName();
  const errors = useStationErrors({ station_id: stationId, state: 'happening', page: 1, page_size: SHOWN });
  const total = errors.data?.total ?? 0;
  const list = errors.data?.list ?? [];
  // The station's id is always in it, so the open alarm follows with '&'.
  const allPath = alarmListPath({ stationId });

  return (
    <Card
      className="station-section station-alarms"
      data-testid="station-alarms"
      title={
        <span className="station-alarms-title">
          {t('alarms.station.title')}
          {total > 0 && <Badge count={total} overflowCount={999} data-testid="station-alarms-count" />}
        </span>
      }
      extra={
        <Link to={allPath} data-testid="station-alarms-all">
          {t('alarms.station.all')}
        </Link>
      }
    >
      {errors.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.length === 0 ? (
        <Empty
          image={
            <span className="no-data-icon">
              <WarningOutlined />
            </span>
          }
          description={
            <Typography.Paragraph type="secondary" className="empty-description">
              {errors.isError ? t('alarms.station.loadFailed') : t('alarms.station.none')}
            </Typography.Paragraph>
          }
          data-testid="station-alarms-empty"
        />
      ) : (
        <>
          <ul className="station-alarm-list">
            {list.map((item) => (
              <li
                key={item.alarm_id}
                className="station-alarm-item"
                data-testid={`station-alarm-${item.alarm_id}`}
              >
                <div className="station-alarm">
                  <Link to={`${allPath}&${OPEN_ALARM_PARAM}=${item.alarm_id}`} className="station-alarm-name">
                    {faultName(item)}
                  </Link>
                  <span className="station-alarm-meta">
                    <span className="alarm-sn">{item.sn}</span> ·{' '}
                    <AlarmTime value={item.raised_at} zone={item.timezone} />
                  </span>
                </div>
                <span className="station-alarm-tags">
                  <SeverityTag severity={item.severity} />
                  <AlarmStateTag state={item.state} />
                </span>
              </li>
            ))}
          </ul>
          {total > list.length && (
            <Link
              to={alarmListPath({ stationId, state: 'happening' })}
              className="station-alarms-more"
              data-testid="station-alarms-more"
            >
              {t('alarms.station.more', { number: total - list.length })}
            </Link>
          )}
        </>
      )}
    </Card>
  );
}
