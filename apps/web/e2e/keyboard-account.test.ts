import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import enValidation from '../../../packages/contracts/src/validation/messages/en.ts';
import enAccounts from '../src/locales/accounts/en.json' with { type: 'json' };
import plAccounts from '../src/locales/accounts/pl.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };
import it_ from '../src/locales/it.json' with { type: 'json' };
import pl from '../src/locales/pl.json' with { type: 'json' };
import { expectAccessible } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';

/**
 * The frame, the sign-in page and the account dialogs by keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.1,
 * 2.4.3, 2.4.7, 3.3.1, 4.1.2): the language is changed on the login page, the user signs in, skips
 * to the main content, opens the account menu with ArrowDown, opens and closes its dialogs, opens
 * "data statistics" from the navigation, changes the language in the top bar and signs out; the forgot-password dialog says nothing
 * while its empty fields are tabbed through, and everything on submit. No mouse: Tab (Shift+Tab),
 * Enter, Space, the arrow keys, Escape and typing. Every step says where focus is, and each state
 * passes axe. Once at a desktop's width, once at a phone's, where the navigation is a drawer.
 */

const baseUrl = inject('baseUrl');
const LOADED = { timeout: 10_000 };
/** Key presses allowed to reach a control: a trap or a lost focus fails instead of looping. */
const MAX_PRESSES = 40;

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** Where focus is: the focused element, its test id (or its nearest marked ancestor's), its name. */
interface Focus {
  tag: string;
  id: string;
  testId: string | null;
  role: string | null;
  name: string;
  /** Inside an open dialog or drawer. */
  inDialog: boolean;
  /** Inside the main region. */
  inMain: boolean;
}

function focusOf(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) {
      return { tag: 'BODY', id: '', testId: null, role: null, name: '', inDialog: false, inMain: false };
    }
    const labels = (element as HTMLInputElement).labels;
    const name =
      element.getAttribute('aria-label') ??
      (labels && labels.length > 0 ? labels[0]?.textContent : null) ??
      element.textContent ??
      '';
    return {
      tag: element.tagName,
      id: element.id,
      testId: element.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      role: element.getAttribute('role'),
      name: name.replace(/\s+/g, ' ').trim(),
      inDialog: element.closest('[role="dialog"]') !== null,
      inMain: element.closest('main') !== null,
    };
  });
}

function describeFocus(focus: Focus): string {
  return `${focus.tag}${focus.testId ? `[${focus.testId}]` : ''}${focus.role ? `(${focus.role})` : ''} "${focus.name.slice(0, 50)}"`;
}

/** Fails unless focus is where `wanted` says, naming where it is. */
async function expectFocus(page: Page, what: string, wanted: (focus: Focus) => boolean): Promise<Focus> {
  let focus = await focusOf(page);
  // a dialog or menu moves focus a frame or two after the key
  await expect
    .poll(
      async () => {
        focus = await focusOf(page);
        return wanted(focus);
      },
      { message: `focus should be on ${what}` },
    )
    .toBe(true)
    .catch(() => {
      throw new Error(`focus should be on ${what}, but is on ${describeFocus(focus)}`);
    });
  return focus;
}

/** Presses `key` until `wanted` holds for the focused element, at most MAX_PRESSES times. */
async function pressUntil(
  page: Page,
  key: 'Tab' | 'Shift+Tab' | 'ArrowDown',
  what: string,
  wanted: (focus: Focus) => boolean,
): Promise<Focus> {
  const trail: string[] = [];
  for (let press = 0; press < MAX_PRESSES; press += 1) {
    await page.keyboard.press(key);
    const focus = await focusOf(page);
    if (wanted(focus)) return focus;
    trail.push(describeFocus(focus));
  }
  throw new Error(
    `${what} was not reached in ${MAX_PRESSES} presses of ${key}; focus went:\n  ${trail.join('\n  ')}`,
  );
}

/** The language select's name in each language the journey chooses. */
const languageLabels: Record<string, string> = { Polski: pl.language.label, Italiano: it_.language.label };

