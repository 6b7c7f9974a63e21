import { readFile } from 'node:fs/promises';
import enMessages from '@helio/contracts/error-messages/en';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import enAlarms from '../src/locales/alarms/en.json' with { type: 'json' };
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn } from './support/browser.ts';
import {
  type Account,
  addEndUser,
  addInverter,
  addStation,
  signInByApi,
  TestDevice,
} from './support/plant.ts';

const baseUrl = inject('baseUrl');
/** The database lives for the whole e2e run: names and serial numbers get this run's mark. */
const run = Date.now().toString(36).toUpperCase();
const MINUTE_MS = 60_000;
/** How long a screen may take to load its code, texts and data. */
const LOADED = { timeout: 10_000 };

let installer: Account;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const devices: TestDevice[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  installer = await signInByApi(baseUrl, 'e2e_installer', 'installer-pass-1');
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, installer.name, installer.password);
  await page.getByTestId('app-layout').waitFor();
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((device) => device.close()));
  await context?.close();
});

/** A station of the installer with one inverter that is connected to the broker. */
async function plantWithDevice(mark: string) {
  const stationName = `Alarm plant ${run}${mark}`;
  const stationId = await addStation(baseUrl, installer, stationName);
  const sn = `INV${run}${mark}`;
  const { deviceId, credentials } = await addInverter(baseUrl, installer, stationId, sn);
  const device = await TestDevice.connect(credentials);
  devices.push(device);
  return { stationId, stationName, sn, deviceId, device };
}

function rows(): Locator {
  return page.getByTestId('alarms-table').locator('tr.alarm-row');
}

function rowOf(faultName: string): Locator {
  return page.getByTestId('alarms-table').locator('tr.alarm-row', { hasText: faultName });
}

