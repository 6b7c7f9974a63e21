import { statistics } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import {
  clearDashboardSession,
  DASHBOARD_SESSION_KEY,
  dashboardPath,
  linkLanguage,
  readDashboardSession,
  saveDashboardSession,
} from '../src/features/statistics/lib/dashboard-session.ts';
import { capacityText, co2Text, energyText, moneyText } from '../src/features/statistics/lib/format.ts';
import { FakeStorage } from './fake-storage.ts';

const session = {
  token: 'dashboard-token',
  expires_at: '2030-01-01T00:00:00.000Z',
  user_id: 1001,
  user_name: 'installer',
  language: 'zh' as const,
};

describe('the dashboard session', () => {
  it('is kept under its own key, never the portal’s TOKEN', () => {
    const storage = new FakeStorage();
    storage.setItem('TOKEN', 'portal-token');
    saveDashboardSession(storage, session);
    expect(storage.getItem('TOKEN')).toBe('portal-token');
    expect(readDashboardSession(storage, Date.parse('2029-12-31T00:00:00Z'))).toEqual(session);
    clearDashboardSession(storage);
    expect(storage.snapshot()).toEqual({ TOKEN: 'portal-token' });
  });

  it('is gone once expired, damaged or missing', () => {
    const storage = new FakeStorage();
    saveDashboardSession(storage, session);
    expect(readDashboardSession(storage, Date.parse('2030-01-01T00:00:00Z'))).toBeNull();
    storage.setItem(DASHBOARD_SESSION_KEY, '{not json');
    expect(readDashboardSession(storage, 0)).toBeNull();
    storage.setItem(DASHBOARD_SESSION_KEY, JSON.stringify({ ...session, token: '' }));
    expect(readDashboardSession(storage, 0)).toBeNull();
    storage.setItem(DASHBOARD_SESSION_KEY, 'null');
    expect(readDashboardSession(storage, 0)).toBeNull();
    storage.removeItem(DASHBOARD_SESSION_KEY);
    expect(readDashboardSession(storage, 0)).toBeNull();
  });
});

describe('the dashboard link', () => {
  it('has a Chinese variant for a Chinese interface and an English one for every other', () => {
    expect(statistics.dashboardLanguageOf('zh-CN')).toBe('zh');
    for (const language of ['en', 'pl', 'cs', 'it'])
      expect(statistics.dashboardLanguageOf(language)).toBe('en');
    expect(statistics.dashboardInterfaceLanguage('zh')).toBe('zh-CN');
    expect(statistics.dashboardInterfaceLanguage('en')).toBe('en');
  });

  it('reads its language segment, English for anything unknown, and drops the ticket from the address', () => {
    expect(linkLanguage('zh')).toBe('zh');
    expect(linkLanguage('en')).toBe('en');
    expect(linkLanguage('xx')).toBe('en');
    expect(linkLanguage(undefined)).toBe('en');
    expect(dashboardPath('zh')).toBe('/statistics/zh');
  });
});

describe('the dashboard figures', () => {
  it('follow the display rules: kWh → MWh → GWh, kWp → MWp, kg → t, gaps as --', () => {
    expect(energyText(9_999.9)).toBe('9999.9 kWh');
    expect(energyText(12_345)).toBe('12.35 MWh');
    expect(energyText(2_500_000)).toBe('2.50 GWh');
    expect(energyText(null)).toBe('--');
    expect(capacityText(9.6)).toBe('9.60 kWp');
    expect(capacityText(1250)).toBe('1.25 MWp');
    expect(co2Text(12_345)).toBe('12.35 t');
    expect(moneyText(1307.3, 'PLN', 'en')).toMatch(/^PLN\s1,307\.30$/);
    expect(moneyText(5, 'XYZ1', 'en')).toBe('5.00 XYZ1');
  });
});
