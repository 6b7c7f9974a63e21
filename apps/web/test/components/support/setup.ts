import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { activateLanguage, loadLanguage, loadTextPart, type TextPart } from '../../../src/lib/i18n.ts';

/*
 * The component tests' browser: jsdom, with what it lacks and antd or the screens use (media
 * queries, ResizeObserver), the English texts of every screen, and a clean page and storage
 * after each test.
 */

// antd's development build in jsdom renders a drop-down or a dialog in seconds on a busy machine:
// findBy… and waitFor wait as long before they give up (Testing Library's default is one second).
configure({ asyncUtilTimeout: 10_000 });

/** Media queries that match, e.g. `(prefers-reduced-motion: reduce)`; set by a test, cleared after it. */
export const matchingMedia = new Set<string>();

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string): MediaQueryList =>
    ({
      media: query,
      matches: matchingMedia.has(query),
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;

// jsdom computes no styles of pseudo-elements and says so on every call (antd measures scroll bars).
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

const parts: TextPart[] = [
  'accounts',
  'devices',
  'control',
  'stations',
  'alarms',
  'messages',
  'statistics',
  'strategies',
  'tariffs',
  'firmware',
  'ems5000',
  'charging',
];

beforeAll(async () => {
  await loadLanguage('en');
  await Promise.all(parts.map(loadTextPart));
  await activateLanguage('en');
});

afterEach(() => {
  cleanup();
  matchingMedia.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});
