import type { DeviceCredentials } from '@helio/contracts';
import { upTopic } from '@helio/contracts/device-link';
import { connectAsync, type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn, whenDialogStill } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const brokerUrl = inject('brokerUrl');
/** The database lives for the whole e2e run: names and serial numbers get this run's mark. */
const run = Date.now().toString(36).toUpperCase();

const installer = { name: 'e2e_installer', password: 'installer-pass-1' };

let browser: Browser;
let context: BrowserContext;
let page: Page;
const clients: MqttClient[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, installer.name, installer.password);
  await page.getByTestId('app-layout').waitFor();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  await context?.close();
});

/**
 * An on-grid station near Warsaw (its time zone is proposed from the place: Europe/Warsaw), made
 * through the API with the signed-in installer's token: the station dialog has its own journey.
 */
async function addStation(name: string): Promise<number> {
  return page.evaluate(async (stationName) => {
    const response = await fetch('/bg/station/add', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Token: localStorage.getItem('TOKEN') ?? '' },
      body: JSON.stringify({
        station_name: stationName,
        station_type: 1,
        installer_id: Number(localStorage.getItem('loginUserId')),
        country_code: 'PL',
        address: 'ul. Słoneczna 7',
        latitude: 52.2297,
        longitude: 21.0122,
        capacity_kwp: 9.6,
        unit_price: 0.85,
        currency: 'PLN',
      }),
    });
    const answer = (await response.json()) as { code: number; data: { station_id: number } };
    if (answer.code !== 1) throw new Error(`station add failed: ${JSON.stringify(answer)}`);
    return answer.data.station_id;
  }, name);
}

/** What the credentials dialog shows, read from the screen. */
async function shownCredentials(): Promise<DeviceCredentials> {
  const text = async (testId: string) =>
    (await page.getByTestId(testId).locator('code').textContent())?.trim() ?? '';
  return {
    broker_url: await text('credentials-broker-url'),
    client_id: await text('credentials-client-id'),
    username: await text('credentials-username'),
    password: await text('credentials-password'),
    issued_at: '',
  };
}

/**
 * Reads the credentials of the open dialog and leaves it the only way it allows: Esc does nothing
 * until "saved" is ticked, then "Done" closes it.
 */
async function takeCredentials(sn: string): Promise<DeviceCredentials> {
  const dialog = page.getByTestId('credentials-dialog');
  await dialog.waitFor();
  await whenDialogStill(dialog);
  expect(await dialog.getAttribute('data-sn')).toBe(sn);
  const credentials = await shownCredentials();
  expect(credentials.broker_url).toBe(brokerUrl);
  expect(credentials.client_id).toBe(sn);
  expect(credentials.username).toBe(sn);
  expect(credentials.password).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await expectAccessible(page, 'credentials dialog');

  // Not acknowledged yet: Esc and the mask do not close it, and "Done" is disabled.
  expect(await page.getByTestId('credentials-done').isDisabled()).toBe(true);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  expect(await dialog.isVisible()).toBe(true);

  await page.getByTestId('credentials-saved').check();
  await page.getByTestId('credentials-done').click();
  await dialog.waitFor({ state: 'detached' });
  // The focus is back on what opened the dialogs, not lost on the page.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''))
    .toMatch(/^device-(add|rotate)$/);
  return credentials;
}

/** Registers a device on the station's own screen and answers the credentials it was shown. */
async function registerDevice(stationId: number, sn: string): Promise<DeviceCredentials> {
  await page.goto(`${baseUrl}/station-detail/battery?station_id=${stationId}`);
  await page.getByTestId('device-add').click();
  const form = page.getByTestId('device-dialog');
  await form.waitFor();
  await whenDialogStill(form);
  await expectAccessible(page, 'device register dialog');
  await page.getByTestId('device-type').click();
  await page.getByTestId('device-type-option-1').click();
  await page.getByTestId('device-sn').fill(sn);
  await page.getByTestId('device-model').fill('HX-5K');
  await page.getByTestId('device-submit').click();
  await form.waitFor({ state: 'hidden' });
  const credentials = await takeCredentials(sn);
  await page.getByTestId('station-devices').getByText(sn, { exact: true }).waitFor();
  return credentials;
}

