import { type CallData, type ems5000, emsChartFields, localDate } from '@helio/contracts';
import type { EmsPart } from '@helio/contracts/device-link';
import { Button, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EchartsCanvas } from '../../../components/charts/echarts-canvas.tsx';
import { kindUnit, valueKind } from '../../devices/index.ts';
import { dayChartOption, extremes } from '../lib/chart-option.ts';
import { useEmsTexts } from '../lib/use-ems-texts.ts';

type History = CallData<typeof ems5000.ex>['history'];

export interface PartChartProps {
  part: EmsPart;
  history: History;
  zone: string;
  /** The day chosen (YYYY-MM-DD), undefined for today. */
  date: string | undefined;
  onDate: (date: string | undefined) => void;
  busy: boolean;
}

/**
 * The part's day: its chart fields (contracts `emsChartFields`) as lines over the station's local
 * day, a day picker (today at most) and, for screen readers, each line's range in words.
 */
export function PartChart({ part, history, zone, date, onDate, busy }: PartChartProps) {
  const { t, i18n } = useTranslation();
  const texts = useEmsTexts();
  const pickerId = useId();
  const today = localDate(Date.now(), zone);
  const series = emsChartFields[part].map((field) => ({
    field,
    label: texts.valueLabel(part, field),
    unit: kindUnit[valueKind(field)],
  }));
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', timeZone: zone });
  const option = dayChartOption(history, series, (ms) => {
    try {
      return time.format(ms);
    } catch {
      return new Date(ms).toISOString().slice(11, 16);
    }
  });
  const summary = series
    .map((one) => {
      const range = extremes(history.series.find((line) => line.field === one.field)?.values ?? []);
      return range
        ? t('ems5000.chart.range', {
            field: one.label,
            min: texts.valueText(part, one.field, range.min),
            max: texts.valueText(part, one.field, range.max),
          })
        : t('ems5000.chart.noData', { field: one.label });
    })
    .join(' ');
  const label = t('ems5000.chart.label', { part: texts.partName(part), date: history.date });

  return (
    <section className="ems-chart" aria-labelledby={`${pickerId}-title`} data-testid={`ems-chart-${part}`}>
      <div className="ems-chart-head">
        <h3 id={`${pickerId}-title`} className="ems-section-title">
          {t('ems5000.chart.title')}
        </h3>
        <div className="ems-day-picker">
          <label htmlFor={pickerId}>{t('ems5000.chart.day')}</label>
          <Input
            id={pickerId}
            type="date"
            value={date ?? today}
            max={today}
            onChange={(event) => {
              const value = event.target.value;
              onDate(value === '' || value >= today ? undefined : value);
            }}
            className="ems-date"
            data-testid="ems-chart-date"
          />
          <Button
            onClick={() => onDate(undefined)}
            disabled={date === undefined}
            data-testid="ems-chart-today"
          >
            {t('ems5000.chart.today')}
          </Button>
        </div>
      </div>
      <EchartsCanvas
        option={option}
        label={label}
        summary={summary}
        update="replace"
        failedText={t('ems5000.chart.failed')}
        retryText={t('ems5000.retry')}
        className="ems-chart-canvas"
        busy={busy}
        testId="ems-chart-canvas"
        data={{ 'data-date': history.date }}
      />
    </section>
  );
}
