import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alarmListPath } from '../lib/filters.ts';

/**
 * How many alarms happen now on a station or a device, in a list's row: a red count linking to
 * the alarm list showing them, or a quiet zero.
 */
export function AlarmCountCell({ count, stationId, sn }: { count: number; stationId?: number; sn?: string }) {
  const { t } = useTranslation();
  if (count === 0) return <span className="figure alarm-count-none">0</span>;
  return (
    <Link
      to={alarmListPath({ stationId, ...(sn ? { sn } : {}), state: 'happening' })}
      aria-label={t('common.alarmCount', { count })}
      data-testid="alarm-count-link"
    >
      <Badge count={count} overflowCount={99} />
    </Link>
  );
}