const byTestId = (testId: string) => (focus: Focus) => focus.testId === testId;
const menuItem = (text: string) => (focus: Focus) => focus.role === 'menuitem' && focus.name === text;

/**
 * With focus on a closed language select labelled `label`: opens it with ArrowDown, moves to
 * `option` and chooses it with Enter; `whileOpen` runs with the list shown. Focus stays on the
 * select, closed, named in the new language.
 */
async function chooseLanguage(
  page: Page,
  label: string,
  option: string,
  whileOpen: () => Promise<void> = async () => undefined,
): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => select.getAttribute('aria-expanded')).toBe('true');
  await whileOpen();
  for (let press = 0; ; press += 1) {
    const active = await select.getAttribute('aria-activedescendant');
    const current = active ? await page.locator(`[id="${active}"]`).textContent() : '';
    if (current === option) break;
    if (press === 5) throw new Error(`${option} was not reached with ArrowDown (last: ${current})`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expectFocus(page, 'the language select', byTestId('lang-select'));
  await expect
    .poll(() => page.getByRole('combobox', { name: languageLabels[option] }).getAttribute('aria-expanded'))
    .toBe('false');
}

/** The account menu button's state. */
const menuExpanded = (page: Page) => page.getByTestId('user-menu').getAttribute('aria-expanded');

/** Problems shown under the fields of the dialog, and fields marked invalid. */
function dialogProblems(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    return {
      shown: [...(dialog?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((e) => e.textContent),
      invalid: [...(dialog?.querySelectorAll('[aria-invalid="true"]') ?? [])].map((e) => e.id),
      said: dialog?.querySelector('[role="alert"][data-testid="form-problems-said"]')?.textContent ?? '',
    };
  });
}

/** Every `aria-describedby` of the page points at elements that exist: [field id, missing id]. */
function brokenDescriptions(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-describedby]')].flatMap((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter((id) => id !== '' && document.getElementById(id) === null)
        .map((id) => [element.id || element.tagName, id]),
    ),
  );
}

