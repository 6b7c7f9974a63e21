import { ReloadOutlined } from '@ant-design/icons';
import { statistics } from '@helio/contracts';
import { Alert, Button, Card, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Brand } from '../../../components/brand-logo.tsx';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ApiError, describeError } from '../../../lib/api.ts';
import { showLanguage, useLanguage } from '../../../lib/language.ts';
import { readMapTiles } from '../../../lib/map-tiles.ts';
import { useFleetStatistics } from '../api/dashboard.ts';
import { AlarmBars } from '../components/alarm-bars.tsx';
import { DashboardEnded } from '../components/dashboard-ended.tsx';
import { FleetTotals } from '../components/fleet-totals.tsx';
import { PerformersTable } from '../components/performers-table.tsx';
import { useDashboardAccess } from '../hooks/use-dashboard-access.ts';
import type { DashboardSession } from '../lib/dashboard-session.ts';
import { linkLanguage } from '../lib/dashboard-session.ts';
import { clockText } from '../lib/format.ts';
import '../statistics.css';

const StationMap = lazy(() => import('../components/station-map.tsx'));

/** Shows the language of the link (zh: Chinese, else English) without changing the portal's. */
function useLinkLanguage(language: statistics.DashboardLanguage): boolean {
  const wanted = statistics.dashboardInterfaceLanguage(language);
  const shown = useLanguage();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    showLanguage(wanted).catch(() => setFailed(true));
  }, [wanted]);
  // a language that cannot be downloaded leaves the one already shown
  return failed || (shown.language === wanted && shown.antdLocale !== undefined);
}

/**
 * The fleet dashboard (`/statistics/{zh|en}/{user_id}/{ticket}`, then `/statistics/{zh|en}`): opened
 * in its own tab from the portal's "data statistics" entry, outside the portal's frame and sign-in.
 */
export function StatisticsDashboardRoute() {
  const { lang, userId, ticket } = useParams();
  const language = linkLanguage(lang);
  const languageReady = useLinkLanguage(language);
  const { access, end } = useDashboardAccess(language, userId, ticket);
  const { t } = useTranslation();

  useEffect(() => {
    if (languageReady) document.title = `${t('statistics.title')} · Helio`;
  }, [languageReady, t]);

  if (!languageReady) return <PageLoading />;
  return (
    <div className="stats-page" data-testid="statistics-page">
      {access.phase === 'opening' && (
        <div className="stats-opening" data-testid="statistics-opening">
          <Spin />
          <span>{t('statistics.opening')}</span>
        </div>
      )}
      {access.phase === 'ended' && <DashboardEnded reason={access.reason} />}
      {access.phase === 'failed' && (
        <div className="stats-ended">
          <LoadFailed
            text={t('statistics.openFailed')}
            retryText={t('statistics.retry')}
            onRetry={access.retry}
          />
        </div>
      )}
      {access.phase === 'ready' && <FleetDashboard session={access.session} onEnded={end} />}
    </div>
  );
}

function FleetDashboard({ session, onEnded }: { session: DashboardSession; onEnded: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useFleetStatistics(session.user_id);
  const [tiles] = useState(() => readMapTiles());
  const ended =
    query.error instanceof ApiError && (query.error.code === '1000' || query.error.code === '9001');

  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  const fleet = query.data;
  return (
    <>
      <header className="stats-header">
        <div className="stats-heading">
          <Brand showName={false} />
          <div>
            <h1 className="stats-title">{t('statistics.title')}</h1>
            <div className="stats-subtitle" data-testid="statistics-user">
              {session.user_name}
            </div>
          </div>
        </div>
        <div className="stats-refresh">
          {fleet && (
            <span role="status" data-testid="statistics-updated">
              {t('statistics.updated', { time: clockText(fleet.generated_at, i18n.language) })}
            </span>
          )}
          <span className="stats-refresh-note">{t('statistics.autoRefresh')}</span>
          <Button
            size="small"
            icon={<ReloadOutlined spin={query.isFetching} />}
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            data-testid="statistics-refresh"
          >
            {t('statistics.refresh')}
          </Button>
        </div>
      </header>
      <main
        className="stats-main"
        data-testid="statistics-dashboard"
        data-state={fleet ? 'ready' : 'loading'}
      >
        {query.isError && fleet && (
          <Alert
            type="warning"
            showIcon
            title={t('statistics.refreshFailed', {
              reason: describeError(query.error),
              time: clockText(fleet.generated_at, i18n.language),
            })}
          />
        )}
        {!fleet && query.isError && (
          <LoadFailed
            text={`${t('statistics.loadFailed')} ${describeError(query.error)}`}
            retryText={t('statistics.retry')}
            onRetry={() => void query.refetch()}
          />
        )}
        {!fleet && !query.isError && (
          <div className="stats-opening">
            <Spin />
            <span>{t('statistics.loading')}</span>
          </div>
        )}
        {fleet && fleet.stations.total === 0 && (
          <Card>
            <EmptyState
              title={t('statistics.empty.title')}
              description={t('statistics.empty.description')}
              testId="statistics-empty"
            />
          </Card>
        )}
        {fleet && fleet.stations.total > 0 && (
          <>
            <FleetTotals fleet={fleet} />
            <div className="stats-grid">
              <Card size="small" className="stats-panel" title={t('statistics.map.title')}>
                <Suspense fallback={<Spin className="stats-map-loading" />}>
                  <StationMap stations={fleet.map} tiles={tiles} />
                </Suspense>
              </Card>
              <AlarmBars alarms={fleet.alarms} />
            </div>
            <div className="stats-grid">
              <PerformersTable kind="top" performers={fleet.top} />
              <PerformersTable kind="bottom" performers={fleet.bottom} />
            </div>
          </>
        )}
      </main>
    </>
  );
}
