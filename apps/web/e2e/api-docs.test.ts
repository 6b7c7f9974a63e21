import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser.ts';

/** The interactive API docs (/docs) work under the portal's Content-Security-Policy. */
const baseUrl = inject('baseUrl');
const LOADED = { timeout: 15_000 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
afterEach(() => context?.close());

describe('the API docs', () => {
  it('list every call and try one, with no policy violation', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    const response = await page.goto(`${baseUrl}/docs/`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.opblock').first().waitFor(LOADED);
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50);

    const call = page.locator('.opblock').filter({ hasText: '/api/com/getWebVer' }).first();
    await call.locator('.opblock-summary').click();
    await call.getByRole('button', { name: 'Try it out' }).click();
    await call.getByRole('button', { name: 'Execute' }).click();
    const answer = call.locator('.live-responses-table tbody');
    await expect.poll(() => answer.textContent(), LOADED).toContain('"code": 1');
    expect(await answer.locator('.response-col_status').first().textContent()).toContain('200');
  });
});
