import { stationDetailKind } from '@helio/contracts';
import { Button, Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useStationDetail } from '../api/stations.ts';
import { useStationActions } from '../components/station-actions.tsx';
import { StationHeader } from '../components/station-header.tsx';
import { parseStationId, stationAccess, stationDetailPath } from '../lib/stations.ts';
import type { DetailContext } from './detail-context.ts';
import '../stations.css';
import { QuietSkeleton } from '../../devices/index.ts';

function StationUnavailable({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pages.stations.title'));
  return (
    <section className="page">
      <Card className="page-card">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          data-testid="station-unavailable"
          description={
            <>
              <Typography.Text strong className="empty-title">
                {notFound ? t('stations.detail.notFoundTitle') : t('stations.loadFailed')}
              </Typography.Text>
              {notFound && (
                <Typography.Paragraph type="secondary" className="empty-description">
                  {t('stations.detail.notFoundDescription')}
                </Typography.Paragraph>
              )}
            </>
          }
        >
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('common.backToStations')}
          </Button>
        </Empty>
      </Card>
    </section>
  );
}

/**
 * /station-detail?station_id=…: the frame of the three detail screens (PRODUCT.md §4). It loads the
 * station, sends it to the screen of its type (battery, pile or ems5000), shows the header and
 * hands the station to the screen below.
 */
export function StationDetailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const access = stationAccess(useSession());
  const stationId = parseStationId(params.get('station_id'));
  const detail = useStationDetail(stationId);
  const { run, elements } = useStationActions({ onDeleted: () => navigate('/dashboard', { replace: true }) });
  const station = detail.data;
  useDocumentTitle(station?.station_name ?? t('pages.stations.title'));

  // Without a station the screens say how to choose one (and the frame's own address goes to the list).
  if (stationId === undefined) return <Outlet context={{ station: undefined } satisfies DetailContext} />;
  if (detail.isError) {
    const error = detail.error;
    return <StationUnavailable notFound={error instanceof ApiError && error.code === '9001'} />;
  }
  if (!station) {
    return (
      <section className="page" aria-busy="true">
        <Card className="station-header">
          <QuietSkeleton avatar={{ shape: 'square', size: 104 }} paragraph={{ rows: 3 }} />
        </Card>
      </section>
    );
  }
  // The screen follows the station's type, whatever the address said.
  const screen = pathname.split('/')[2];
  if (screen !== stationDetailKind[station.station_type]) {
    return <Navigate to={stationDetailPath(station)} replace />;
  }

  return (
    <section
      className="page station-detail"
      data-testid="station-detail"
      data-station-id={station.station_id}
    >
      <StationHeader station={station} access={access} onAction={run} />
      <Outlet context={{ station } satisfies DetailContext} />
      {elements}
    </section>
  );
}
