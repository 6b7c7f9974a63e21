import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlarmCounts } from '../api/alarms.ts';
import { alarmListPath } from '../lib/filters.ts';
import '../alarms.css';

/**
 * The alarm counts beside the station list's counts (api/alarm/count over the caller's scope):
 * alarms happening now and alarms not processed yet, each opening the alarm list so filtered.
 */
export function AlarmSummary() {
  const { t } = useTranslation();
  const counts = useAlarmCounts([]);
  const total = counts.data?.total;
  const items = [
    { key: 'happening', label: t('alarms.state.happening'), path: alarmListPath({ state: 'happening' }) },
    {
      key: 'unprocessed',
      label: t('alarms.processing.unprocessed'),
      path: alarmListPath({ processingState: 'unprocessed' }),
    },
  ] as const;
  return (
    <section className="stat-group" aria-labelledby="alarm-stats-title" data-testid="alarm-stats">
      <h2 id="alarm-stats-title" className="stat-group-title">
        {t('alarms.station.title')}
      </h2>
      <div className="stat-items">
        {items.map((item) => (
          <Link
            key={item.key}
            to={item.path}
            className={`stat-item alarm-stat alarm-stat-${item.key}`}
            data-testid={`alarm-stat-${item.key}`}
          >
            <span className="stat-value">
              {total ? total[item.key] : counts.isError ? '--' : <Skeleton.Button active size="small" />}
            </span>
            <span className="stat-label">{item.label}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
