import enErrors from '@helio/contracts/error-messages/en';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import enDevices from '../src/locales/devices/en.json' with { type: 'json' };
import enMessages from '../src/locales/messages/en.json' with { type: 'json' };
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn } from './support/browser.ts';
import {
  type Account,
  addInverter,
  addStation,
  registerInstaller,
  signInByApi,
  TestDevice,
} from './support/plant.ts';

const baseUrl = inject('baseUrl');
/** The database lives for the whole e2e run: names and serial numbers get this run's mark. */
const run = Date.now().toString(36).toUpperCase();
const texts = enMessages.messages;
/** How long a screen may take to load its code, texts and data. */
const LOADED = { timeout: 10_000 };

let browser: Browser;
const contexts: BrowserContext[] = [];
const devices: TestDevice[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
afterEach(async () => {
  await Promise.all(devices.splice(0).map((device) => device.close()));
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A browser of its own for an account, signed in. */
async function signedIn(account: Pick<Account, 'name' | 'password'>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, account.name, account.password);
  await page.getByTestId('app-layout').waitFor();
  return page;
}

const unreadCount = async (page: Page) =>
  Number(await page.getByTestId('unread-bell').getAttribute('data-count'));

describe('messages', () => {
  it('an alarm becomes an unread message, counted in the top bar, until it is marked read', async () => {
    const owner = await registerInstaller(baseUrl, `e2e_msg_${run}`.toLowerCase());
    const stationId = await addStation(baseUrl, owner, `Message plant ${run}`);
    const sn = `INV${run}M01`;
    const { credentials } = await addInverter(baseUrl, owner, stationId, sn);
    const device = await TestDevice.connect(credentials);
    devices.push(device);

    const page = await signedIn(owner);
    await expect.poll(() => unreadCount(page), LOADED).toBe(0);
    // A fan fault (a warning), then over-temperature (a fault): more severe, so not kept quiet.
    await device.alarm('raise', 302, Date.now() - 60_000);
    await device.alarm('raise', 301, Date.now() - 30_000);

    // The badge asks every minute; the screen asks at once.
    await page.getByTestId('unread-bell').click();
    await page.waitForURL((url) => url.pathname === '/myLog/myLog');
    const list = page.getByTestId('message-list');
    const notice = list.locator('li', { hasText: `Over-temperature on ${sn}` });
    await expect.poll(() => notice.count(), LOADED).toBe(1);
    expect(await notice.getAttribute('data-read')).toBe('false');
    await expect.poll(() => unreadCount(page), LOADED).toBe(2);
    await expectAccessible(page, 'messages with unread notices');

    await notice.getByTestId('message-mark-read').click();
    await expect.poll(() => notice.getAttribute('data-read'), LOADED).toBe('true');
    await expect.poll(() => unreadCount(page), LOADED).toBe(1);

    // Unread only: the fan fault's notice is what is left; "mark all read" reads it too.
    await page.getByTestId('message-unread-only').click();
    await expect.poll(() => list.locator('li').count(), LOADED).toBe(1);
    expect(await list.locator('li').first().textContent()).toContain(`Cooling fan fault on ${sn}`);
    await page.getByTestId('message-read-all').click();
    await page.getByText(texts.allMarkedRead).waitFor();
    await expect.poll(() => unreadCount(page), LOADED).toBe(0);
    await page.getByTestId('messages-empty').waitFor();

    // A notice leads to its alarm.
    await page.getByTestId('message-unread-only').click();
    await notice.getByTestId('message-link').click();
    await page.waitForURL((url) => url.pathname === '/alarmList/alarmList');
    await expect.poll(() => page.getByTestId('alarm-detail').textContent(), LOADED).toContain(sn);
    expect(await page.locator('.ant-drawer-title').textContent()).toBe('Over-temperature');
  });

  it('an installer asks for access to a device registered elsewhere; the holder passes it and the asker is told', async () => {
    const holder = await signInByApi(baseUrl, 'e2e_installer', 'installer-pass-1');
    const stationName = `Held plant ${run}`;
    const stationId = await addStation(baseUrl, holder, stationName);
    const sn = `INV${run}H01`;
    await addInverter(baseUrl, holder, stationId, sn);
    const asker = await registerInstaller(baseUrl, `e2e_ask_${run}`.toLowerCase());
    await addStation(baseUrl, asker, `Asker plant ${run}`);

    // The asker registers the SN: 2001, and the dialog offers to ask its holder.
    const askerPage = await signedIn(asker);
    await askerPage.goto(`${baseUrl}/device/deviceList`);
    await askerPage.getByTestId('device-add').click();
    await askerPage.getByTestId('device-dialog').waitFor();
    await askerPage.getByTestId('device-station').click();
    await askerPage.keyboard.type(`Asker plant ${run}`);
    await askerPage.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await askerPage.getByTestId('device-type').click();
    await askerPage.getByTestId('device-type-option-1').click();
    await askerPage.getByTestId('device-sn').fill(sn);
    await askerPage.getByTestId('device-model').fill('HX-5K');
    await askerPage.getByTestId('device-submit').click();
    await askerPage.getByTestId('device-registered-elsewhere').waitFor();
    expect(await askerPage.getByTestId('device-registered-elsewhere').textContent()).toContain(
      enDevices.devices.dialog.registeredElsewhere.replace('{{sn}}', sn),
    );
    await askerPage.getByTestId('device-request-access').click();
    await askerPage.getByTestId('request-dialog').waitFor();
    expect(await askerPage.getByTestId('request-sn').inputValue()).toBe(sn);
    await expectAccessible(askerPage, 'authorization request dialog');
    await askerPage.getByTestId('request-note').fill('Service contract for the inverter');
    await askerPage.getByTestId('request-submit').click();
    await askerPage.getByText(texts.requests.sent.replace('{{sn}}', sn)).waitFor();

    // Asking twice is refused in words of its own.
    await askerPage.goto(`${baseUrl}/myLog/myLog?tab=requests&direction=sent`);
    const sent = askerPage.locator(`tr[data-sn="${sn}"]`);
    await expect
      .poll(() => sent.getByTestId('request-state').getAttribute('data-state'), LOADED)
      .toBe('pending_review');
    expect(await sent.textContent()).toContain(texts.requests.stationHidden);
    await askerPage.getByTestId('request-add').click();
    await askerPage.getByTestId('request-sn').fill(sn);
    await askerPage.getByTestId('request-submit').click();
    await askerPage.getByText(texts.requests.refused['7005']).waitFor();
    await askerPage.keyboard.press('Escape');

    // The holder is told, and passes it after confirming.
    const holderPage = await signedIn(holder);
    await holderPage.goto(`${baseUrl}/myLog/myLog?kind=authorization`);
    const told = holderPage.getByTestId('message-list').locator('li', {
      hasText: texts.event.request_received.title.replace('{{actor}}', asker.name),
    });
    await expect.poll(() => told.count(), LOADED).toBeGreaterThan(0);
    await told.first().getByTestId('message-link').click();
    await holderPage.waitForURL((url) => url.searchParams.get('tab') === 'requests');
    const received = holderPage.locator(`tr[data-sn="${sn}"]`);
    await received.waitFor();
    expect(await received.textContent()).toContain(asker.name);
    expect(await received.textContent()).toContain('Service contract for the inverter');
    await expectAccessible(holderPage, 'received authorization requests');
    await received.getByTestId('request-pass').click();
    await holderPage.getByTestId('request-pass-confirm').click();
    await expect
      .poll(() => received.getByTestId('request-state').getAttribute('data-state'), LOADED)
      .toBe('pass');
    expect(await received.getByTestId('request-pass').count()).toBe(0);

    // The asker learns it, and now sees the station.
    await askerPage.goto(`${baseUrl}/myLog/myLog?kind=authorization`);
    await askerPage
      .getByTestId('message-list')
      .locator('li', { hasText: texts.event.request_passed.title.replace('{{station}}', stationName) })
      .waitFor();
    await askerPage.goto(`${baseUrl}/myLog/myLog?tab=requests&direction=sent`);
    const asked = askerPage.locator(`tr[data-sn="${sn}"]`);
    await expect
      .poll(() => asked.getByTestId('request-state').getAttribute('data-state'), LOADED)
      .toBe('pass');
    expect(await asked.textContent()).toContain(stationName);
  });

  it('the demo account reads, and its changes are refused in words', async () => {
    const page = await signedIn({ name: 'demo', password: 'demo123' });
    await page.goto(`${baseUrl}/myLog/myLog`);
    await page.getByTestId('notifications-open').click();
    await page.getByTestId('notifications-dialog').waitFor();
    await page.getByTestId('notifications-severity-warning').click();
    await page.getByTestId('notifications-save').click();
    await page.getByText(enErrors['9001']).waitFor();
    await page.getByTestId('notifications-dialog').waitFor();
  });
});
