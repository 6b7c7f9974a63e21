import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * Content-Security-Policy violations the pages of the journeys reported: the portal must work
 * under its policy, so any one fails the journey it happened in (the `afterEach` below, which
 * every test file importing this module gets).
 */
const policyViolations: string[] = [];

afterEach(() => {
  const reported = policyViolations.splice(0);
  if (reported.length > 0) {
    throw new Error(`the page reported Content-Security-Policy violations:\n  ${reported.join('\n  ')}`);
  }
});

/** Collects every page's `securitypolicyviolation` events and Chromium's console notes of them. */
async function watchPolicyViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__helioPolicyViolation', ({ page }, report: string) => {
    policyViolations.push(`${page.url()}: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __helioPolicyViolation(text: string): void })
        .__helioPolicyViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'}` +
          ` (${event.sourceFile || 'the document'}:${event.lineNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) {
      policyViolations.push(`${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
    }
  });
}

/**
 * Debian's Chromium, headless. The background-networking flags keep it from calling Google's
 * hosts, which this machine's closed network refuses. Every context it opens watches for
 * Content-Security-Policy violations and, unless told otherwise, prefers reduced motion.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // browser.newPage() opens its context through newContext() too
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: Parameters<Browser['newContext']>[0]) => {
    // As for users who ask for less motion: dialogs and menus appear at once, so a click meets a
    // control where it stands. A journey about motion (the power flow) asks for 'no-preference'.
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await watchPolicyViolations(context);
    return context;
  };
  return browser;
}

/** Fills and submits the login form. */
export async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Chooses an item of the account menu and waits for what it does (`done`, e.g. its dialog
 * showing). On a loaded machine a click can land while the menu is still animating in, or the
 * top bar can be rendered again under it, and the choice is lost; what the journeys test is
 * the item's effect, so the menu is opened again, up to three times.
 */
export async function chooseFromAccountMenu(
  page: Page,
  itemTestId: string,
  done: () => Promise<unknown>,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.getByTestId('user-menu').click();
    const item = page.getByTestId(itemTestId);
    await item.waitFor();
    await item.click();
    try {
      await done();
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Waits until the dialog holding `locator` has finished opening. An antd dialog zooms in from the
 * last click; a click aimed at its box while it still grows lands beside the control (on a loaded
 * machine the zoom can take long enough for that), so a journey clicks inside a new dialog only
 * once it stands still.
 */
export async function whenDialogStill(locator: Locator): Promise<void> {
  await locator.evaluate(
    (element) =>
      new Promise<void>((resolve, reject) => {
        const dialog = element.closest('.ant-modal') ?? element;
        const started = performance.now();
        const opening = () =>
          /-(appear|enter)(-|\s|$)/.test(dialog.className) ||
          dialog
            .getAnimations({ subtree: true })
            .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        const look = () => {
          if (!opening()) resolve();
          else if (performance.now() - started > 10_000) reject(new Error('the dialog never stood still'));
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
}
