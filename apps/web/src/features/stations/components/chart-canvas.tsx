import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import { EchartsCanvas } from '../../../components/charts/echarts-canvas.tsx';

interface ChartCanvasProps {
  option: EChartsCoreOption;
  /** The chart's name for screen readers: its kind and period. */
  label: string;
  /** What the chart shows, in words, for screen readers (the canvas has no text). */
  summary: string;
  /** Set while the option shown is the previous range's and the next one is on its way. */
  busy?: boolean;
  testId?: string;
  /** Extra data attributes the journeys read (what is drawn). */
  data?: Record<`data-${string}`, string | number>;
}

/** A station chart's canvas: another range or chart has other series and axes, so it is drawn afresh. */
export function ChartCanvas({ option, label, summary, busy = false, testId, data }: ChartCanvasProps) {
  const { t } = useTranslation();
  return (
    <EchartsCanvas
      option={option}
      label={label}
      summary={summary}
      update="replace"
      failedText={t('stations.chart.drawFailed')}
      retryText={t('stations.retry')}
      className="station-chart-canvas"
      busy={busy}
      {...(testId ? { testId } : {})}
      {...(data ? { data } : {})}
    />
  );
}
