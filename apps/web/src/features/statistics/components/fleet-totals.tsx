import type { StationState, statistics } from '@helio/contracts';
import { Badge, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { capacityText, co2Text, countText, energyText, moneyText, powerText } from '../lib/format.ts';

const statusBadge: Record<StationState, 'success' | 'error' | 'default' | 'warning'> = {
  online: 'success',
  alarm: 'error',
  offline: 'default',
  no_device: 'warning',
};

function TotalCard({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card size="small" className="stats-total">
      <div className="stats-total-label">{label}</div>
      <div className="stats-total-value" data-testid={testId}>
        {value}
      </div>
      {children && <div className="stats-total-detail">{children}</div>}
    </Card>
  );
}

/** The fleet's totals: stations by status, capacity, power now, energy, income and CO2 saved. */
export function FleetTotals({ fleet }: { fleet: statistics.FleetStatistics }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { stations, energy } = fleet;
  const statuses = (['online', 'alarm', 'offline', 'no_device'] as const).filter(
    (status) => stations.by_status[status] > 0,
  );

  return (
    <section className="stats-totals" aria-label={t('statistics.totals.label')}>
      <TotalCard
        label={t('statistics.totals.stations')}
        value={countText(stations.total, language)}
        testId="statistics-station-count"
      >
        {statuses.map((status) => (
          <Badge
            key={status}
            status={statusBadge[status]}
            text={`${t(`stations.status.${status}`)} ${countText(stations.by_status[status], language)}`}
            data-testid={`statistics-status-${status}`}
          />
        ))}
      </TotalCard>
      <TotalCard
        label={t('statistics.totals.capacity')}
        value={capacityText(fleet.capacity_kwp)}
        testId="statistics-capacity"
      >
        {t('statistics.totals.devices', {
          total: countText(fleet.devices.total, language),
          online: countText(fleet.devices.online, language),
        })}
      </TotalCard>
      <TotalCard
        label={t('statistics.totals.power')}
        value={powerText(fleet.pv_power_w)}
        testId="statistics-power"
      />
      <TotalCard
        label={t('statistics.totals.today')}
        value={energyText(energy.today_kwh)}
        testId="statistics-today"
      />
      <TotalCard
        label={t('statistics.totals.month')}
        value={energyText(energy.month_kwh)}
        testId="statistics-month"
      />
      <TotalCard
        label={t('statistics.totals.year')}
        value={energyText(energy.year_kwh)}
        testId="statistics-year"
      />
      <TotalCard
        label={t('statistics.totals.total')}
        value={energyText(energy.total_kwh)}
        testId="statistics-total"
      />
      <TotalCard
        label={t('statistics.totals.co2')}
        value={co2Text(fleet.co2_saved_kg.total)}
        testId="statistics-co2"
      >
        {t('statistics.totals.co2Today', { value: co2Text(fleet.co2_saved_kg.today) })}
      </TotalCard>
      <Card size="small" className="stats-total stats-income" data-testid="statistics-income">
        <div className="stats-total-label">{t('statistics.totals.income')}</div>
        {fleet.income.length === 0 ? (
          <div className="stats-total-value">--</div>
        ) : (
          <table className="stats-income-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="stats-visually-hidden">{t('statistics.totals.currency')}</span>
                </th>
                <th scope="col">{t('statistics.totals.incomeToday')}</th>
                <th scope="col">{t('statistics.totals.incomeTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {fleet.income.map((row) => (
                <tr key={row.currency}>
                  <th scope="row">{row.currency}</th>
                  <td>{moneyText(row.today, row.currency, language)}</td>
                  <td>{moneyText(row.total, row.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </section>
  );
}
