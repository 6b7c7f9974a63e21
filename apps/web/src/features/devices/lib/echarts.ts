import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The parts of echarts the device history draws with, and nothing else: imported on demand by
 * the chart (history-chart.tsx), so they form a chunk of their own that only a history chart
 * downloads (the whole of echarts would be ~350 kB gzipped).
 */
use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, LegendComponent, CanvasRenderer]);

export { init };
