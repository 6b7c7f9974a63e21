import { ClockCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * In place of the dashboard when its link was used or expired, or the session it gave has ended
 * (it expired, or the portal signed out): a new link comes from the portal's menu.
 */
export function DashboardEnded({ reason }: { reason: 'link' | 'session' }) {
  const { t } = useTranslation();
  return (
    <div className="stats-ended" role="alert" data-testid="statistics-ended" data-reason={reason}>
      <ClockCircleOutlined className="stats-ended-icon" aria-hidden />
      <h1>{t(reason === 'link' ? 'statistics.ended.linkTitle' : 'statistics.ended.sessionTitle')}</h1>
      <p>{t('statistics.ended.description')}</p>
      <Button type="primary" href="/dashboard" data-testid="statistics-back">
        {t('statistics.ended.back')}
      </Button>
    </div>
  );
}
