import { ThunderboltOutlined } from '@ant-design/icons';
import { GAP_TEXT, type PileState } from '@helio/contracts';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { knownZone, localZone, QuietSkeleton } from '../../devices/index.ts';
import { usePileOverview } from '../api/plant.ts';
import { energyText, powerText } from '../lib/format.ts';
import { durationText, zonedDateTimeText } from '../lib/plant-format.ts';
import { EnergyCardsPending } from './energy-cards.tsx';
import { SectionTitle } from './section-title.tsx';

type PileData = NonNullable<ReturnType<typeof usePileOverview>['data']>;
type Session = PileData['sessions'][number];

/** The colour of each charger state: charging is the good news, fault the bad. */
export const pileStateColors: Record<PileState, string> = {
  idle: 'default',
  plugged: 'processing',
  charging: 'success',
  fault: 'error',
  not_ready: 'warning',
};

export function PileStateTag({ state }: { state: PileState | null }) {
  const { t } = useTranslation();
  if (state === null) return <Tag data-testid="pile-state">{t('stations.pile.stateUnknown')}</Tag>;
  return (
    <Tag
      color={pileStateColors[state]}
      icon={state === 'charging' ? <ThunderboltOutlined /> : undefined}
      data-testid="pile-state"
      data-state={state}
    >
      {t(`stations.pileState.${state}`)}
    </Tag>
  );
}

/**
 * When a session ended; while its car is plugged in, whether it charges or is only plugged in (full,
 * waiting for its window, stopped): such a session is plugged, not charging.
 */
export function SessionEnd({
  session,
  time,
}: {
  session: { ended_at: string | null; state: 'charging' | 'plugged' | 'ended' };
  time: (iso: string) => string;
}) {
  if (session.ended_at) return time(session.ended_at);
  // said ended without an end (its charger said nothing for hours): no end time is known
  if (session.state === 'ended') return GAP_TEXT;
  return <PileStateTag state={session.state} />;
}

function Chargers({ data }: { data: PileData }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'power', label: t('stations.pile.power'), value: powerText(data.power_w) },
    { key: 'today', label: t('stations.pile.today'), value: energyText(data.today_kwh) },
    { key: 'month', label: t('stations.pile.month'), value: energyText(data.month_kwh) },
    { key: 'total', label: t('stations.pile.total'), value: energyText(data.total_kwh) },
  ];
  return (
    <Card
      className="energy-cards"
      data-testid="station-figures"
      title={<SectionTitle>{t('stations.pile.title')}</SectionTitle>}
    >
      <dl className="energy-figures">
        {figures.map((figure) => (
          <div key={figure.key} className="energy-figure energy-figure-ev">
            <dt>{figure.label}</dt>
            <dd data-testid={`station-figure-${figure.key}`}>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {data.piles.length === 0 ? (
        <EmptyState title={t('stations.noDataYet')} description={t('stations.pile.noChargers')} />
      ) : (
        <ul className="pile-list" aria-label={t('stations.pile.chargers')}>
          {data.piles.map((pile) => (
            <li key={pile.device_id} className="pile-item" data-testid={`pile-${pile.sn}`}>
              <span className="pile-sn">{pile.sn}</span>
              <PileStateTag state={pile.status === 'offline' ? null : pile.pile_state} />
              {pile.status === 'offline' && <Tag>{t('stations.status.offline')}</Tag>}
              <span className="pile-power">{powerText(pile.power_w)}</span>
              <Typography.Text type="secondary">
                {t('stations.pile.session', { energy: energyText(pile.session_kwh) })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Sessions({ data }: { data: PileData }) {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const zone = knownZone(data.timezone) ?? localZone();
  const time = (iso: string) => zonedDateTimeText(iso, zone, i18n.language);
  // On a phone the table scrolls sideways: its scrolling part takes the focus then.
  const scroll = useKeyboardScroll<HTMLDivElement>(t('stations.pile.sessions'));
  const columns: ColumnsType<Session> = [
    { key: 'started', title: t('stations.pile.started'), render: (_, row) => time(row.started_at) },
    {
      key: 'ended',
      title: t('stations.pile.ended'),
      render: (_, row) => <SessionEnd session={row} time={time} />,
    },
    {
      key: 'duration',
      title: t('stations.pile.duration'),
      render: (_, row) => durationText(row.started_at, row.ended_at, now, i18n.language),
    },
    {
      key: 'energy',
      title: t('stations.pile.energy'),
      align: 'right',
      render: (_, row) => energyText(row.energy_kwh),
    },
    {
      key: 'max',
      title: t('stations.pile.maxPower'),
      align: 'right',
      render: (_, row) => powerText(row.max_power_w),
    },
    ...(data.piles.length > 1 ? [{ key: 'sn', title: t('stations.pile.charger'), dataIndex: 'sn' }] : []),
  ];
  return (
    <Card
      title={<SectionTitle>{t('stations.pile.sessions')}</SectionTitle>}
      className="station-section station-section-wide"
      data-testid="pile-sessions"
    >
      <div ref={scroll}>
        <Table<Session>
          rowKey={(row) => `${row.device_id}-${row.started_at}`}
          columns={columns}
          dataSource={data.sessions}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <EmptyState
                title={t('stations.pile.noSessionsTitle')}
                description={t('stations.pile.noSessions')}
              />
            ),
          }}
        />
      </div>
      <Typography.Text type="secondary" className="station-chart-zone">
        {t('stations.chart.zone', { zone })}
      </Typography.Text>
    </Card>
  );
}

/** A wallbox station's chargers and figures (api/station/pile/overview, every 10 s). */
export function PileFigures({ stationId }: { stationId: number }) {
  const overview = usePileOverview(stationId);
  if (!overview.data)
    return <EnergyCardsPending error={overview.error} onRetry={() => void overview.refetch()} />;
  return <Chargers data={overview.data} />;
}

/** The recent charging sessions of a wallbox station: newest first, at most 20 of the last 30 days. */
export function PileSessions({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const overview = usePileOverview(stationId);
  if (!overview.data) {
    return (
      <Card
        title={<SectionTitle>{t('stations.pile.sessions')}</SectionTitle>}
        className="station-section station-section-wide"
      >
        <QuietSkeleton paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  return <Sessions data={overview.data} />;
}
