import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyPage } from '../../../components/empty-page.tsx';

/** A station-detail screen opened without a station: the way back is the station list. */
export function NoStationSelected({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyPage
      title={title}
      emptyTitle={t('pages.stationDetail.emptyTitle')}
      description={t('pages.stationDetail.emptyDescription')}
      action={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('common.backToStations')}
        </Button>
      }
    />
  );
}
