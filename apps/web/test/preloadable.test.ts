import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '../src/lib/preloadable.tsx';

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `hello ${name}`);
}

describe('preloadable', () => {
  it('renders at once, without suspending, once preloaded; the module is loaded once', async () => {
    const load = vi.fn(async () => Greeting);
    const Screen = preloadable(load);
    await Promise.all([Screen.preload(), Screen.preload()]);
    expect(renderToString(createElement(Screen, { name: 'Helio' }))).toContain('hello Helio');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(Greeting);
    const Screen = preloadable(load);
    await expect(Screen.preload()).rejects.toThrow('offline');
    await expect(Screen.preload()).resolves.toBe(Greeting);
  });
});