/** The device's detail, opened from its station's list of devices. */
async function openDevice(sn: string): Promise<number> {
  await page.getByTestId('station-devices').getByText(sn, { exact: true }).click();
  await page.getByTestId('device-detail').waitFor();
  return Number(new URL(page.url()).searchParams.get('device_id'));
}

/** Connects as the device, the way docs/device-protocol.md §2.2 says. */
async function connectDevice(credentials: DeviceCredentials): Promise<MqttClient> {
  const client = await connectAsync(credentials.broker_url, {
    protocolVersion: 4,
    clientId: credentials.client_id,
    username: credentials.username,
    password: credentials.password,
    clean: false,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    will: {
      topic: upTopic(credentials.username, 'status'),
      payload: '{"v":1,"state":"offline"}',
      qos: 1,
      retain: false,
    },
  });
  clients.push(client);
  return client;
}

/** The secret is shown once: afterwards it is nowhere on the page or in the browser's storage. */
async function expectSecretGone(password: string): Promise<void> {
  const found = await page.evaluate(
    (secret) =>
      document.documentElement.outerHTML.includes(secret) ||
      JSON.stringify({ ...localStorage }).includes(secret) ||
      JSON.stringify({ ...sessionStorage }).includes(secret),
    password,
  );
  expect(found).toBe(false);
}

