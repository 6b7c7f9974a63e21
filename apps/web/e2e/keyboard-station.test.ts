import { upTopic } from '@helio/contracts/device-link';
import type { MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { chartAxes } from '../src/features/stations/lib/chart-option.ts';
import { axisNumberText } from '../src/features/stations/lib/chart-text.ts';
import { zonedToday } from '../src/features/stations/lib/range.ts';
import { expectAccessible } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { expectFocus, settled, tabTo } from './support/keyboard.ts';
import { type Account, addInverter, api, connectNewDevice, registerInstaller } from './support/plant.ts';

/**
 * A station used by keyboard alone, at a desktop's width and a phone's: an installer signs in,
 * opens the columns of the station list and pages it, opens a station fed by real MQTT devices,
 * exports its chart, goes through the chart's tabs and ranges, reads a number of the chart's
 * table view, opens and closes the station and device dialogs, then opens the device list, pages
 * it, opens a device and goes through its tabs, its secret's rotation and its removal's
 * confirmation. No click: only keys. At every step the test says where the focus is, every Tab
 * walk is bounded, and axe (WCAG 2.0/2.1 A and AA) checks every state on the way.
 */

const baseUrl = inject('baseUrl');
/** The database lives for the whole e2e run: names and serial numbers get this run's mark. */
const run = Date.now().toString(36).toUpperCase();
const ZONE = 'Europe/Warsaw';
const FIVE_MINUTES = 300_000;
let browser: Browser;
let context: BrowserContext | undefined;
let installer: Account;
let stationId: number;
const clients: MqttClient[] = [];
const sns = { inverter: `INV${run}KB1`, battery: `BAT${run}KB2`, meter: `MTR${run}KB3` };

/** One device of the station, speaking docs/device-protocol.md over its own connection. */
async function connectDevice(type: number, sn: string, model: string): Promise<MqttClient> {
  const { client } = await connectNewDevice(baseUrl, installer, stationId, type, sn, model);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  browser = await launchChromium();
  installer = await registerInstaller(baseUrl, `keys_${run}`.toLowerCase());
  // Eleven older stations with an inverter each: the station and device lists have a second page.
  for (let index = 0; index < 11; index++) {
    const older = await api<{ station_id: number }>(
      baseUrl,
      'bg/station/add',
      {
        station_name: `Keys older ${index} ${run}`,
        station_type: 1,
        installer_id: installer.userId,
        country_code: 'PL',
        address: 'ul. Boczna 1',
        latitude: 52.2,
        longitude: 21,
        capacity_kwp: 5,
        unit_price: 0.85,
        currency: 'PLN',
      },
      installer.token,
    );
    await addInverter(baseUrl, installer, older.station_id, `INV${run}O${index}`);
  }
  // The newest station, first in the list: a residential ESS near Warsaw with real devices.
  const station = await api<{ station_id: number }>(
    baseUrl,
    'bg/station/add',
    {
      station_name: `Keys ${run}`,
      station_type: 4,
      installer_id: installer.userId,
      country_code: 'PL',
      address: 'ul. Słoneczna 7',
      latitude: 52.2297,
      longitude: 21.0122,
      capacity_kwp: 9.6,
      unit_price: 0.85,
      currency: 'PLN',
      timezone: ZONE,
    },
    installer.token,
  );
  stationId = station.station_id;
  const inverter = await connectDevice(1, sns.inverter, 'HX-5K');
  const battery = await connectDevice(2, sns.battery, 'HV-10');
  const meter = await connectDevice(6, sns.meter, 'SDM630');
  // The last hour, every five minutes, as each device resends its buffer.
  const now = Date.now();
  const counters = { pv: 1500, charge: 300, import: 900, export: 700 };
  const batches = { inverter: [] as object[], battery: [] as object[], meter: [] as object[] };
  for (let step = 0; step < 12; step++) {
    const ts = now - 60_000 - (12 - step) * FIVE_MINUTES;
    const pvW = 3000 + step * 100;
    const batteryW = 800;
    const gridW = 1500 + batteryW - pvW;
    counters.pv += pvW / 12_000;
    counters.charge += batteryW / 12_000;
    if (gridW > 0) counters.import += gridW / 12_000;
    else counters.export -= gridW / 12_000;
    const round = (kwh: number) => Math.round(kwh * 1000) / 1000;
    batches.inverter.push({
      ts,
      seq: step + 1,
      values: { state: 2, pv_power_w: pvW, ac_power_w: pvW * 0.97, pv_kwh: round(counters.pv) },
    });
    batches.battery.push({
      ts,
      seq: step + 1,
      values: {
        state: 4,
        power_w: batteryW,
        soc_pct: 50 + step,
        charge_kwh: round(counters.charge),
        discharge_kwh: 280,
      },
    });
    batches.meter.push({
      ts,
      seq: step + 1,
      values: { grid_power_w: gridW, import_kwh: round(counters.import), export_kwh: round(counters.export) },
    });
  }
  for (const [client, sn, readings] of [
    [inverter, sns.inverter, batches.inverter],
    [battery, sns.battery, batches.battery],
    [meter, sns.meter, batches.meter],
  ] as const) {
    await client.publishAsync(upTopic(sn, 'backfill'), JSON.stringify({ v: 1, interval_s: 60, readings }), {
      qos: 1,
    });
  }
}, 120_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  await browser?.close();
});

