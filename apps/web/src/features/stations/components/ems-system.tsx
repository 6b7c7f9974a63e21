import { PartState } from '@helio/contracts/device-link';
import { Card, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { describeError } from '../../../lib/api.ts';
import { loadTextPart } from '../../../lib/i18n.ts';
import { QuietSkeleton } from '../../devices/index.ts';
import { useEmsIndex } from '../api/plant.ts';
import { partValueText } from '../lib/plant-format.ts';
import { EnergyCards, EnergyCardsPending, stationFlows } from './energy-cards.tsx';
import { SectionTitle } from './section-title.tsx';

type EmsData = NonNullable<ReturnType<typeof useEmsIndex>['data']>;
type PartItem = EmsData['parts'][number];

/** How each numbered state looks: running states green, fault red, the others grey. */
const stateColors: Record<keyof typeof PartState, string> = {
  standby: 'default',
  halt: 'warning',
  onGrid: 'success',
  offGrid: 'processing',
  charging: 'success',
  discharging: 'processing',
  fault: 'error',
  starting: 'processing',
  running: 'success',
};

function stateName(value: number): keyof typeof PartState | undefined {
  return (Object.keys(PartState) as (keyof typeof PartState)[]).find((name) => PartState[name] === value);
}

/**
 * The part names, numbered states and value labels are the device screens' (src/locales/devices):
 * true once they are loaded.
 */
function useDeviceWords(): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.exists('devices.reading.partState.standby'));
  useEffect(() => {
    let live = true;
    loadTextPart('devices')
      .then(() => live && setReady(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

function PartCard({ item }: { item: PartItem }) {
  const { t, i18n } = useTranslation();
  const name = item.state === null ? undefined : stateName(item.state);
  const entries = Object.entries(item.values).filter(([key]) => key !== 'state');
  const label = (key: string) => {
    const textKey = `devices.reading.field.${key}`;
    return i18n.exists(textKey) ? t(textKey) : key;
  };
  return (
    <section
      className="ems-part"
      data-testid={`ems-part-${item.part}`}
      aria-labelledby={`ems-part-${item.part}-title`}
    >
      <header className="ems-part-header">
        <h3 id={`ems-part-${item.part}-title`} className="ems-part-title">
          {t(`devices.reading.group.${item.part}`)}
        </h3>
        {item.state === null ? (
          <Tag data-testid="ems-part-state">{t('stations.ems.noState')}</Tag>
        ) : (
          <Tag
            color={name ? stateColors[name] : 'default'}
            data-testid="ems-part-state"
            data-state={item.state}
          >
            {name
              ? t(`devices.reading.partState.${name}`)
              : t('devices.reading.unknownState', { value: item.state })}
          </Tag>
        )}
      </header>
      {entries.length === 0 ? (
        <p className="ems-part-empty">{t('stations.noDataYet')}</p>
      ) : (
        <dl className="ems-part-values">
          {entries.map(([key, value]) => (
            <div key={key}>
              <dt>{label(key)}</dt>
              <dd>{partValueText(key, value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * The EMS 5000 system (cml/ems/index, every 10 s): each part (PCS, PVS, BMS, STS, generator,
 * meter) with its numbered state in words and its key values.
 */
export function EmsSystem({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const ems = useEmsIndex(stationId);
  const ready = useDeviceWords();
  const data = ems.data;

  let body: ReactNode;
  if (!data && ems.isError) {
    body = (
      <LoadFailed
        text={describeError(ems.error)}
        retryText={t('stations.retry')}
        onRetry={() => void ems.refetch()}
      />
    );
  } else if (!data || !ready) {
    body = <QuietSkeleton paragraph={{ rows: 4 }} />;
  } else if (data.parts.length === 0) {
    body = (
      <EmptyState title={t('stations.noDataYet')} description={t('stations.ems.empty')} testId="ems-empty" />
    );
  } else {
    body = (
      <div className="ems-parts">
        {data.parts.map((item) => (
          <PartCard key={item.part} item={item} />
        ))}
      </div>
    );
  }
  return (
    <Card
      title={
        <SectionTitle>
          {data?.sn ? t('stations.ems.titleSn', { sn: data.sn }) : t('stations.ems.title')}
        </SectionTitle>
      }
      className="station-section station-section-wide"
      data-testid="ems-system"
    >
      {body}
    </Card>
  );
}

/** The figures of an EMS 5000 station: its powers now and today's and total energy. */
export function EmsFigures({ stationId, currency }: { stationId: number; currency: string }) {
  const { t } = useTranslation();
  const ems = useEmsIndex(stationId);
  const data = ems.data;
  if (!data) return <EnergyCardsPending error={ems.error} onRetry={() => void ems.refetch()} />;
  const flows = stationFlows(data.power, data.total);
  return (
    <EnergyCards
      power={data.power}
      blocks={{ today: data.today, total: data.total }}
      flows={flows}
      currency={currency}
      updatedAt={data.updated_at}
      battery={flows.battery ? { socPct: data.power.soc_pct, state: null } : undefined}
      extra={
        <div className="energy-figure">
          <dt>{t('stations.ems.status')}</dt>
          <dd data-testid="station-figure-ems-status">
            {data.status ? t(`stations.status.${data.status}`) : t('stations.noDataYet')}
          </dd>
        </div>
      }
    />
  );
}
