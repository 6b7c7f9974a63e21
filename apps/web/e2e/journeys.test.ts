import { languages } from '@helio/contracts';
import enMessages from '@helio/contracts/error-messages/en';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import cs from '../src/locales/cs.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };
import it_ from '../src/locales/it.json' with { type: 'json' };
import pl from '../src/locales/pl.json' with { type: 'json' };
import zhCN from '../src/locales/zh-CN.json' with { type: 'json' };
import { expectAccessible } from './support/axe.ts';
import { chooseFromAccountMenu, launchChromium, signIn } from './support/browser.ts';

const texts = { en, 'zh-CN': zhCN, pl, cs, it: it_ } as const;
const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});
afterEach(() => context.close());

async function chooseLanguage(code: string): Promise<void> {
  await page.getByTestId('lang-select').click();
  await page.getByTestId(`lang-option-${code}`).click();
}

describe('signing in', () => {
  it('the demo account signs in and sees the layout with its menu', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
    await expectAccessible(page, 'login');
    await signIn(page, 'demo', 'demo123');
    await page.getByTestId('app-layout').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect.poll(() => page.getByTestId('sidebar').textContent()).toContain(en.menu.myUser);
    await page.getByText(en.pages.stations.emptyTitle).waitFor();
    await expectAccessible(page, 'layout');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('TOKEN') !== null,
        localStorage.getItem('loginUserId'),
      ]),
    ).toEqual([true, '5']);
    await expect.poll(() => page.getByTestId('web-version').textContent()).toContain('v1.0.1');
  });

  it('a wrong password shows the translated catalogue message and stays on /login', async () => {
    await page.goto(`${baseUrl}/login`);
    await signIn(page, 'demo', 'not-the-password');
    await page.getByText(enMessages['1002']).waitFor();
    await expectAccessible(page, 'login with its refusal');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
  });

  it('/login/{name}/{pwd} signs in and leaves no credentials in the address bar or history', async () => {
    await page.goto(`${baseUrl}/login/demo/demo123`);
    await page.getByTestId('app-layout').waitFor();
    expect(page.url()).not.toContain('demo123');
    const entries = await page.evaluate(() => window.history.length);
    for (let i = 0; i < entries; i++) {
      await page.goBack().catch(() => null);
      expect(page.url()).not.toContain('demo123');
    }
  });
});

describe('the guard', () => {
  it('sends a visitor without a session from any page to /login', async () => {
    for (const path of ['/dashboard', '/device/deviceList', '/myUser/myUser', '/station-detail/battery']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId('login-submit').waitFor();
      expect(new URL(page.url()).pathname, path).toBe('/login');
    }
  });

  it('sends an unknown path to /login even when signed in', async () => {
    await page.goto(`${baseUrl}/login`);
    await signIn(page, 'demo', 'demo123');
    await page.getByTestId('app-layout').waitFor();
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL((url) => url.pathname !== '/no/such/page');
    expect(['/login', '/dashboard']).toContain(new URL(page.url()).pathname);
  });

  it('needs both TOKEN and loginUserId', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('TOKEN', 'something'));
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByTestId('login-submit').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('languages', () => {
  it('a language chosen on the login page survives a reload', async () => {
    await page.goto(`${baseUrl}/login`);
    await chooseLanguage('pl');
    await page.getByText(pl.login.title, { exact: true }).first().waitFor();
    await expectAccessible(page, 'login in Polish');
    await page.reload();
    await page.getByText(pl.login.title, { exact: true }).first().waitFor();
    expect(
      await page.evaluate(() => [localStorage.getItem('curLang'), document.documentElement.lang]),
    ).toEqual(['pl', 'pl']);
  });

  it.each(languages.map((code) => [code]))('the demo account sees the layout in %s', async (code) => {
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((lang) => localStorage.setItem('curLang', lang), code);
    await page.reload();
    await signIn(page, 'demo', 'demo123');
    await page.getByTestId('app-layout').waitFor();
    const sidebar = page.getByTestId('sidebar');
    const t = texts[code];
    for (const entry of [
      t.menu.dashboard,
      t.menu.deviceList,
      t.menu.alarmList,
      t.menu.myUser,
      t.menu.myLog,
    ]) {
      await expect.poll(() => sidebar.textContent()).toContain(entry);
    }
    await page.getByText(t.pages.stations.emptyTitle).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(code);
  });
});

describe('mobile layout', () => {
  it('below 992 px the sidebar starts closed, opens on demand and closes after navigating', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`${baseUrl}/login`);
    await signIn(page, 'demo', 'demo123');
    await page.getByTestId('app-layout').waitFor();
    await expect.poll(() => page.getByTestId('menu-deviceList').isVisible()).toBe(false);
    await expectAccessible(page, 'layout with the navigation closed');
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('menu-deviceList').waitFor();
    await expectAccessible(page, 'layout with the navigation drawer open');
    await page.getByTestId('menu-deviceList').click();
    await page.waitForURL(/\/device\/deviceList$/);
    await expect.poll(() => page.getByTestId('menu-deviceList').isVisible()).toBe(false);
  });
});

describe('signing out', () => {
  it('clears the session, returns to /login and keeps the language', async () => {
    await page.goto(`${baseUrl}/login`);
    await chooseLanguage('it');
    await signIn(page, 'demo', 'demo123');
    await page.getByTestId('app-layout').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
    await chooseFromAccountMenu(page, 'sign-out', () =>
      page.getByTestId('login-submit').waitFor({ timeout: 10_000 }),
    );
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ curLang: 'it' });
    await page.getByText(it_.login.title, { exact: true }).first().waitFor();
    // the server revoked the token: it no longer opens a session
    const answer = await fetch(`${baseUrl}/api/user/logout`, {
      method: 'POST',
      headers: { token: token ?? '' },
    });
    expect(((await answer.json()) as { msg: string }).msg).toBe('1000');
  });
});