/**
 * Checks the screen once it has settled: axe, and its headings, which start at the one h1 and go
 * down one level at a time (axe counts a skipped level as moderate only).
 */
async function check(page: Page, screen: string): Promise<void> {
  await settled(page);
  await expectAccessible(page, screen);
  const levels = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => heading.closest('[aria-hidden="true"]') === null)
      .map((heading) => Number(heading.tagName[1])),
  );
  expect(levels[0], `${screen}: the first heading`).toBe(1);
  const skipped = levels.findIndex((level, index) => index > 0 && level > levels[index - 1]! + 1);
  expect(skipped, `${screen}: headings ${levels.join(' ')} skip a level`).toBe(-1);
}

/** A tab of a tab list, by the test id of its label. */
function tabOf(page: Page, labelTestId: string): Locator {
  return page.getByRole('tab').filter({ has: page.getByTestId(labelTestId) });
}

/** The chart answers the page received, by call path and range type (the last of each). */
interface ChartAnswer {
  unit: string;
  date: string | null;
  series: { key: string; unit: string; kind: string }[];
  rows: { period: string; label: string; values: (number | null)[] }[];
}

async function journey(width: number, height: number): Promise<void> {
  context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  const answers = new Map<string, ChartAnswer>();
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (path !== '/api/station/chart') return;
    const body = JSON.parse(response.request().postData() ?? '{}') as { type: number; export?: number };
    if (body.export !== undefined) return;
    const answer = (await response.json().catch(() => null)) as { data?: ChartAnswer } | null;
    if (answer?.data) answers.set(`${path}:${body.type}`, answer.data);
  });
  const mobile = width < 768;

  // Sign in: Tab to each field, type, Enter.
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-submit').waitFor();
  await tabTo(page, page.getByTestId('login-username'), 'the user name');
  await page.keyboard.type(installer.name);
  await tabTo(page, page.getByTestId('login-password'), 'the password');
  await page.keyboard.type(installer.password);
  await page.keyboard.press('Enter');
  await page.getByTestId('stations-table').waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  await page.getByTestId(`station-link-${stationId}`).waitFor();
  await check(page, 'station list');

  // The columns popover takes the focus when it opens and gives it back when it closes.
  const columns = page.getByTestId('station-columns');
  await tabTo(page, columns, 'the columns button');
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('column-picker');
  await picker.waitFor();
  await expect
    .poll(() => picker.evaluate((element) => element.contains(document.activeElement)), { timeout: 3_000 })
    .toBe(true);
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('checkbox');
  await check(page, 'station list with its columns popover');
  await page.keyboard.press('Escape');
  await picker.waitFor({ state: 'hidden' });
  await expectFocus(page, columns, 'the columns button, after Esc');

  // Paging keeps the focus on the pagination, even where the button pressed is disabled next.
  const stationPages = page.locator('.ant-table-pagination');
  const next = stationPages.locator('.ant-pagination-next');
  await tabTo(page, next, 'the next page button');
  await page.keyboard.press('Enter');
  await expect.poll(() => stationPages.locator('.ant-pagination-item-active').textContent()).toBe('2');
  await expectFocus(page, stationPages.locator('.ant-pagination-item-active'), 'the current page, 2');
  const previous = stationPages.locator('.ant-pagination-prev');
  await tabTo(page, previous, 'the previous page button', { back: true });
  await page.keyboard.press('Enter');
  await expect.poll(() => stationPages.locator('.ant-pagination-item-active').textContent()).toBe('1');
  await expectFocus(page, stationPages.locator('.ant-pagination-item-active'), 'the current page, 1');

  // The station opens with Enter on its name.
  const link = page.getByTestId(`station-link-${stationId}`);
  await tabTo(page, link, 'the station’s link', { back: true });
  await page.keyboard.press('Enter');
  await page.getByTestId('station-detail').waitFor();
  expect(new URL(page.url()).pathname).toBe('/station-detail/battery');
  const chart = page.getByTestId('station-chart');
  const canvas = page.getByTestId('station-chart-canvas');
  await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
  await check(page, 'station detail');

  // The export keeps its button's focus while the file is made, and after.
  const exportButton = page.getByTestId('station-chart-export');
  await tabTo(page, exportButton, 'the export button');
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);
  await expectFocus(page, exportButton, 'the export button, after the export');

  // The chart's tabs: arrows move between them, Enter opens one; each is checked with its chart.
  const firstTab = tabOf(page, 'station-chart-tab-station');
  await tabTo(page, firstTab, 'the chart’s first tab');
  expect(await firstTab.getAttribute('aria-selected')).toBe('true');
  for (const kind of ['yield', 'income', 'battery'] as const) {
    await page.keyboard.press('ArrowRight');
    await expectFocus(page, tabOf(page, `station-chart-tab-${kind}`), `the ${kind} tab`);
    await page.keyboard.press('Enter');
    await expect.poll(() => chart.getAttribute('data-kind')).toBe(kind);
    expect(await tabOf(page, `station-chart-tab-${kind}`).getAttribute('aria-selected')).toBe('true');
    await chart
      .locator('[data-testid="station-chart-canvas"], [data-testid="station-chart-empty"]')
      .waitFor();
    await check(page, `station detail, ${kind} chart`);
  }
  await page.keyboard.press('Home');
  await expectFocus(page, firstTab, 'the first tab, after Home');
  await page.keyboard.press('Enter');
  await expect.poll(() => chart.getAttribute('data-kind')).toBe('station');
  await check(page, 'station detail, power and energy chart');

  // The range's units are radio buttons: one Tab stop, arrows choose (day → week → month → year).
  const units = page.getByTestId('range-selector');
  const unit = (name: string) => units.getByRole('radio', { name, exact: true });
  await tabTo(page, unit('Day'), 'the chosen unit, Day');
  const today = zonedToday(ZONE);
  const thisYear = today.slice(0, 4);
  for (const [name, value, date] of [
    ['Week', 'week', undefined],
    ['Month', 'month', today.slice(0, 7)],
    ['Year', 'year', thisYear],
  ] as const) {
    await page.keyboard.press('ArrowRight');
    await expectFocus(page, unit(name), `the unit ${name}`);
    await expect.poll(() => chart.getAttribute('data-unit')).toBe(value);
    if (date) await expect.poll(() => chart.getAttribute('data-date')).toBe(date);
  }
  // One year back and forth: the step buttons are reached by Tab and pressed with Enter or Space.
  const back = page.getByTestId('range-previous');
  const forward = page.getByTestId('range-next');
  expect(await forward.getAttribute('aria-disabled')).toBe('true');
  await tabTo(page, back, 'the previous period button');
  await page.keyboard.press('Enter');
  await expect.poll(() => chart.getAttribute('data-date')).toBe(String(Number(thisYear) - 1));
  await expectFocus(page, back, 'the previous period button, after a step');
  await check(page, 'station detail, last year');
  await tabTo(page, forward, 'the next period button');
  await page.keyboard.press('Space');
  await expect.poll(() => chart.getAttribute('data-date')).toBe(thisYear);
  // Today's period has no next one: the button says so but keeps the focus.
  expect(await forward.getAttribute('aria-disabled')).toBe('true');
  await expectFocus(page, forward, 'the next period button, now at today');
  // A day is typed into the picker and taken with Enter.
  await tabTo(page, unit('Year'), 'the chosen unit, Year', { back: true });
  for (let presses = 0; presses < 3; presses++) await page.keyboard.press('ArrowLeft');
  await expectFocus(page, unit('Day'), 'the unit Day');
  await expect.poll(() => chart.getAttribute('data-unit')).toBe('day');
  const dayPicker = page.getByTestId('range-picker');
  await tabTo(page, dayPicker, 'the day picker');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(today);
  await page.keyboard.press('Enter');
  await expect.poll(() => chart.getAttribute('data-date')).toBe(today);
  await expectFocus(page, dayPicker, 'the day picker, after Enter');
  await page.keyboard.press('Escape');

  // The table view: a toggle button; the table holds the chart's own numbers.
  await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
  const summary = page.getByTestId('station-chart-canvas-summary');
  expect(await canvas.getAttribute('role')).toBe('img');
  expect(await canvas.getAttribute('aria-label')).toBe(`Power and energy chart, ${today}`);
  expect(await canvas.getAttribute('aria-describedby')).toBe(await summary.getAttribute('id'));
  expect(await summary.textContent()).toMatch(/PV power: lowest \d+\.\d\d kW, highest \d+\.\d\d kW, latest/);
  const toggle = page.getByTestId('station-chart-view-table');
  await tabTo(page, toggle, 'the table view button');
  expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  await page.keyboard.press('Space');
  const table = page.getByTestId('station-chart-table');
  await table.waitFor();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  await expectFocus(page, toggle, 'the table view button, pressed');
  expect(await chart.getAttribute('data-view')).toBe('table');
  const day = answers.get('/api/station/chart:1');
  if (!day) throw new Error('no answer of the day chart');
  expect(day.date).toBe(today);
  const pv = day.series.findIndex((series) => series.key === 'pv_w');
  const row = day.rows.findLast((one) => typeof one.values[pv] === 'number');
  if (!row) throw new Error('the day chart has no PV power');
  const axis = chartAxes(day as never).find((one) => one.keys.includes('pv_w'));
  if (!axis) throw new Error('no axis of PV power');
  const headers = await table.locator('thead th').allTextContents();
  expect(headers[0]).toBe('Time');
  expect(headers[pv + 1]).toBe(`PV power (${axis.unit})`);
  expect(await table.locator('caption').textContent()).toContain(ZONE);
  const tableRow = table.locator('tbody tr').filter({ has: page.locator('th', { hasText: row.label }) });
  expect(await tableRow.locator('th').getAttribute('scope')).toBe('row');
  expect(await tableRow.locator('td').nth(pv).textContent()).toBe(axisNumberText(axis, row.values[pv], 'en'));
  // The table scrolls in a region that takes the focus.
  await page.keyboard.press('Tab');
  await expectFocus(page, table, 'the table’s scrolling region');
  await check(page, 'station detail, table view');

  // The station's edit dialog gives the focus back to its button.
  const edit = page.getByTestId('station-edit');
  await tabTo(page, edit, 'the edit button', { back: true, max: 80 });
  await page.keyboard.press('Enter');
  const stationDialog = page.locator('.station-dialog');
  await page.getByTestId('station-name').waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.ant-modal') !== null))
    .toBe(true);
  await check(page, 'station edit dialog');
  await page.keyboard.press('Escape');
  await stationDialog.waitFor({ state: 'hidden' });
  await expectFocus(page, edit, 'the edit button, after the dialog');

  // A device registered by keyboard: its credentials, acknowledged, give the focus back to "Add device".
  const addDevice = page.getByTestId('station-devices').getByTestId('device-add');
  await tabTo(page, addDevice, 'the add device button', { max: 120 });
  await page.keyboard.press('Enter');
  const deviceDialog = page.getByTestId('device-dialog');
  await deviceDialog.waitFor();
  await check(page, 'device register dialog');
  const typeSelect = page.getByTestId('device-type').locator('input');
  await tabTo(page, typeSelect, 'the device type');
  // The list opens on its first type (inverter); the next one is a battery.
  await page.keyboard.press('ArrowDown');
  await page.getByTestId('device-type-option-2').waitFor();
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(() => page.locator('.ant-select-item-option-active [data-testid]').getAttribute('data-testid'))
    .toBe('device-type-option-2');
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('device-sn'), 'the SN');
  const secondBattery = `BAT${run}K${width}`;
  await page.keyboard.type(secondBattery);
  await tabTo(page, page.getByTestId('device-model'), 'the model');
  await page.keyboard.type('WB-11');
  await page.keyboard.press('Enter');
  const credentials = page.getByTestId('credentials-dialog');
  await credentials.waitFor();
  await check(page, 'credentials dialog');
  await tabTo(page, credentials.getByRole('checkbox'), 'the “saved” box');
  await page.keyboard.press('Space');
  await tabTo(page, page.getByTestId('credentials-done'), 'the Done button');
  await page.keyboard.press('Enter');
  await credentials.waitFor({ state: 'detached' });
  await expectFocus(page, addDevice, 'the add device button, after the credentials');
  await page.getByTestId('station-devices').getByText(secondBattery, { exact: true }).waitFor();

  // The device list, from the navigation (in a drawer on a phone).
  const deviceMenu = page.getByTestId('menu-deviceList');
  if (mobile) {
    const toggleNav = page.getByTestId('sidebar-toggle');
    await tabTo(page, toggleNav, 'the navigation button', { back: true, max: 150 });
    await page.keyboard.press('Enter');
    await page.getByTestId('sidebar').waitFor();
    await tabTo(page, deviceMenu, 'the device list entry');
  } else {
    await tabTo(page, deviceMenu, 'the device list entry', { back: true, max: 150 });
  }
  await page.keyboard.press('Enter');
  await page.getByTestId('devices-table').waitFor();
  expect(new URL(page.url()).pathname).toBe('/device/deviceList');
  await check(page, 'device list');

  // Its paging keeps the focus on the pagination too.
  const devicePages = page.locator('.ant-table-pagination');
  await tabTo(page, devicePages.locator('.ant-pagination-next'), 'the next page of devices', { max: 150 });
  await page.keyboard.press('Enter');
  await expect.poll(() => devicePages.locator('.ant-pagination-item-active').textContent()).toBe('2');
  await expectFocus(
    page,
    devicePages.locator('.ant-pagination-item-active'),
    'the current page of devices, 2',
  );
  await check(page, 'device list, page 2');
  await tabTo(page, devicePages.locator('.ant-pagination-prev'), 'the previous page of devices', {
    back: true,
  });
  await page.keyboard.press('Enter');
  await expect.poll(() => devicePages.locator('.ant-pagination-item-active').textContent()).toBe('1');
  await expectFocus(
    page,
    devicePages.locator('.ant-pagination-item-active'),
    'the current page of devices, 1',
  );

  // A device's detail, by Enter on its SN; its tabs by arrows and Enter.
  const snLink = page.getByTestId('devices-table').getByRole('link', { name: sns.inverter, exact: true });
  await tabTo(page, snLink, 'the inverter’s SN', { back: true, max: 150 });
  await page.keyboard.press('Enter');
  await page.getByTestId('device-detail').waitFor();
  await page.getByTestId('device-basic').waitFor();
  await check(page, 'device detail');
  const basicTab = tabOf(page, 'device-tab-basic');
  await tabTo(page, basicTab, 'the device’s first tab');
  for (const key of ['realtime', 'history', 'alarms', 'log', 'settings', 'strategy'] as const) {
    await page.keyboard.press('ArrowRight');
    await expectFocus(page, tabOf(page, `device-tab-${key}`), `the device’s ${key} tab`);
    await page.keyboard.press('Enter');
    await expect.poll(() => tabOf(page, `device-tab-${key}`).getAttribute('aria-selected')).toBe('true');
    if (key === 'realtime') await page.getByTestId('reading-group-power').waitFor();
    if (key === 'history') {
      const history = page.getByTestId('history-chart');
      await expect.poll(() => history.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      expect(await history.getAttribute('role')).toBe('img');
      expect(await page.getByTestId('history-chart-summary').textContent()).toMatch(/lowest .* kW/);
    }
    await check(page, `device detail, ${key} tab`);
    if (key === 'settings') {
      // A locked device's settings ask for its password on opening; Esc leaves them read-only, back on the tab.
      await page.getByTestId('control-unlock-password').waitFor();
      await expectFocus(page, page.getByTestId('control-unlock-password'), 'the device password field');
      await page.keyboard.press('Escape');
      await page.getByTestId('control-unlock-dialog').waitFor({ state: 'detached' });
      await expectFocus(page, tabOf(page, 'device-tab-settings'), 'the device’s settings tab again');
    }
  }
  // The history's table view, by keyboard.
  await page.keyboard.press('Home');
  for (let presses = 0; presses < 2; presses++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const historyToggle = page.getByTestId('history-view-table');
  await tabTo(page, historyToggle, 'the history’s table view button');
  await page.keyboard.press('Enter');
  const historyTable = page.getByTestId('history-table');
  await historyTable.waitFor();
  expect(await historyToggle.getAttribute('aria-pressed')).toBe('true');
  expect(await historyTable.locator('caption').textContent()).toContain(ZONE);
  expect(await historyTable.locator('tbody tr.ant-table-row th').first().getAttribute('scope')).toBe('row');
  await check(page, 'device history, table view');

  // The secret's rotation: the confirmation takes the focus, the credentials give it back.
  const rotate = page.getByTestId('device-rotate');
  await tabTo(page, rotate, 'the rotate button', { back: true });
  await page.keyboard.press('Enter');
  const confirmRotate = page.getByTestId('device-rotate-confirm');
  await confirmRotate.waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.ant-popconfirm') !== null))
    .toBe(true);
  await check(page, 'rotate secret confirmation');
  await tabTo(page, confirmRotate, 'the rotate confirmation’s OK', { max: 3 });
  await page.keyboard.press('Enter');
  await credentials.waitFor();
  await check(page, 'credentials dialog after rotation');
  await tabTo(page, credentials.getByRole('checkbox'), 'the “saved” box');
  await page.keyboard.press('Space');
  await tabTo(page, page.getByTestId('credentials-done'), 'the Done button');
  await page.keyboard.press('Enter');
  await credentials.waitFor({ state: 'detached' });
  await expectFocus(page, rotate, 'the rotate button, after the credentials');

  // The removal's confirmation, left with Esc: the focus is back on its button.
  const unbind = page.getByTestId('device-unbind');
  await tabTo(page, unbind, 'the remove button');
  await page.keyboard.press('Enter');
  await page.getByTestId('device-unbind-confirm').waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.ant-popconfirm') !== null))
    .toBe(true);
  await check(page, 'remove device confirmation');
  await page.keyboard.press('Escape');
  await page.getByTestId('device-unbind-confirm').waitFor({ state: 'hidden' });
  await expectFocus(page, unbind, 'the remove button, after Esc');
  expect(new URL(page.url()).pathname).toBe('/device/deviceList/detail');
}

describe('a station by keyboard alone', () => {
  it('at 1366 px', () => journey(1366, 900), 300_000);
  it('at 390 px', () => journey(390, 844), 300_000);
});
