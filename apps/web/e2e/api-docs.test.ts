import { allCalls, allEventStreams, allUploads } from '@helio/contracts';
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
    // every domain's section, each opening on its calls (one at a time: there are too many to draw at once)
    await page.locator('.opblock-tag').first().waitFor(LOADED);
    const domains = new Set([...allCalls, ...allUploads, ...allEventStreams].map((call) => call.domain));
    expect(await page.locator('.opblock-tag').count()).toBe(domains.size);
    for (const [domain, count] of [
      ['station', allCalls.filter((call) => call.domain === 'station').length],
      ['ems5000', allCalls.filter((call) => call.domain === 'ems5000').length + 1],
    ] as const) {
      const tag = page.locator(`.opblock-tag[data-tag="${domain}"]`);
      await tag.click();
      await expect.poll(() => page.locator('.opblock').count(), LOADED).toBeGreaterThanOrEqual(count);
      await tag.click();
      await expect.poll(() => page.locator('.opblock').count(), LOADED).toBe(0);
    }

    await page.locator('.opblock-tag[data-tag="common"]').click();
    const call = page.locator('.opblock').filter({ hasText: '/api/com/getWebVer' }).first();
    await call.locator('.opblock-summary').click();
    await call.getByRole('button', { name: 'Try it out' }).click();
    await call.getByRole('button', { name: 'Execute' }).click();
    const answer = call.locator('.live-responses-table tbody');
    await expect.poll(() => answer.textContent(), LOADED).toContain('"code": 1');
    expect(await answer.locator('.response-col_status').first().textContent()).toContain('200');
  });
});