describe('the device link', () => {
  it('an installer registers a device, is shown its credentials once, and rotates them', async () => {
    const stationId = await addStation(`Link keys ${run}`);
    const sn = `INV${run}K01`;
    const first = await registerDevice(stationId, sn);
    await expectSecretGone(first.password);

    // The credentials work, until a new secret replaces them.
    const device = await connectDevice(first);
    expect(device.connected).toBe(true);

    await openDevice(sn);
    await expectSecretGone(first.password);
    await expectAccessible(page, 'device detail');
    await page.getByTestId('device-rotate').click();
    await page.getByTestId('device-rotate-confirm').waitFor();
    await expectAccessible(page, 'rotate secret confirmation');
    await page.getByTestId('device-rotate-confirm').click();
    const second = await takeCredentials(sn);
    expect(second.password).not.toBe(first.password);
    await expectSecretGone(second.password);

    // The old secret stopped working at once: its connection was closed and it cannot connect again.
    await expect.poll(() => device.connected, { timeout: 5_000 }).toBe(false);
    await expect(connectDevice(first)).rejects.toThrow();
    const renewed = await connectDevice(second);
    expect(renewed.connected).toBe(true);
  });

  it('a connected device’s readings show in the real-time tab, the device list and the history', async () => {
    const stationId = await addStation(`Link data ${run}`);
    const sn = `INV${run}D01`;
    const credentials = await registerDevice(stationId, sn);
    const deviceId = await openDevice(sn);

    // Before its first report the tab says what it waits for.
    await page.getByTestId('device-tab-realtime').click();
    await page.getByTestId('realtime-waiting').waitFor();

    const device = await connectDevice(credentials);
    await device.publishAsync(
      upTopic(sn, 'status'),
      JSON.stringify({
        v: 1,
        state: 'online',
        ts: Date.now(),
        firmware_version: 'V2.14.3',
        interval_s: 60,
        active_alarms: [],
      }),
      { qos: 1 },
    );
    // Three readings a second apart; each PUBACK comes once the reading is stored.
    const start = Date.now() - 3_000;
    for (const step of [0, 1, 2]) {
      await device.publishAsync(
        upTopic(sn, 'telemetry'),
        JSON.stringify({
          v: 1,
          ts: start + step * 1_000,
          seq: step + 1,
          interval_s: 60,
          values: {
            state: 2,
            pv_power_w: 4300 + step * 100,
            ac_power_w: 4000 + step * 100,
            grid_voltage_v: 231.44,
            grid_frequency_hz: 50.01,
            temperature_c: 41.5,
            pv_kwh: 1234 + step * 0.2,
          },
        }),
        { qos: 1 },
      );
    }

    // The open tab asks again by itself (every 10 s): the newest reading appears, in its groups.
    const value = (field: string) => page.getByTestId(`reading-value-${field}`).textContent();
    await expect.poll(() => value('ac_power_w'), { timeout: 15_000 }).toBe('4.20 kW');
    expect(await value('pv_power_w')).toBe('4.50 kW');
    expect(await value('state')).toBe('On-grid');
    expect(await value('grid_voltage_v')).toBe('231.4 V');
    expect(await value('grid_frequency_hz')).toBe('50.01 Hz');
    expect(await value('temperature_c')).toBe('41.5 °C');
    expect(await value('pv_kwh')).toBe('1234.4 kWh');
    expect(await page.getByTestId('reading-group-power').isVisible()).toBe(true);
    expect(await page.getByTestId('zone-note').textContent()).toContain('Europe/Warsaw');
    expect(await page.getByTestId('realtime-updated').textContent()).toMatch(/ago|now/);
    await page.getByTestId('realtime-no-alarms').waitFor();
    await expectAccessible(page, 'device real-time tab');
    expect(
      await page.getByTestId('device-realtime').getByTestId('device-status').getAttribute('data-status'),
    ).toBe('online');

    // The device list's live columns follow the readings: power, today's rise and the counter.
    await page.goto(`${baseUrl}/device/deviceList`);
    await page.getByTestId('device-search').locator('input').fill(sn);
    const row = page.getByTestId(`device-row-${deviceId}`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('4.20 kW');
    const rowText = await row.textContent();
    expect(rowText).toContain('0.4 kWh');
    expect(rowText).toContain('1234.4 kWh');
    expect(await row.getByTestId('device-status').getAttribute('data-status')).toBe('online');
    await expectAccessible(page, 'device list');

    // The history of today as a table, with the fields chosen in the address and units in the headers.
    await page.goto(
      `${baseUrl}/device/deviceList/detail?device_id=${deviceId}&tab=history&view=table&fields=ac_power_w,temperature_c`,
    );
    const table = page.getByTestId('history-table');
    await table.waitFor();
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['Time', 'AC power (kW)', 'Temperature (°C)']);
    const rows = table.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBe(3);
    // Each row is headed by its time (a header cell); the values follow.
    expect(await rows.nth(0).locator('td').nth(0).textContent()).toBe('4.00');
    expect(await rows.nth(2).locator('td').nth(0).textContent()).toBe('4.20');
    expect(await rows.nth(2).locator('td').nth(1).textContent()).toBe('41.5');
    expect(await page.getByTestId('history-bucket-note').count()).toBe(0);
    // The table has a caption and each row is headed by its time.
    expect(await table.locator('caption').textContent()).toContain('AC power, Temperature');
    expect(await rows.nth(0).locator('th').getAttribute('scope')).toBe('row');
    await expectAccessible(page, 'device history as a table');

    // The chart: echarts arrives on demand and draws the same three points; the view leaves the address.
    const tableView = page.getByTestId('history-view-table');
    expect(await tableView.getAttribute('aria-pressed')).toBe('true');
    await tableView.click();
    await expect.poll(() => tableView.getAttribute('aria-pressed')).toBe('false');
    const chart = page.getByTestId('history-chart');
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready');
    expect(await chart.getAttribute('data-points')).toBe('3');
    await chart.locator('canvas').first().waitFor();
    // Named and described for screen readers: each value's lowest, highest and latest.
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await chart.getAttribute('aria-label')).toMatch(/^History of AC power, Temperature from /);
    expect(await page.getByTestId('history-chart-summary').textContent()).toContain(
      'AC power: lowest 4.00 kW, highest 4.20 kW, latest 4.20 kW at',
    );
    await expectAccessible(page, 'device history as a chart');
    expect(new URL(page.url()).searchParams.get('view')).toBeNull();
    expect(new URL(page.url()).searchParams.get('fields')).toBe('ac_power_w,temperature_c');

    // Yesterday has no readings: an honest empty state, not an empty chart.
    await page.getByTestId('history-preset-yesterday').click();
    await page.getByTestId('history-empty').waitFor();
    expect(new URL(page.url()).searchParams.get('range')).toBe('yesterday');
  });
});
