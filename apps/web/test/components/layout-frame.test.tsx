import { message, RoleId, statistics } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../src/app/layout/app-layout.tsx';
import { startSession } from '../../src/lib/session-store.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/** The signed-in frame of an installer with every menu entry, on a desktop. */
function renderFrame() {
  const api = fakeApi()
    .answer(message.unreadCount, { total: 0, alarm: 0, authorization: 0, system: 0 })
    .answer(statistics.ticket, { url: '/statistics/en/7/ticket', expires_at: '2030-01-01T00:00:00Z' });
  startSession({
    token: 'test-token',
    user_id: 7,
    user_name: 'installer',
    role_id: RoleId.installer,
    menu_list: [
      { menu_id: 'dashboard', path: '/dashboard' },
      { menu_id: 'deviceList', path: '/device/deviceList' },
      { menu_id: 'dataStatistics', path: '/statistics' },
    ],
  });
  return { api, ...renderScreen(<AppLayout />) };
}

describe('the signed-in frame', () => {
  it('has a banner, a named navigation and a main region', () => {
    renderFrame();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('starts with a skip link that moves focus to the main region', async () => {
    const { user } = renderFrame();
    const main = screen.getByRole('main');

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(main);
    expect(main.id).toBe('main-content');
    // focusable by the link only, not a stop of Tab
    expect(main.getAttribute('tabindex')).toBe('-1');
  });

  it('lists the navigation as links, each a stop of Tab, and the list itself is none', async () => {
    const { user } = renderFrame();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const list = within(nav).getByRole('list');
    expect(list.getAttribute('tabindex')).toBe('-1');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(nav).queryAllByRole('menu')).toEqual([]);
    expect(within(nav).queryAllByRole('menuitem')).toEqual([]);

    await user.tab(); // the skip link
    const stops: (string | null)[] = [];
    for (let press = 0; press < 3; press += 1) {
      await user.tab();
      stops.push(document.activeElement?.getAttribute('data-testid') ?? null);
    }
    expect(stops).toEqual(['menu-dashboard', 'menu-deviceList', 'menu-dataStatistics']);
  });

  it('opens data statistics in a new tab from its button, by keyboard', async () => {
    const { user, api } = renderFrame();
    const tab = { closed: false, opener: {}, location: { replace: vi.fn() }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);

    const button = screen.getByRole('button', { name: /^Data statistics/ });
    expect(button.textContent).toContain('opens in a new tab');
    button.focus();
    await user.keyboard('{Enter}');

    // one tab, opened within the key's click, sent to the single-use link once it came
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith(`${window.location.origin}/statistics/en/7/ticket`),
    );
    expect(api.sent(statistics.ticket)).toHaveLength(1);
  });
});
