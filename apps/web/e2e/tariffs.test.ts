import { addDays, localDate, startOfLocalDay } from '@helio/contracts';
import { upTopic } from '@helio/contracts/device-link';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn, whenDialogStill } from './support/browser.ts';
import { expectFocus, settled, tabTo } from './support/keyboard.ts';
import {
  type Account,
  addEndUser,
  addStation,
  connectNewDevice,
  registerInstaller,
  type TestDevice,
} from './support/plant.ts';

/**
 * Peak-valley usage as a station's owner uses it: a plant near Warsaw whose inverter and meter
 * sent yesterday's readings; the owner sets a tariff by keyboard alone (seasons, time sets,
 * prices), saves it asking to split yesterday again, and reads the peak-valley chart of
 * yesterday: the grid import of the night in the valley, "updates the next day", the newest
 * split day, the money and an .xlsx export. The settings, the editor, the confirmation and the
 * chart are checked by axe, at desktop width and at 800 px.
 */

const baseUrl = inject('baseUrl');
const run = Date.now().toString(36);
const ZONE = 'Europe/Warsaw';
const QUARTER_MS = 15 * 60_000;

let browser: Browser;
let context: BrowserContext | undefined;
let installer: Account;
let owner: Account;
let stationId: number;
let yesterday: string;
const devices: TestDevice[] = [];

/**
 * Yesterday in quarter hours, as the devices resend their buffers: the meter imports 0.5 kWh a
 * quarter from 01:00 to 06:00 (10 kWh, all in the valley set below, away from any band's edge), the
 * inverter makes 0.5 kWh a quarter from 10:00 to 14:00 (8 kWh), nothing else moves.
 */
async function backfillYesterday(inverter: TestDevice, meter: TestDevice): Promise<void> {
  const start = startOfLocalDay(yesterday, ZONE);
  const end = startOfLocalDay(addDays(yesterday, 1), ZONE);
  const inverterReadings: object[] = [];
  const meterReadings: object[] = [];
  let pv = 1000;
  let imported = 500;
  for (let ts = start, seq = 1; ts <= end; ts += QUARTER_MS, seq += 1) {
    const hour = (ts - start) / 3_600_000;
    if (hour > 1 && hour <= 6) imported += 0.5;
    if (hour > 10 && hour <= 14) pv += 0.5;
    const pvW = hour > 10 && hour <= 14 ? 2000 : 0;
    inverterReadings.push({ ts, seq, values: { state: 2, pv_power_w: pvW, ac_power_w: pvW, pv_kwh: pv } });
    meterReadings.push({
      ts,
      seq,
      values: { grid_power_w: hour > 1 && hour <= 6 ? 2000 : 0, import_kwh: imported, export_kwh: 20 },
    });
  }
  for (const [device, readings] of [
    [inverter, inverterReadings],
    [meter, meterReadings],
  ] as const) {
    await device.client.publishAsync(
      upTopic(device.sn, 'backfill'),
      JSON.stringify({ v: 1, interval_s: 900, readings }),
      { qos: 1 },
    );
  }
}

beforeAll(async () => {
  browser = await launchChromium();
  installer = await registerInstaller(baseUrl, `e2e_pv_${run}`);
  owner = await addEndUser(baseUrl, installer, `e2e_pv_owner_${run}`);
  stationId = await addStation(baseUrl, installer, `Peak valley ${run}`, owner);
  yesterday = addDays(localDate(Date.now(), ZONE), -1);
  const inverter = await connectNewDevice(
    baseUrl,
    installer,
    stationId,
    1,
    `INV${run}PV1`.toUpperCase(),
    'HX-5K',
  );
  const meter = await connectNewDevice(
    baseUrl,
    installer,
    stationId,
    6,
    `MTR${run}PV2`.toUpperCase(),
    'SDM630',
  );
  devices.push(inverter, meter);
  await backfillYesterday(inverter, meter);
}, 120_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await Promise.all(devices.splice(0).map((device) => device.close()));
  await browser?.close();
});

async function openStation(width: number): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, owner.name, owner.password);
  await page.getByTestId('app-layout').waitFor();
  await page.goto(`${baseUrl}/station-detail/battery?station_id=${stationId}`);
  await page.getByTestId('tariff-settings').waitFor();
  await page.getByTestId('usage-chart').waitFor();
  return page;
}

