import { Spin } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadFailed } from '../empty-state.tsx';
import './charts.css';

type EchartsModule = typeof import('../../lib/echarts.ts');

let echartsLoading: Promise<EchartsModule> | undefined;

/** echarts comes on demand, in its own chunk: only a screen with a chart needs it. */
function loadEcharts(): Promise<EchartsModule> {
  echartsLoading ??= import('../../lib/echarts.ts').catch((error: unknown) => {
    echartsLoading = undefined; // a retry downloads it again
    throw error;
  });
  return echartsLoading;
}

interface EchartsCanvasProps {
  option: EChartsCoreOption;
  /** The chart's name for screen readers (the canvas has no text): what it is and its period. */
  label: string;
  /**
   * What the chart says, in words: its series and their figures. Read by screen readers as the
   * chart's description (aria-describedby); the table view holds every number.
   */
  summary: string;
  /**
   * How a new option is applied: `replace` draws it afresh (another range has other series and
   * axes); `keep-zoom` merges it, replacing series and axes but keeping the zoom (new points of a
   * range reaching now).
   */
  update: 'replace' | 'keep-zoom';
  /** Texts of the failure card when echarts cannot be loaded. */
  failedText: string;
  retryText: string;
  className: string;
  /** Set while the option shown is the previous one and the next one is on its way. */
  busy?: boolean;
  testId?: string;
  /** Extra data attributes the journeys read (what is drawn). */
  data?: Record<`data-${string}`, string | number>;
}

/**
 * An echarts canvas that follows its option and its container's size, and is disposed with it.
 * The canvas is an image to assistive technology, named by `label` and described by `summary`.
 */
export function EchartsCanvas({
  option,
  label,
  summary,
  update,
  failedText,
  retryText,
  className,
  busy = false,
  testId,
  data,
}: EchartsCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latestOption = useRef(option);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const summaryId = useId();
  const summaryText = (
    <p id={summaryId} className="chart-summary" data-testid={testId ? `${testId}-summary` : undefined}>
      {summary}
    </p>
  );

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
    chart.current?.setOption(
      option,
      update === 'replace' ? { notMerge: true } : { replaceMerge: ['series', 'yAxis'] },
    );
  }, [option, update]);

  if (state === 'failed') {
    return (
      <>
        <LoadFailed
          text={failedText}
          retryText={retryText}
          onRetry={() => {
            setState('loading');
            setAttempt((count) => count + 1);
          }}
        />
        {summaryText}
      </>
    );
  }
  return (
    <Spin spinning={state === 'loading' || busy}>
      <div
        ref={container}
        className={className}
        role="img"
        aria-label={label}
        aria-describedby={summaryId}
        data-testid={testId}
        data-state={state}
        {...data}
      />
      {summaryText}
    </Spin>
  );
}
