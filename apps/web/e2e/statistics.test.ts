import { upTopic } from '@helio/contracts/device-link';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import enStatistics from '../src/locales/statistics/en.json' with { type: 'json' };
import zhStatistics from '../src/locales/statistics/zh-CN.json' with { type: 'json' };
import { expectAccessible } from './support/axe.ts';
import { chooseFromAccountMenu, launchChromium, signIn } from './support/browser.ts';
import { type Account, addInverter, addStation, registerInstaller, TestDevice } from './support/plant.ts';

const baseUrl = inject('baseUrl');
/** The database lives for the whole e2e run: names and serial numbers get this run's mark. */
const run = Date.now().toString(36).toUpperCase();
const HOUR_MS = 3_600_000;
/** How long a screen may take to load its code, texts and data. */
const LOADED = { timeout: 15_000 };
/** A dashboard link: /statistics/{zh|en}/{user_id}/{ticket}. */
const TICKET_LINK = /^\/statistics\/(zh|en)\/\d+\/[A-Za-z0-9_-]{43}$/;

let installer: Account;
let stationName: string;
let device: TestDevice;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  // An installer of its own, whose one station produced PV energy over the last days.
  installer = await registerInstaller(baseUrl, `e2e_stats_${run.toLowerCase()}`);
  stationName = `Stats plant ${run}`;
  const stationId = await addStation(baseUrl, installer, stationName);
  const { credentials } = await addInverter(baseUrl, installer, stationId, `INV${run}ST01`);
  device = await TestDevice.connect(credentials);
  // Readings every 12 hours over three days, sent late (as a logger does after an outage), oldest first.
  const now = Date.now();
  const readings = [6, 5, 4, 3, 2, 1].map((back, index) => ({
    ts: now - back * 12 * HOUR_MS,
    seq: index + 1,
    values: { state: 2, pv_power_w: 2500, pv_kwh: 1000 + index * 15 },
  }));
  await device.client.publishAsync(
    upTopic(device.sn, 'backfill'),
    JSON.stringify({ v: 1, interval_s: 300, readings }),
    { qos: 1 },
  );
});
afterAll(async () => {
  await device?.close();
  await browser?.close();
});
afterEach(() => context?.close());

/** Signs the installer in to the portal in `language`. */
async function portal(language: 'en' | 'zh-CN'): Promise<void> {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  if (language !== 'en') {
    await page.evaluate((code) => localStorage.setItem('curLang', code), language);
    await page.reload();
  }
  await signIn(page, installer.name, installer.password);
  await page.getByTestId('app-layout').waitFor(LOADED);
}

/** Clicks "data statistics" and answers the new tab and the link it was opened with. */
async function openDashboard(): Promise<{ tab: Page; link: string }> {
  const links: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && TICKET_LINK.test(url.pathname)) links.push(request.url());
  };
  context.on('request', onRequest);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('menu-dataStatistics').click(),
  ]);
  await tab.getByTestId('statistics-page').waitFor(LOADED);
  context.off('request', onRequest);
  expect(links).toHaveLength(1);
  return { tab, link: links[0]! };
}

describe('data statistics', () => {
  it('opens the fleet dashboard in a new tab by a single-use link: the station count and the station among the top performers', async () => {
    await portal('en');
    const portalToken = await page.evaluate(() => localStorage.getItem('TOKEN'));
    expect(portalToken).toBeTruthy();
    const { tab, link } = await openDashboard();

    // The link carries the user id and a ticket, never the session token.
    const linkPath = new URL(link).pathname;
    expect(linkPath.startsWith(`/statistics/en/${installer.userId}/`)).toBe(true);
    expect(link).not.toContain(portalToken);

    // The ticket leaves the address bar at once.
    await tab.waitForURL((url) => url.pathname === '/statistics/en', LOADED);
    await tab.getByTestId('statistics-station-count').waitFor(LOADED);
    expect(await tab.getByTestId('statistics-station-count').textContent()).toBe('1');
    expect(await tab.getByTestId('statistics-user').textContent()).toBe(installer.name);
    const top = tab.getByTestId('statistics-top');
    await top.getByText(stationName, { exact: true }).waitFor(LOADED);
    expect(await tab.locator('h1').first().textContent()).toBe(enStatistics.statistics.title);
    // Energy of the backfilled days, in the display units; the map holds the station.
    expect(await tab.getByTestId('statistics-total').textContent()).toMatch(/^\d+\.\d kWh$/);
    expect(await tab.getByTestId('statistics-map').getAttribute('data-stations')).toBe('1');
    await tab.getByTestId('statistics-updated').waitFor();
    await expectAccessible(tab, 'fleet dashboard');

    // The portal's sign-in is untouched by the dashboard's own.
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBe(portalToken);
    expect(await tab.evaluate(() => localStorage.getItem('TOKEN'))).toBe(portalToken);

    // A reload keeps the dashboard (its session is in the tab's session storage).
    await tab.reload();
    await tab.getByTestId('statistics-station-count').waitFor(LOADED);

    // The link again, in another page: it worked once.
    const again = await context.newPage();
    await again.goto(link);
    const ended = again.getByTestId('statistics-ended');
    await ended.waitFor(LOADED);
    expect(await ended.getAttribute('data-reason')).toBe('link');
    expect(await ended.locator('h1').textContent()).toBe(enStatistics.statistics.ended.linkTitle);
    expect(await again.getByTestId('statistics-back').getAttribute('href')).toBe('/dashboard');
    await expectAccessible(again, 'ended dashboard link');
  });

  it('opens the Chinese dashboard from a Chinese portal, without changing the portal’s language', async () => {
    await portal('zh-CN');
    const { tab, link } = await openDashboard();
    expect(new URL(link).pathname.startsWith('/statistics/zh/')).toBe(true);
    await tab.waitForURL((url) => url.pathname === '/statistics/zh', LOADED);
    await tab.getByTestId('statistics-station-count').waitFor(LOADED);
    expect(await tab.locator('h1').first().textContent()).toBe(zhStatistics.statistics.title);
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expectAccessible(tab, 'Chinese fleet dashboard');
    expect(await page.evaluate(() => localStorage.getItem('curLang'))).toBe('zh-CN');

    // Signing out of the portal ends the dashboard it opened.
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/user/logout'));
    await chooseFromAccountMenu(page, 'sign-out', () =>
      page.waitForURL((url) => url.pathname === '/login', LOADED),
    );
    await loggedOut;
    await tab.getByTestId('statistics-refresh').click();
    const ended = tab.getByTestId('statistics-ended');
    await ended.waitFor(LOADED);
    expect(await ended.getAttribute('data-reason')).toBe('session');
    expect(await ended.locator('h1').textContent()).toBe(zhStatistics.statistics.ended.sessionTitle);
  });
});