describe('the alarm list', () => {
  it('an installer filters alarms by station and state, processes one with an opinion, and sees it marked processed', async () => {
    const plant = await plantWithDevice('P01');
    const now = Date.now();
    // Grid over-voltage came and went; over-temperature and the fan fault are happening.
    await plant.device.alarm('raise', 101, now - 20 * MINUTE_MS);
    await plant.device.alarm('clear', 101, now - 15 * MINUTE_MS);
    await plant.device.alarm('raise', 301, now - 10 * MINUTE_MS);
    await plant.device.alarm('raise', 302, now - 5 * MINUTE_MS);

    await page.getByTestId('menu-alarmList').click();
    await page.waitForURL((url) => url.pathname === '/alarmList/alarmList');

    // The station, searched by name in the picker.
    await page.getByTestId('alarm-station-filter').click();
    await page.keyboard.type(plant.stationName);
    await page.getByTestId(`device-station-option-${plant.stationId}`).click();
    await expect.poll(() => rows().count(), LOADED).toBe(3);

    // Happening ones only: the ended grid over-voltage leaves the list.
    await page.getByTestId('alarm-state-filter').click();
    await page.getByTestId('alarm-state-option-happening').click();
    await expect.poll(() => rows().count(), LOADED).toBe(2);
    expect(await page.getByTestId('alarms-table').textContent()).not.toContain('Grid over-voltage');
    const url = new URL(page.url());
    expect(url.searchParams.get('station_id')).toBe(String(plant.stationId));
    expect(url.searchParams.get('state')).toBe('happening');
    await expectAccessible(page, 'alarm list, filtered');

    // Each row names the fault from the catalogue, with its code, severity and state.
    const overheating = rowOf('Over-temperature');
    expect(await overheating.getByTestId('alarm-fault').textContent()).toContain('301');
    expect(await overheating.getByTestId('alarm-severity').getAttribute('data-severity')).toBe('fault');
    expect(await overheating.getByTestId('alarm-state').getAttribute('data-state')).toBe('happening');
    expect(await overheating.getAttribute('data-processing')).toBe('unprocessed');
    expect(await rowOf('Cooling fan fault').getByTestId('alarm-severity').getAttribute('data-severity')).toBe(
      'warning',
    );

    // Processing it with a handling opinion.
    const opinion = `Cleaned the heat sink and the air inlet ${run}`;
    await overheating.getByTestId('alarm-process').click();
    const dialog = page.getByTestId('alarm-process-dialog');
    await dialog.waitFor();
    await expectAccessible(page, 'process dialog');
    await page.getByTestId('alarm-process-opinion').fill(opinion);
    await page.getByTestId('alarm-process-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(enAlarms.alarms.process.done.processed.replace('{{number}}', '1')).waitFor();
    await expect.poll(() => overheating.getAttribute('data-processing'), LOADED).toBe('processed');
    expect(await overheating.getByTestId('alarm-processed-by').textContent()).toBe(installer.name);
    expect(await rowOf('Cooling fan fault').getAttribute('data-processing')).toBe('unprocessed');

    // Its detail, opened from the keyboard: the opinion, the catalogue's advice and the timeline.
    await overheating.getByTestId('alarm-open').focus();
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('alarm-detail');
    await detail.waitFor();
    expect(new URL(page.url()).searchParams.get('alarm')).not.toBeNull();
    expect(await page.getByTestId('alarm-detail-opinion').textContent()).toBe(opinion);
    await page.getByTestId('alarm-detail-advice').waitFor();
    await page.getByTestId('alarm-timeline-processed').waitFor();
    expect(await detail.textContent()).toContain('Europe/Warsaw');
    await expectAccessible(page, 'alarm detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('alarm')).toBeNull();
    // Focus is back on the button that opened it.
    expect(
      await overheating.getByTestId('alarm-open').evaluate((button) => button === document.activeElement),
    ).toBe(true);

    // The filters live in the address: after a reload, the unprocessed ones are the fan fault alone.
    await page.reload();
    await expect.poll(() => rows().count(), LOADED).toBe(2);
    await page.getByTestId('alarm-processing-filter').click();
    await page.getByTestId('alarm-processing-option-unprocessed').click();
    await expect.poll(() => rows().count(), LOADED).toBe(1);
    expect(await rows().first().textContent()).toContain('Cooling fan fault');

    // The export downloads the list so filtered as a workbook (an .xlsx is a zip: "PK").
    const downloading = page.waitForEvent('download');
    await page.getByTestId('alarm-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await readFile((await download.path()) ?? '');
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.getByText(enAlarms.alarms.export.done.replace('{{rows}}', '1')).waitFor();
    await expect.poll(() => page.getByTestId('alarm-export').getAttribute('data-state')).toBe('idle');
  });

  it('a range the rules refuse is said under the time field and not asked for; the catalogue’s limits hold', async () => {
    const start = '2026-10-01T00:00:00+02:00';
    await page.goto(`${baseUrl}/alarmList/alarmList?start_time=${encodeURIComponent(start)}`);
    const error = page.getByTestId('alarm-range-filter-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(enMessages['200601']);
    await page.getByTestId('alarms-empty').waitFor();
    // The error is the range's description for screen readers.
    const describedBy = await page
      .getByTestId('alarm-range-filter')
      .locator('input')
      .first()
      .getAttribute('aria-describedby');
    expect(await page.evaluate((id) => document.getElementById(id ?? '')?.textContent, describedBy)).toBe(
      enMessages['200601'],
    );
    await expectAccessible(page, 'alarm list with a refused range');

    const end = '2026-11-20T00:00:00+01:00';
    await page.goto(
      `${baseUrl}/alarmList/alarmList?start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}`,
    );
    await expect.poll(() => error.textContent(), LOADED).toBe(enMessages['200603']);

    // Clearing the filters clears the range and the error.
    await page.getByTestId('alarm-clear-filters').click();
    await error.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
  });

  it('a device’s alarm tab puts the happening ones first; its station shows them on a card', async () => {
    const plant = await plantWithDevice('D01');
    const now = Date.now();
    await plant.device.alarm('raise', 101, now - 30 * MINUTE_MS);
    await plant.device.alarm('clear', 101, now - 25 * MINUTE_MS);
    await plant.device.alarm('raise', 301, now - 3 * MINUTE_MS);

    await page.goto(`${baseUrl}/device/deviceList/detail?device_id=${plant.deviceId}&tab=alarms`);
    const happening = page.getByTestId('device-alarms-happening').locator('tr.alarm-row');
    await expect.poll(() => happening.count(), LOADED).toBe(1);
    // The fault's name arrives with the catalogue's texts.
    await expect.poll(() => happening.first().textContent(), LOADED).toContain('Over-temperature');
    const ended = page.getByTestId('device-alarms-ended').locator('tr.alarm-row');
    await expect.poll(() => ended.count(), LOADED).toBe(1);
    await expect.poll(() => ended.first().textContent(), LOADED).toContain('Grid over-voltage');
    await expectAccessible(page, 'device alarms');

    await page.goto(`${baseUrl}/station-detail/battery?station_id=${plant.stationId}`);
    const card = page.getByTestId('station-alarms');
    await expect.poll(() => card.textContent(), LOADED).toContain('Over-temperature');
    expect(await card.textContent()).not.toContain('Grid over-voltage');
    await expectAccessible(page, 'station alarms card');
    await page.getByTestId('station-alarms-all').click();
    await page.waitForURL((url) => url.pathname === '/alarmList/alarmList');
    expect(new URL(page.url()).searchParams.get('station_id')).toBe(String(plant.stationId));
    await expect.poll(() => rows().count(), LOADED).toBe(2);

    // The station list counts the happening alarms of the whole scope and leads to them.
    await page.getByTestId('menu-dashboard').click();
    const happeningCount = page.getByTestId('alarm-stat-happening').locator('.stat-value');
    await expect.poll(async () => Number(await happeningCount.textContent()), LOADED).toBeGreaterThan(0);
    await page.getByTestId('alarm-stat-happening').click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'happening');
    await expect.poll(() => rows().count(), LOADED).toBeGreaterThan(0);
  });
});

describe('an end user', () => {
  it('reads the alarms and reports of its station, with no processing actions', async () => {
    const endUser = await addEndUser(baseUrl, installer, `e2e_owner_${run}`.toLowerCase());
    const stationId = await addStation(baseUrl, installer, `Owner plant ${run}`, endUser);
    const sn = `INV${run}E01`;
    const { credentials } = await addInverter(baseUrl, installer, stationId, sn);
    const device = await TestDevice.connect(credentials);
    devices.push(device);
    await device.alarm('raise', 301, Date.now() - 2 * MINUTE_MS);

    const context2 = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const ownerPage = await context2.newPage();
    try {
      await ownerPage.goto(`${baseUrl}/login`);
      await signIn(ownerPage, endUser.name, endUser.password);
      await ownerPage.getByTestId('app-layout').waitFor();
      await ownerPage.getByTestId('menu-alarmList').click();
      const ownRows = ownerPage.getByTestId('alarms-table').locator('tr.alarm-row');
      await expect.poll(() => ownRows.count(), LOADED).toBe(1);
      expect(await ownRows.first().textContent()).toContain(sn);
      expect(await ownerPage.getByTestId('alarm-process').count()).toBe(0);
      expect(await ownerPage.getByTestId('alarm-select').count()).toBe(0);
      expect(await ownerPage.getByTestId('alarm-process-selected').count()).toBe(0);
      await expectAccessible(ownerPage, 'alarm list of an end user');

      // Its detail has the catalogue's words, and no actions.
      await ownRows.first().getByTestId('alarm-open').click();
      await ownerPage.getByTestId('alarm-detail-advice').waitFor();
      expect(await ownerPage.getByTestId('alarm-detail-process').count()).toBe(0);
      expect(await ownerPage.getByTestId('alarm-detail-report').count()).toBe(0);
      await expectAccessible(ownerPage, 'alarm detail of an end user');
      await ownerPage.keyboard.press('Escape');

      await ownerPage.getByTestId('alarm-tab-reports').click();
      await ownerPage.getByTestId('reports-table').waitFor();
      expect(await ownerPage.getByTestId('report-add').count()).toBe(0);
      await expectAccessible(ownerPage, 'abnormal reports of an end user');
    } finally {
      await context2.close();
    }
  });
});

describe('abnormal reports', () => {
  it('an installer reports an abnormality about an alarm, adds a handling opinion and closes it after confirming', async () => {
    const plant = await plantWithDevice('R01');
    await plant.device.alarm('raise', 302, Date.now() - 2 * MINUTE_MS);
    await page.goto(`${baseUrl}/alarmList/alarmList?station_id=${plant.stationId}`);
    await expect.poll(() => rows().count(), LOADED).toBe(1);

    // From the alarm's detail: the station, device and fault come with it.
    await rows().first().getByTestId('alarm-open').click();
    await page.getByTestId('alarm-detail-report').click();
    const dialog = page.getByTestId('report-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent(), LOADED).toContain(plant.sn);
    await expectAccessible(page, 'report dialog');
    const description = `The fan squeals at full load ${run}`;
    await page.getByTestId('report-description').fill(description);
    await page.getByTestId('report-opinion').fill('A new fan is ordered');
    await page.getByTestId('report-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByTestId('alarm-detail').waitFor({ state: 'detached' });

    // Open, under the alarm screen's second tab.
    await page.getByTestId('alarm-tab-reports').click();
    const row = page.getByTestId('reports-table').locator('tr.ant-table-row', { hasText: description });
    await row.waitFor();
    expect(await row.getByTestId('report-status').getAttribute('data-status')).toBe('open');
    expect(await row.textContent()).toContain(plant.sn);
    await expectAccessible(page, 'abnormal reports');

    // A second handling opinion joins the first.
    await row.getByTestId('report-edit').click();
    await dialog.waitFor();
    await page.getByTestId('report-opinion').fill('Fan replaced, noise gone');
    await page.getByTestId('report-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent(), LOADED).toContain('Fan replaced, noise gone');
    await row.locator('.ant-table-row-expand-icon').click();
    const history = page.locator('.report-history');
    await expect.poll(() => history.getByTestId('report-opinion-entry').count(), LOADED).toBe(2);
    await expectAccessible(page, 'abnormal report with its history');

    // Closing says that it is for good; the list of open reports then leaves it out.
    await row.getByTestId('report-close').click();
    await page.getByTestId('report-close-warning').waitFor();
    await expectAccessible(page, 'report closing dialog');
    await page.getByTestId('report-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('report-status-filter').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'All reports' })
      .click();
    const closed = page.getByTestId('reports-table').locator('tr.ant-table-row', { hasText: description });
    await expect
      .poll(() => closed.getByTestId('report-status').getAttribute('data-status'), LOADED)
      .toBe('closed');
    expect(await closed.getByTestId('report-edit').count()).toBe(0);
  });
});
