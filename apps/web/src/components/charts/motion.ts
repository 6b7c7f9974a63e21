import type { EChartsCoreOption } from 'echarts/core';
import { useMediaQuery } from '../../hooks/use-media-query.ts';

/** The media query of users who ask their system for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the user asks for less motion; follows the system setting as it changes. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

/**
 * The animation options of a chart: short transitions as data arrives or changes, none at all
 * for users who ask for reduced motion (WCAG 2.3.3, and a calmer screen for vestibular disorders).
 */
export function chartAnimation(reducedMotion: boolean): EChartsCoreOption {
  return reducedMotion
    ? { animation: false }
    : { animation: true, animationDuration: 400, animationDurationUpdate: 300, animationEasing: 'cubicOut' };
}
