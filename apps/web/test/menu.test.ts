import { describe, expect, it } from 'vitest';
import { parseCookie } from '../src/lib/cookie.ts';
import { selectedMenuPath } from '../src/lib/menu.ts';

const menu = [
  { menu_id: 'dashboard', path: '/dashboard' },
  { menu_id: 'deviceList', path: '/device/deviceList' },
  { menu_id: 'alarmList', path: '/alarmList/alarmList' },
];

describe('selectedMenuPath', () => {
  it('highlights the entry of the current screen', () => {
    expect(selectedMenuPath(menu, '/device/deviceList')).toBe('/device/deviceList');
    expect(selectedMenuPath(menu, '/dashboard')).toBe('/dashboard');
  });

  it('highlights the entry a screen lies under', () => {
    expect(selectedMenuPath(menu, '/device/deviceList/detail')).toBe('/device/deviceList');
    expect(selectedMenuPath(menu, '/dashboardx')).toBeUndefined();
  });

  it('highlights the station list on a station detail screen', () => {
    expect(selectedMenuPath(menu, '/station-detail/battery')).toBe('/dashboard');
  });

  it('highlights nothing for a screen outside the menu', () => {
    expect(selectedMenuPath(menu, '/myUser/myUser')).toBeUndefined();
    expect(selectedMenuPath([], '/dashboard')).toBeUndefined();
  });
});

describe('parseCookie', () => {
  it('finds one cookie among several', () => {
    expect(parseCookie('a=1; sidebarStatus=0; b=x%20y', 'sidebarStatus')).toBe('0');
    expect(parseCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(parseCookie('xsidebarStatus=1', 'sidebarStatus')).toBeNull();
    expect(parseCookie('', 'sidebarStatus')).toBeNull();
  });
});
