import { useTranslation } from 'react-i18next';
import { useEmsIndex } from '../api/plant.ts';
import { EnergyCards, EnergyCardsPending, stationFlows } from './energy-cards.tsx';

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
