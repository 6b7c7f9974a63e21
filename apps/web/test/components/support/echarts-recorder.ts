import { beforeEach } from 'vitest';

/**
 * echarts as a recorder, for the screens that draw charts: jsdom has no canvas. A test file stands it
 * in for the app's echarts with
 * `vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'))`
 * and reads what was drawn in `drawn`.
 */

/** The options echarts was given, newest last; emptied before each test. */
export const drawn: Record<string, unknown>[] = [];

beforeEach(() => {
  drawn.length = 0;
});

export function init() {
  return {
    setOption: (option: Record<string, unknown>) => drawn.push(option),
    resize: () => undefined,
    dispose: () => undefined,
  };
}
