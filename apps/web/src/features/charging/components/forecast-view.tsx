import { type ChargingForecast, localClock, tariffBands } from '@helio/contracts';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartTable } from '../../../components/charts/chart-table.tsx';
import { EchartsCanvas } from '../../../components/charts/echarts-canvas.tsx';
import { TableViewToggle } from '../../../components/charts/table-view-toggle.tsx';
import { energyText, moneyText, percentText } from '../../stations/index.ts';
import { bandColors, departureIndex, forecastOption, gridPart } from '../lib/forecast-chart.ts';
import { useChargingTexts } from '../lib/use-charging-texts.ts';

export interface ForecastViewProps {
  forecast: ChargingForecast;
  zone: string;
  currency: string;
  /** `charging-forecast` for the saved plan, `charging-preview` for the plan being edited. */
  testId: string;
  /** The forecast shown is the last one; the next is on its way. */
  busy?: boolean;
}

/** What the plan expects by departure: the energy, its PV share and cost, and what stands in its way. */
function ForecastFigures({ forecast, zone, currency, testId }: ForecastViewProps) {
  const { t, i18n } = useTranslation();
  const texts = useChargingTexts();
  const pvShare = forecast.expected_kwh > 0 ? (forecast.expected_pv_kwh / forecast.expected_kwh) * 100 : null;
  const target = forecast.target;
  const figures = [
    {
      key: 'departure',
      label: t('charging.forecast.departure'),
      value: target
        ? t(`charging.forecast.departureOf.${target.source}`, { when: texts.when(target.departure_at, zone) })
        : t('charging.forecast.noDeparture'),
    },
    ...(target
      ? [{ key: 'need', label: t('charging.forecast.need'), value: energyText(target.need_kwh) }]
      : []),
    { key: 'expected', label: t('charging.forecast.expected'), value: energyText(forecast.expected_kwh) },
    { key: 'pv', label: t('charging.forecast.pvShare'), value: percentText(pvShare) },
    {
      key: 'cost',
      label: t('charging.forecast.cost', { currency }),
      value: moneyText(forecast.expected_cost, currency, i18n.language),
    },
  ];
  const unreachable = forecast.reachable === false || forecast.warnings.includes('targetUnreachable');
  const others = forecast.warnings.filter((warning) => warning !== 'targetUnreachable');
  return (
    <>
      <dl className="charging-figures">
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt>{figure.label}</dt>
            <dd data-testid={`${testId}-${figure.key}`}>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {unreachable && target && (
        <Alert
          type="warning"
          showIcon
          className="charging-note"
          title={t('charging.forecast.unreachable')}
          description={t('charging.forecast.shortfall', {
            energy: energyText(forecast.shortfall_kwh),
            when: texts.when(target.departure_at, zone),
          })}
          data-testid={`${testId}-shortfall`}
        />
      )}
      {forecast.forecast_source && (
        <p className="charging-muted" data-testid={`${testId}-source`}>
          {t(`charging.forecast.source.${forecast.forecast_source}`)}
        </p>
      )}
      {others.length > 0 && (
        <ul className="charging-warnings" data-testid={`${testId}-warnings`}>
          {others.map((warning) => (
            <li key={warning} data-warning={warning}>
              <Alert type="info" showIcon title={texts.warning(warning)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The planned energy by hour beside the expected PV, as a chart or (for anyone who asks) a table. */
function ForecastChart({ forecast, zone, testId, busy }: ForecastViewProps) {
  const { t } = useTranslation();
  const texts = useChargingTexts();
  const [table, setTable] = useState(false);
  const labels = forecast.hours.map((hour) => localClock(Date.parse(hour.start), zone));
  const names = {
    fromPv: t('charging.chart.fromPv'),
    fromGrid: t('charging.chart.fromGrid'),
    expectedPv: t('charging.chart.expectedPv'),
    unit: 'kWh',
  };
  const departure = departureIndex(forecast);
  const bands = tariffBands.filter((band) => forecast.hours.some((hour) => hour.band === band));
  const planned = forecast.hours.reduce((sum, hour) => sum + hour.planned_kwh, 0);
  const expectedPv = forecast.hours.reduce((sum, hour) => sum + (hour.expected_pv_kwh ?? 0), 0);
  const hasPvForecast = forecast.hours.some((hour) => hour.expected_pv_kwh !== null);
  const summary = [
    t('charging.chart.summary', {
      planned: energyText(planned),
      pv: energyText(forecast.expected_pv_kwh),
      from: labels[0] ?? '',
      to: forecast.target ? texts.when(forecast.target.departure_at, zone) : (labels.at(-1) ?? ''),
    }),
    hasPvForecast ? t('charging.chart.summaryPv', { energy: energyText(expectedPv) }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (forecast.hours.length === 0)
    return (
      <p className="charging-muted" data-testid={`${testId}-chart-empty`}>
        {t('charging.chart.empty')}
      </p>
    );
  return (
    <div className="charging-chart">
      <div className="charging-chart-head">
        {departure >= 0 && forecast.target && (
          <span className="charging-departure-key">
            {t('charging.chart.departureMark', { when: texts.when(forecast.target.departure_at, zone) })}
          </span>
        )}
        <TableViewToggle
          pressed={table}
          onChange={setTable}
          label={t('charging.chart.asTable')}
          testId={`${testId}-table-toggle`}
        />
      </div>
      {table ? (
        <ChartTable
          caption={t('charging.chart.label')}
          timeLabel={t('charging.chart.hour')}
          columns={[
            { key: 'planned', label: t('charging.chart.planned') },
            { key: 'pv', label: names.fromPv },
            { key: 'grid', label: names.fromGrid },
            { key: 'expected', label: names.expectedPv },
            { key: 'band', label: t('charging.chart.band') },
          ]}
          rows={forecast.hours.map((hour, index) => ({
            key: hour.start,
            label:
              index === departure
                ? t('charging.chart.departureRow', { time: labels[index] })
                : labels[index]!,
            cells: [
              energyText(hour.planned_kwh),
              energyText(hour.pv_kwh),
              energyText(gridPart(hour)),
              energyText(hour.expected_pv_kwh),
              hour.band ? t(`tariffs.band.${hour.band}`) : '--',
            ],
          }))}
          testId={`${testId}-table`}
        />
      ) : (
        <EchartsCanvas
          option={forecastOption(forecast, labels, names)}
          label={t('charging.chart.label')}
          summary={summary}
          update="replace"
          failedText={t('charging.chart.failed')}
          retryText={t('charging.retry')}
          className="charging-chart-canvas"
          busy={busy ?? false}
          testId={`${testId}-chart`}
          data={{ 'data-hours': forecast.hours.length }}
        />
      )}
      {bands.length > 0 && (
        <ul className="charging-band-legend" aria-label={t('charging.chart.bandLegend')}>
          {bands.map((band) => (
            <li key={band}>
              <span className="charging-swatch" style={{ background: bandColors[band] }} aria-hidden="true" />
              {t('charging.chart.gridIn', { band: t(`tariffs.band.${band}`) })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A plan's forecast from now: its figures and warnings, then its hours. */
export function ForecastView(props: ForecastViewProps) {
  return (
    <div className="charging-forecast" data-testid={props.testId} aria-busy={props.busy ?? false}>
      <ForecastFigures {...props} />
      <ForecastChart {...props} />
    </div>
  );
}
