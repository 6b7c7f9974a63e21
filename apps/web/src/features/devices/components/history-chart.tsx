import { Spin } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/empty-state.tsx';

type EchartsModule = typeof import('../lib/echarts.ts');

let echartsLoading: Promise<EchartsModule> | undefined;

/** echarts comes on demand, in its own chunk: only a chart of the history needs it. */
function loadEcharts(): Promise<EchartsModule> {
  echartsLoading ??= import('../lib/echarts.ts').catch((error: unknown) => {
    echartsLoading = undefined; // a retry downloads it again
    throw error;
  });
  return echartsLoading;
}

interface HistoryChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the canvas has no text). */
  summary: string;
  pointCount: number;
}

/** An echarts canvas that follows its option and its container's size, and is disposed with it. */
export function HistoryChart({ option, summary, pointCount }: HistoryChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latestOption = useRef(option);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads echarts again
  useEffect(() => {
    let live = true;
    let observer: ResizeObserver | undefined;
    loadEcharts().then(
      ({ init }) => {
        const element = container.current;
        if (!live || !element) return;
        const instance = init(element);
        instance.setOption(latestOption.current, { notMerge: true });
        chart.current = instance;
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(element);
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [attempt]);

  useEffect(() => {
    latestOption.current = option;
    // Merged rather than replaced, so that new points (a range reaching now is asked again) keep
    // the zoom; the series and axes are replaced, as the fields chosen may have changed.
    chart.current?.setOption(option, { replaceMerge: ['series', 'yAxis'] });
  }, [option]);

  if (state === 'failed') {
    return (
      <LoadFailed
        text={t('devices.history.chartFailed')}
        retryText={t('devices.retry')}
        onRetry={() => {
          setState('loading');
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return (
    <Spin spinning={state === 'loading'}>
      <div
        ref={container}
        className="history-chart"
        role="img"
        aria-label={summary}
        data-testid="history-chart"
        data-state={state}
        data-points={pointCount}
      />
    </Spin>
  );
}