describe.each([
  { width: 1366, height: 800, mobile: false },
  { width: 390, height: 844, mobile: true },
])('by keyboard alone at $width px', ({ width, height, mobile }) => {
  async function openLogin(): Promise<Page> {
    context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
    await expectFocus(page, 'the user name', byTestId('login-username'));
    return page;
  }

  it('changes the language, signs in, skips to the content, uses the account menu and its dialogs, opens data statistics and signs out', async () => {
    const page = await openLogin();
    await expectAccessible(page, 'login');

    // The language, in the toolbar before the form: opened and closed again with Esc, then opened,
    // moved to Polski and chosen.
    await pressUntil(page, 'Shift+Tab', 'the language select', byTestId('lang-select'));
    const language = page.getByRole('combobox', { name: en.language.label });
    expect(await language.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => language.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => language.getAttribute('aria-expanded')).toBe('false');
    await expectFocus(page, 'the language select', byTestId('lang-select'));
    await chooseLanguage(page, en.language.label, 'Polski', () =>
      expectAccessible(page, 'login, language list open'),
    );
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), LOADED).toBe('pl');
    await page.getByRole('heading', { name: pl.login.title }).waitFor();

    // Sign in.
    await pressUntil(page, 'Tab', 'the user name', byTestId('login-username'));
    await page.keyboard.type('demo');
    await pressUntil(page, 'Tab', 'the password', byTestId('login-password'));
    await page.keyboard.type('demo123');
    await page.keyboard.press('Enter');
    await page.getByTestId('app-layout').waitFor(LOADED);
    await page.getByRole('heading', { level: 1, name: pl.pages.stations.title }).waitFor(LOADED);

    // The landmarks, and the skip link as the first stop of Tab, shown while focused.
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    if (!mobile) expect(await page.getByRole('navigation', { name: pl.menu.navigation }).count()).toBe(1);
    await page.keyboard.press('Tab');
    await expectFocus(
      page,
      'the skip link',
      (focus) => focus.testId === 'skip-link' && focus.name === pl.layout.skipToMain,
    );
    const skip = await page.getByTestId('skip-link').boundingBox();
    expect(skip?.y ?? -1).toBeGreaterThanOrEqual(0);
    await expectAccessible(page, 'layout');
    await page.keyboard.press('Enter');
    await expectFocus(
      page,
      'the main region',
      (focus) => focus.tag === 'MAIN' && focus.id === 'main-content',
    );
    await page.keyboard.press('Tab');
    await expectFocus(page, 'the first control of the content', (focus) => focus.inMain);

    // The account menu, just before the main region: ArrowDown opens it on its first item.
    await pressUntil(page, 'Shift+Tab', 'the account menu', byTestId('user-menu'));
    expect(await menuExpanded(page)).toBe('false');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, 'the first item of the account menu', menuItem(pl.layout.changePassword));
    expect(await menuExpanded(page)).toBe('true');
    await expectAccessible(page, 'account menu open');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, 'the second item', menuItem(pl.layout.editInfo));
    await page.keyboard.press('Escape');
    await expectFocus(page, 'the account menu button', byTestId('user-menu'));
    await expect.poll(() => menuExpanded(page)).toBe('false');
    // the closed menu is taken away (drawn anew at the next opening)
    await page.locator('.user-menu-popup [role="menu"]').waitFor({ state: 'detached', ...LOADED });

    // Enter opens it on its first item too, whatever was chosen before; Enter opens the dialog.
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the first item of the account menu', menuItem(pl.layout.changePassword));
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('user-dialog');
    await dialog.waitFor(LOADED);
    await page.getByRole('dialog', { name: plAccounts.userDialog.titleChangePassword }).waitFor();
    await expectFocus(page, 'the old password', byTestId('user-dialog-old_pwd'));
    await expectAccessible(page, 'change password dialog');
    // Tabbing through the empty fields says nothing yet.
    await pressUntil(page, 'Tab', 'the submit button', byTestId('user-dialog-submit'));
    expect(await dialogProblems(page)).toEqual({ shown: [], invalid: [], said: '' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocus(page, 'the account menu button', byTestId('user-menu'));

    // Space opens the menu as well; edit info, closed again with Esc.
    await page.keyboard.press('Space');
    await expectFocus(page, 'the first item of the account menu', menuItem(pl.layout.changePassword));
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, 'edit info', menuItem(pl.layout.editInfo));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: plAccounts.userDialog.titleEdit }).waitFor(LOADED);
    await expect.poll(() => page.getByTestId('user-dialog-user_name').inputValue(), LOADED).toBe('demo');
    await expectFocus(page, 'the user name', byTestId('user-dialog-user_name'));
    await expectAccessible(page, 'edit info dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocus(page, 'the account menu button', byTestId('user-menu'));

    // Data statistics, from the navigation: on a phone the drawer opens first.
    if (mobile) {
      await pressUntil(page, 'Shift+Tab', 'the navigation toggle', byTestId('sidebar-toggle'));
      expect(await page.getByTestId('sidebar-toggle').getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Enter');
      // focus goes to the current screen's entry in the opened drawer
      await expectFocus(
        page,
        'the current entry of the navigation',
        (focus) => focus.testId === 'menu-dashboard' && focus.inDialog,
      );
      expect(await page.getByRole('navigation', { name: pl.menu.navigation }).count()).toBe(1);
      await expectAccessible(page, 'navigation drawer open');
      await pressUntil(page, 'Tab', 'data statistics', byTestId('menu-dataStatistics'));
    } else {
      await pressUntil(page, 'Shift+Tab', 'data statistics', byTestId('menu-dataStatistics'));
    }
    const statistics = await focusOf(page);
    expect(statistics.tag).toBe('BUTTON');
    expect(statistics.name).toContain(pl.menu.dataStatistics);
    const [dashboard] = await Promise.all([context!.waitForEvent('page'), page.keyboard.press('Enter')]);
    await dashboard.waitForURL(/\/statistics\/en\/\d+\//, LOADED);
    await dashboard.close();
    if (mobile) {
      // the drawer has closed, and focus is back on its toggle
      await expectFocus(page, 'the navigation toggle', byTestId('sidebar-toggle'));
    } else {
      await expectFocus(page, 'data statistics', byTestId('menu-dataStatistics'));
    }

    // A screen of the navigation, by Enter on its link (on a phone, from the drawer).
    if (mobile) {
      await page.keyboard.press('Enter');
      await expectFocus(
        page,
        'the current entry of the navigation',
        (focus) => focus.testId === 'menu-dashboard' && focus.inDialog,
      );
      await pressUntil(page, 'Tab', 'the device list entry', byTestId('menu-deviceList'));
    } else {
      await pressUntil(page, 'Shift+Tab', 'the device list entry', byTestId('menu-deviceList'));
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/device/deviceList', LOADED);
    if (mobile) await expectFocus(page, 'the navigation toggle', byTestId('sidebar-toggle'));

    // The top bar's language select, by keyboard too.
    await pressUntil(page, 'Tab', 'the language select of the top bar', byTestId('lang-select'));
    await chooseLanguage(page, pl.language.label, 'Italiano', () =>
      expectAccessible(page, 'layout, language list open'),
    );
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), LOADED).toBe('it');

    // Sign out through the account menu.
    await pressUntil(page, 'Tab', 'the account menu', byTestId('user-menu'));
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, 'the first item of the account menu', menuItem(it_.layout.changePassword));
    await pressUntil(page, 'ArrowDown', 'sign out', menuItem(it_.layout.signOut));
    await page.keyboard.press('Enter');
    // the sign-out call, then the login screen's code: generous on a loaded machine
    await page.getByTestId('login-submit').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    await page.getByRole('heading', { name: it_.login.title }).waitFor();
  });

  it('the forgot-password dialog says nothing while its empty fields are tabbed through, and what each needs on submit', async () => {
    const page = await openLogin();
    await pressUntil(page, 'Tab', 'the forgot-password link', byTestId('forgot-password-link'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: enAccounts.forgotPassword.title }).waitFor(LOADED);
    await expectFocus(page, 'the email', byTestId('forgot-email'));
    await expectAccessible(page, 'login with the forgot-password dialog');

    await pressUntil(page, 'Tab', 'the submit button', byTestId('forgot-submit'));
    expect(await dialogProblems(page)).toEqual({ shown: [], invalid: [], said: '' });

    await page.keyboard.press('Enter');
    const needs = [
      enValidation['validation.emailRequired'],
      enValidation['validation.verificationCode'],
      enValidation['validation.passwordRequired'],
      enValidation['validation.passwordConfirmationRequired'],
    ];
    await expect.poll(async () => (await dialogProblems(page)).shown).toEqual(needs);
    const problems = await dialogProblems(page);
    expect(problems.invalid).toEqual([
      'forgot_email',
      'forgot_code',
      'forgot_password',
      'forgot_password_again',
    ]);
    // said aloud, and each linked to its field
    expect(problems.said).toBe(needs.join(''));
    expect(await brokenDescriptions(page)).toEqual([]);
    const email = page.getByRole('dialog').getByRole('textbox', { name: enAccounts.forgotPassword.email });
    expect(await email.evaluate((field) => document.getElementById(`${field.id}_help`)?.textContent)).toBe(
      needs[0],
    );
    // the first wrong field has focus
    await expectFocus(page, 'the email', byTestId('forgot-email'));
    await expectAccessible(page, 'forgot-password dialog with its problems');

    // Corrected, its problem goes as it is typed.
    await page.keyboard.type('someone@helio.invalid');
    await expect.poll(async () => (await dialogProblems(page)).shown).toEqual(needs.slice(1));

    await page.keyboard.press('Escape');
    await page.getByTestId('forgot-dialog').waitFor({ state: 'hidden' });
    await expectFocus(page, 'the forgot-password link', byTestId('forgot-password-link'));
  });
});
