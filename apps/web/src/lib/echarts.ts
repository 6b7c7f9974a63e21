import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The parts of echarts the portal draws with (curves and bars), and nothing else: imported on
 * demand by components/charts/echarts-canvas.tsx, so they form a chunk of their own that only a
 * screen showing a chart downloads (the whole of echarts would be ~350 kB gzipped).
 */
use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  LegendComponent,
  CanvasRenderer,
]);

export { init };
