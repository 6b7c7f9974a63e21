import type { ChargingRecordsData } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { energyText, moneyText } from '../../stations/index.ts';
import { SourceShares } from './source-shares.tsx';

/** A month (YYYY-MM) as its name and year in the interface language. */
function monthText(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 15)),
  );
}

/** Every matching session summed by station-local month, newest first: sessions, energy, sources, cost. */
export function MonthlyTotals({ data }: { data: ChargingRecordsData }) {
  const { t, i18n } = useTranslation();
  if (data.months.length === 0) return null;
  return (
    <div className="charging-months" data-testid="charging-months">
      <h3 id="charging-months-title" className="charging-subtitle">
        {t('charging.records.months')}
      </h3>
      <section
        className="charging-months-scroll"
        aria-labelledby="charging-months-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus, so keyboard users can scroll it
        tabIndex={0}
      >
        <table className="charging-months-table">
          <thead>
            <tr>
              <th scope="col">{t('charging.records.month')}</th>
              <th scope="col">{t('charging.records.sessions')}</th>
              <th scope="col">{t('charging.records.energy')}</th>
              <th scope="col">{t('charging.records.sources')}</th>
              <th scope="col">{t('charging.records.cost', { currency: data.currency })}</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((month) => (
              <tr key={month.month} data-testid={`charging-month-${month.month}`}>
                <th scope="row">{monthText(month.month, i18n.language)}</th>
                <td>{month.sessions}</td>
                <td>{energyText(month.energy_kwh)}</td>
                <td>
                  <SourceShares figures={month} />
                </td>
                <td>{moneyText(month.cost, data.currency, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
