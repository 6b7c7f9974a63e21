import { type Browser, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium, headless. The background-networking flags keep it from calling Google's
 * hosts, which this machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
