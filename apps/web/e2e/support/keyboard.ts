import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Keyboard journeys' steps: where the focus is, said in a failure's message, and bounded Tab walks
 * to a control, and the wait for a settled screen.
 */

/** The most Tab presses a walk to a control may take before the journey fails. */
export const MAX_TABS = 60;

/** What has the focus, for a failure's message. */
export async function focusText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'the page (nothing focused)';
    const testId = active.closest('[data-testid]')?.getAttribute('data-testid');
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? '';
    return `<${active.tagName.toLowerCase()} role=${active.getAttribute('role') ?? ''}> "${name}" in [${testId ?? ''}]`;
  });
}

/** Whether `target` is the focused element (without waiting for it to be there). */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/** Fails unless `target` has the focus (waiting a little: focus moves after a popup's frame). */
export async function expectFocus(page: Page, target: Locator, what: string): Promise<void> {
  try {
    await expect.poll(() => hasFocus(target), { timeout: 3_000 }).toBe(true);
  } catch {
    throw new Error(`the focus should be on ${what}, but is on ${await focusText(page)}`);
  }
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times. */
export async function tabTo(
  page: Page,
  target: Locator,
  what: string,
  { back = false, max = MAX_TABS }: { back?: boolean; max?: number } = {},
): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  if (await hasFocus(target)) return;
  throw new Error(
    `${what} was not reached in ${max} presses of Tab; the focus is on ${await focusText(page)}`,
  );
}

/** Waits until the screen has its data: no spinner, skeleton or running animation left. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]') === null &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 15_000 },
  );
}
