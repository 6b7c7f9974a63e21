import { readFile } from 'node:fs/promises';
import type { ChartData } from '@helio/contracts';
import { upTopic } from '@helio/contracts/device-link';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chartAxes } from '../src/features/stations/lib/chart-option.ts';
import { axisNumberText } from '../src/features/stations/lib/chart-text.ts';
import { zonedToday } from '../src/features/stations/lib/range.ts';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn } from './support/browser.ts';
import { type Account, addEndUser, api, connectNewDevice, signInByApi } from './support/plant.ts';

/**
 * An end user's station, fed by real devices over MQTT: a residential ESS near Warsaw with an
 * inverter, a battery and a meter that report the last hour, then keep reporting while the user
 * watches. The user sees the power flow move and turn, goes through the chart's ranges (each call
 * with the date in its format) and exports a month as .xlsx holding the chart's numbers.
 */

const baseUrl = inject('baseUrl');
/** The database lives for the whole e2e run: names and serial numbers get this run's mark. */
const run = Date.now().toString(36).toUpperCase();
const ZONE = 'Europe/Warsaw';
const FIVE_MINUTES = 300_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const clients: MqttClient[] = [];

/** One device of the station, speaking docs/device-protocol.md over its own connection. */
interface PlantDevice {
  sn: string;
  client: MqttClient;
  seq: number;
}

/** What the plant does at one instant, W (+ battery charging, + grid import). */
interface PlantState {
  pvW: number;
  batteryW: number;
  loadW: number;
  socPct: number;
}

/** Cumulative counters, kWh, as the devices count them. */
const counters = { pv: 1500, charge: 300, discharge: 280, import: 900, export: 700 };

async function registerDevice(
  installer: Account,
  stationId: number,
  type: number,
  sn: string,
  model: string,
): Promise<PlantDevice> {
  const { client } = await connectNewDevice(baseUrl, installer, stationId, type, sn, model);
  clients.push(client);
  return { sn, client, seq: 0 };
}

/** Each device's values at an instant; the counters grow by the energy of the last `hours`. */
function readings(state: PlantState, hours: number) {
  const gridW = state.loadW + state.batteryW - state.pvW;
  counters.pv += (state.pvW / 1000) * hours;
  if (state.batteryW > 0) counters.charge += (state.batteryW / 1000) * hours;
  else counters.discharge += (-state.batteryW / 1000) * hours;
  if (gridW > 0) counters.import += (gridW / 1000) * hours;
  else counters.export += (-gridW / 1000) * hours;
  const round = (kwh: number) => Math.round(kwh * 1000) / 1000;
  return {
    inverter: { state: 2, pv_power_w: state.pvW, ac_power_w: state.pvW * 0.97, pv_kwh: round(counters.pv) },
    battery: {
      state: state.batteryW >= 0 ? 4 : 5,
      power_w: state.batteryW,
      soc_pct: state.socPct,
      charge_kwh: round(counters.charge),
      discharge_kwh: round(counters.discharge),
    },
    meter: { grid_power_w: gridW, import_kwh: round(counters.import), export_kwh: round(counters.export) },
  };
}

interface Plant {
  inverter: PlantDevice;
  battery: PlantDevice;
  meter: PlantDevice;
}

/** One reading of every device at `ts`, each stored once its PUBACK arrives. */
async function report(plant: Plant, ts: number, state: PlantState, hours = 1 / 60): Promise<void> {
  const values = readings(state, hours);
  for (const name of ['inverter', 'battery', 'meter'] as const) {
    const device = plant[name];
    device.seq += 1;
    await device.client.publishAsync(
      upTopic(device.sn, 'telemetry'),
      JSON.stringify({ v: 1, ts, seq: device.seq, interval_s: 60, values: values[name] }),
      { qos: 1 },
    );
  }
}

/** The last hour, every five minutes, as one backfill per device (sent as a logger resends its buffer). */
async function backfill(plant: Plant, until: number): Promise<void> {
  const start = until - 12 * FIVE_MINUTES;
  const batches: Record<keyof Plant, { ts: number; seq: number; values: object }[]> = {
    inverter: [],
    battery: [],
    meter: [],
  };
  for (let ts = start, step = 0; ts < until; ts += FIVE_MINUTES, step++) {
    const values = readings(
      { pvW: 3000 + step * 100, batteryW: 800, loadW: 1500, socPct: 50 + step },
      1 / 12,
    );
    for (const name of ['inverter', 'battery', 'meter'] as const) {
      plant[name].seq += 1;
      batches[name].push({ ts, seq: plant[name].seq, values: values[name] });
    }
  }
  for (const name of ['inverter', 'battery', 'meter'] as const) {
    if (batches[name].length === 0) continue;
    await plant[name].client.publishAsync(
      upTopic(plant[name].sn, 'backfill'),
      JSON.stringify({ v: 1, interval_s: 60, readings: batches[name] }),
      { qos: 1 },
    );
  }
}