/** Types into the focused field what a user types, replacing what it held. */
async function typeHere(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

describe('peak-valley usage', () => {
  it('an owner sets a tariff by keyboard, splits yesterday again and reads its peak-valley chart', async () => {
    const page = await openStation(1366);
    const settings = page.getByTestId('tariff-settings');
    await expect.poll(() => settings.getAttribute('data-state'), { timeout: 15_000 }).toBe('none');
    await page.getByTestId('usage-no-tariff').waitFor();
    await settled(page);
    await expectAccessible(page, 'peak-valley settings and chart without a tariff');

    // The settings' button opens the editor by keyboard.
    const edit = page.getByTestId('tariff-edit');
    await edit.focus();
    await expectFocus(page, edit, 'the set-the-tariff button');
    await page.keyboard.press('Enter');
    const editor = page.getByTestId('tariff-editor');
    await editor.waitFor();
    await whenDialogStill(editor);
    await expectAccessible(page, 'tariff editor');

    // Through the form by Tab: the season's name, its months, the time sets' fields, the prices.
    await tabTo(page, page.getByTestId('tariff-season-0-name'), 'the season’s name');
    await typeHere(page, 'Whole year');
    await tabTo(page, page.locator('[data-testid="tariff-season-0-months"] input'), 'the season’s months');
    await tabTo(
      page,
      page.locator('[data-testid="tariff-period-0-0-band"] input'),
      'the first time set’s band',
    );
    await tabTo(page, page.getByTestId('tariff-period-0-0-start'), 'the first time set’s start');
    await tabTo(page, page.getByTestId('tariff-period-0-1-end'), 'the second time set’s end');
    // A reversed time is refused under the field, in words, as it is typed.
    await typeHere(page, '16:00');
    const endItem = page
      .getByTestId('tariff-period-0-1-end')
      .locator(
        'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]',
      );
    await expect
      .poll(() => endItem.textContent())
      .toContain('The end time cannot be earlier than the start time');
    await typeHere(page, '21:00');
    await expect.poll(() => endItem.textContent()).not.toContain('The end time');
    await tabTo(page, page.getByTestId('tariff-add-season'), 'the add-season button');
    for (const [band, price] of [
      ['peak', '0.95'],
      ['shoulder', '0.7'],
      ['valley', '0.4'],
      ['feed-in', '0.25'],
    ] as const) {
      await tabTo(page, page.getByTestId(`tariff-price-${band}`), `the ${band} price`);
      await typeHere(page, price);
    }
    // Enter in a field submits: the confirmation asks about the days already split.
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('tariff-confirm');
    await confirm.waitFor();
    await whenDialogStill(confirm);
    await expectFocus(
      page,
      page.getByTestId('tariff-confirm-recompute'),
      'the choice to split the history again',
    );
    await expectAccessible(page, 'tariff save confirmation');
    await page.keyboard.press('Space');
    const from = page.getByTestId('tariff-confirm-from');
    await from.waitFor();
    await tabTo(page, from, 'the day to split again from');
    await typeHere(page, yesterday);
    await tabTo(page, page.getByTestId('tariff-confirm-save'), 'the confirmation’s save button');
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => settings.getAttribute('data-state')).toBe('set');
    expect(await page.getByTestId('tariff-summary-season-0').textContent()).toContain('Whole year');
    expect(await page.getByTestId('tariff-summary-price-valley').textContent()).toContain('0.40');
    // The focus stays on the screen, on the settings' button.
    await expectFocus(page, edit, 'the edit-the-tariff button');

    // Yesterday's chart, once the night's work (asked for by the save) is done.
    const chart = page.getByTestId('usage-chart');
    await chart.getByTestId('range-previous').click();
    await expect
      .poll(() => page.getByTestId('usage-updated-through').textContent(), { timeout: 60_000 })
      .toBe(`Split up to ${yesterday}.`);
    await page.getByTestId('usage-canvas').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('usage-next-day').textContent()).toContain(
      'Peak-valley figures update the next day',
    );
    expect(await page.getByTestId('usage-total-valley').textContent()).toBe('10.0 kWh');
    expect(await page.getByTestId('usage-total-total').textContent()).toBe('10.0 kWh');
    // 10 kWh bought at 0.40 in the valley
    expect(await page.getByTestId('usage-money-valley').textContent()).toContain('4.00');
    await settled(page);
    await expectAccessible(page, 'peak-valley chart of yesterday');

    await page.getByTestId('usage-view-table').click();
    await page.getByTestId('usage-table').waitFor();
    await expectAccessible(page, 'peak-valley chart as a table');

    const download = page.waitForEvent('download');
    await page.getByTestId('usage-export').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  }, 180_000);

  it('at 800 px the tariff, its editor and the chart stay readable and accessible', async () => {
    const page = await openStation(800);
    await expect.poll(() => page.getByTestId('tariff-settings').getAttribute('data-state')).toBe('set');
    await settled(page);
    await expectAccessible(page, 'peak-valley settings and chart');
    await page.getByTestId('tariff-edit').click();
    const editor = page.getByTestId('tariff-editor');
    await editor.waitFor();
    await whenDialogStill(editor);
    await expectAccessible(page, 'tariff editor');
    const overflow = await editor.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.getByTestId('tariff-editor-cancel').click();
    await editor.waitFor({ state: 'detached' });
  }, 120_000);
});
