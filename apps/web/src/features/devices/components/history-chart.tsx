import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import { EchartsCanvas } from '../../../components/charts/echarts-canvas.tsx';

interface HistoryChartProps {
  option: EChartsCoreOption;
  /** The chart's name for screen readers: its fields and days. */
  label: string;
  /** What the chart shows, in words, for screen readers (the canvas has no text). */
  summary: string;
  pointCount: number;
}

/**
 * A device's history chart: new points (a range reaching now is asked again) are merged so that
 * the zoom stays; the series and axes are replaced, as the fields chosen may have changed.
 */
export function HistoryChart({ option, label, summary, pointCount }: HistoryChartProps) {
  const { t } = useTranslation();
  return (
    <EchartsCanvas
      option={option}
      label={label}
      summary={summary}
      update="keep-zoom"
      failedText={t('devices.history.chartFailed')}
      retryText={t('devices.retry')}
      className="history-chart"
      testId="history-chart"
      data={{ 'data-points': pointCount }}
    />
  );
}