/** The bodies of the chart calls the page made, in order. */
function chartCalls(requests: Request[]) {
  return requests
    .filter((request) => new URL(request.url()).pathname === '/api/station/chart')
    .map((request) => JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
}

interface ChartAnswer {
  series: { key: string }[];
  rows: { label: string; values: (number | null)[] }[];
}

let endUser: Account;
let stationId: number;
let plant: Plant;

beforeAll(async () => {
  browser = await launchChromium();
  const installer = await signInByApi(baseUrl, 'e2e_installer', 'installer-pass-1');
  endUser = await addEndUser(baseUrl, installer, `plant_owner_${run.toLowerCase()}`);
  const station = await api<{ station_id: number }>(
    baseUrl,
    'bg/station/add',
    {
      station_name: `Plant ${run}`,
      station_type: 4,
      installer_id: installer.userId,
      end_user_id: endUser.userId,
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
  plant = {
    inverter: await registerDevice(installer, stationId, 1, `INV${run}PL01`, 'HX-5K'),
    battery: await registerDevice(installer, stationId, 2, `BAT${run}PL02`, 'HV-10'),
    meter: await registerDevice(installer, stationId, 6, `MTR${run}PL03`, 'SDM630'),
  };
  const now = Date.now();
  await backfill(plant, now - 60_000);
  // Now: the sun covers the home, charges the battery and the rest goes to the grid.
  await report(plant, now - 1_000, { pvW: 4000, batteryW: 1000, loadW: 2000, socPct: 62 });
});

afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  await context?.close();
  await browser?.close();
});

describe('a plant’s detail', () => {
  it('an end user sees the power flow move and turn, goes through the ranges and exports a month', async () => {
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      // the flow's motion is under test: no reduced motion until the test asks for it
      reducedMotion: 'no-preference',
    });
    page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    // The last chart answer of each range type.
    const answers = new Map<number, ChartAnswer>();
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/station/chart') return;
      const body = JSON.parse(response.request().postData() ?? '{}') as { type: number; export?: number };
      if (body.export === undefined)
        answers.set(body.type, ((await response.json()) as { data: ChartAnswer }).data);
    });
    await page.goto(`${baseUrl}/login`);
    await signIn(page, endUser.name, endUser.password);
    await page.getByTestId('app-layout').waitFor();

    // The user's own station, from the station list.
    await page.getByTestId(`station-link-${stationId}`).click();
    await page.getByTestId('station-detail').waitFor();
    expect(new URL(page.url()).pathname).toBe('/station-detail/battery');

    // The power flow: PV feeds the hub, which feeds the home, the battery and the grid; dashes move.
    const flow = page.getByTestId('power-flow');
    await flow.getByTestId('power-flow-svg').waitFor();
    const link = (node: string) => flow.getByTestId(`flow-link-${node}`);
    expect(await link('pv').getAttribute('data-direction')).toBe('to-hub');
    expect(await link('battery').getAttribute('data-direction')).toBe('from-hub');
    expect(await link('grid').getAttribute('data-direction')).toBe('from-hub');
    expect(await link('load').getAttribute('data-direction')).toBe('from-hub');
    expect(await link('pv').getAttribute('data-animated')).toBe('true');
    expect(await link('pv').locator('.power-flow-moving').count()).toBe(1);
    expect(await flow.getByTestId('flow-value-pv').textContent()).toBe('4.00 kW');
    expect(await flow.getByTestId('flow-value-battery').textContent()).toBe('1.00 kW');
    expect(await flow.getByTestId('power-flow-flows').textContent()).toContain('Solar to Home: 2.00 kW');
    expect(await flow.getByTestId('power-flow-age').textContent()).toMatch(/^Updated .*(ago|now)/);
    expect(await flow.getByTestId('power-flow-age').getAttribute('data-stale')).toBe('false');
    await expectAccessible(page, 'plant detail with the power flow moving');
    const firstUpdate = await flow.getAttribute('data-updated-at');

    // A cloud and the evening load: the battery discharges and the grid imports, at the next refresh.
    await report(plant, Date.now() - 500, { pvW: 500, batteryW: -1500, loadW: 2200, socPct: 61 });
    await expect
      .poll(() => link('battery').getAttribute('data-direction'), { timeout: 20_000 })
      .toBe('to-hub');
    expect(await flow.getAttribute('data-updated-at')).not.toBe(firstUpdate);
    expect(await link('grid').getAttribute('data-direction')).toBe('to-hub');
    expect(await link('load').getAttribute('data-direction')).toBe('from-hub');
    expect(await flow.getByTestId('flow-value-pv').textContent()).toBe('0.50 kW');
    expect(await flow.getByTestId('flow-value-load').textContent()).toBe('2.20 kW');

    // Who asks for less motion gets still lines with arrows.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => flow.getByTestId('power-flow-svg').getAttribute('data-motion')).toBe('reduced');
    expect(await flow.locator('.power-flow-moving').count()).toBe(0);
    expect(await link('battery').locator('.power-flow-arrow').count()).toBe(1);
    await expectAccessible(page, 'plant detail with reduced motion');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    // The figures of today: energy from the counters' rises, in the station's currency.
    await expect
      .poll(() => page.getByTestId('station-figure-pv_kwh').textContent(), { timeout: 35_000 })
      .toMatch(/^\d+\.\d kWh$/);
    expect(await page.getByTestId('station-figure-income').textContent()).toMatch(/PLN/);

    // The chart through its ranges: each call sends the date in its unit's format, and draws.
    const today = zonedToday(ZONE);
    const monday = (() => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
      return date.toISOString().slice(0, 10);
    })();
    const chart = page.getByTestId('station-chart');
    const canvas = page.getByTestId('station-chart-canvas');
    const expected = [
      { unit: 'day', type: 1, date: today, rows: (n: number) => n === 288 },
      { unit: 'week', type: 2, date: monday, rows: (n: number) => n === 7 },
      { unit: 'month', type: 3, date: today.slice(0, 7), rows: (n: number) => n >= 28 && n <= 31 },
      { unit: 'year', type: 4, date: today.slice(0, 4), rows: (n: number) => n === 12 },
      { unit: 'total', type: 5, date: undefined, rows: (n: number) => n >= 1 },
    ] as const;
    for (const step of expected) {
      if (step.unit !== 'day') await page.getByTestId(`range-unit-${step.unit}`).click();
      await expect.poll(() => chart.getAttribute('data-unit')).toBe(step.unit);
      await expect.poll(() => canvas.getAttribute('data-unit'), { timeout: 15_000 }).toBe(step.unit);
      await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      await canvas.locator('canvas').first().waitFor();
      expect(step.rows(Number(await canvas.getAttribute('data-rows'))), step.unit).toBe(true);
      expect(await chart.getAttribute('data-date')).toBe(step.date ?? '');
      const body = chartCalls(requests).findLast(
        (call) => call.type === step.type && call.export === undefined,
      );
      expect(body, step.unit).toEqual({
        station_id: stationId,
        type: step.type,
        ...(step.date === undefined ? {} : { date: step.date }),
      });
      // The canvas is an image named by its chart and period, described by its summary.
      expect(await canvas.getAttribute('role')).toBe('img');
      expect(await canvas.getAttribute('aria-label')).toMatch(/^Power and energy chart, /);
      expect(await page.getByTestId('station-chart-canvas-summary').textContent()).not.toBe('');
      await expectAccessible(page, `plant chart, ${step.unit}`);
    }
    expect(await page.locator('.range-picker input').isDisabled()).toBe(true);
    expect(await page.getByTestId('station-chart-zone').textContent()).toContain(ZONE);
    // Nothing lies ahead of today.
    await page.getByTestId('range-unit-day').click();
    expect(await page.getByTestId('range-next').isDisabled()).toBe(true);
    await page.getByTestId('range-previous').click();
    await expect.poll(() => chart.getAttribute('data-date')).not.toBe(today);
    expect(await page.getByTestId('range-next').isDisabled()).toBe(false);
    await page.getByTestId('range-next').click();
    await expect.poll(() => chart.getAttribute('data-date')).toBe(today);

    // The month, exported: the download is an .xlsx holding the chart's own numbers.
    await page.getByTestId('range-unit-month').click();
    await expect.poll(() => canvas.getAttribute('data-unit')).toBe('month');
    const month = answers.get(3);
    if (!month) throw new Error('no answer of the month chart');
    // Its table view shows the same number for today, in the axis' unit.
    await page.getByTestId('station-chart-view-table').click();
    const table = page.getByTestId('station-chart-table');
    await table.waitFor();
    const pvIndex = month.series.findIndex((series) => series.key === 'pv_kwh');
    const pvToday = month.rows.find((row) => row.label === today)?.values[pvIndex];
    const todayCell = table
      .locator('tbody tr')
      .filter({ has: page.locator('th', { hasText: today }) })
      .locator('td')
      .nth(pvIndex);
    const energyAxis = chartAxes(month as unknown as ChartData).find((axis) => axis.keys.includes('pv_kwh'));
    if (!energyAxis) throw new Error('no axis of PV energy');
    expect(await todayCell.textContent()).toBe(axisNumberText(energyAxis, pvToday, 'en'));
    await expectAccessible(page, 'plant chart, month as a table');
    await page.getByTestId('station-chart-view-table').click();
    await canvas.waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('station-chart-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await readFile((await download.path()) ?? '');
    expect(file.byteLength).toBeGreaterThan(1000);
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    // The export button kept the focus it was given.
    expect(
      await page.getByTestId('station-chart-export').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(chartCalls(requests).findLast((call) => call.export === 1)).toEqual({
      station_id: stationId,
      type: 3,
      date: today.slice(0, 7),
      export: 1,
      language: 'en',
    });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const pvColumn = month.series.findIndex((series) => series.key === 'pv_kwh');
    const todayRow = month.rows.find((row) => row.label === today);
    expect(pvColumn).toBeGreaterThanOrEqual(0);
    const chartPv = todayRow?.values[pvColumn];
    expect(chartPv).toBeGreaterThan(0);
    let exportedPv: unknown;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === today) exportedPv = row.getCell(pvColumn + 2).value;
    });
    expect(exportedPv).toBe(chartPv);
  }, 180_000);
});
