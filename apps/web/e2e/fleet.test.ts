import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn, whenDialogStill } from './support/browser.ts';
import { tilesServed } from './support/tiles.ts';

const baseUrl = inject('baseUrl');
const tileServer = inject('tileServer');
/** The database lives for the whole e2e run: names and serial numbers get this run's mark. */
const run = Date.now().toString(36).toUpperCase();

const installer = { name: 'e2e_installer', password: 'installer-pass-1' };

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
afterEach(() => context?.close());

/** Picks an option of an antd Select by typing and clicking the option that reads exactly `label`. */
async function choose(testId: string, typed: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${label}$`) })
    .click();
}

/** Registers a device on the station shown, through the devices screen's own dialog. */
async function registerDevice(deviceType: number, sn: string, model: string): Promise<void> {
  await page.getByTestId('device-add').click();
  const dialog = page.getByTestId('device-dialog');
  await dialog.waitFor();
  await whenDialogStill(dialog);
  await expectAccessible(page, 'device register dialog');
  await page.getByTestId('device-type').click();
  await page.getByTestId(`device-type-option-${deviceType}`).click();
  await page.getByTestId('device-sn').fill(sn);
  await page.getByTestId('device-model').fill(model);
  await page.getByTestId('device-submit').click();
  await dialog.waitFor({ state: 'hidden' });
  // Its broker credentials are shown once and must be acknowledged (device-link.test.ts looks closer).
  await page.getByTestId('credentials-dialog').waitFor();
  await whenDialogStill(page.getByTestId('credentials-dialog'));
  await expectAccessible(page, 'credentials dialog');
  await page.getByTestId('credentials-saved').check();
  await page.getByTestId('credentials-done').click();
  await page.getByTestId('credentials-dialog').waitFor({ state: 'detached' });
  // The focus is back on "Add device", not lost on the page.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('device-add');
  await page.getByTestId('station-devices').getByText(sn, { exact: true }).waitFor();
}

const variants = [
  { language: 'en', width: 1280, mark: 'EN' },
  { language: 'pl', width: 800, mark: 'PL' },
] as const;

describe('the fleet', () => {
  for (const { language, width, mark } of variants) {
    it(`an installer creates a station on the map, registers an inverter and a meter and finds both in the device list (${language}, ${width} px)`, async () => {
      context = await browser.newContext({ viewport: { width, height: 900 } });
      page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      if (language !== 'en') {
        await page.evaluate((code) => localStorage.setItem('curLang', code), language);
        await page.reload();
      }
      await signIn(page, installer.name, installer.password);
      await page.getByTestId('app-layout').waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByTestId('stations-table').waitFor();
      await expectAccessible(page, `station list (${language})`);

      // The dialog: name and type.
      const stationName = `Fleet ${mark} ${run}`;
      const tilesBefore = await tilesServed(tileServer);
      await page.getByTestId('station-add').click();
      await page.getByTestId('station-dialog').waitFor();
      await page.getByTestId('station-name').fill(stationName);
      await page.getByTestId('station-type').click();
      await page.getByTestId('station-type-option-4').click();
      await expectAccessible(page, `station dialog (${language})`);

      // The map shows the test's tiles; a click on it places the station.
      const map = page.getByTestId('station-map');
      await map.locator('img.leaflet-tile-loaded').first().waitFor();
      await expect.poll(() => tilesServed(tileServer)).toBeGreaterThan(tilesBefore);
      expect(await map.locator('.station-map-marker').count()).toBe(0);
      await map.scrollIntoViewIfNeeded();
      const box = await map.boundingBox();
      if (!box) throw new Error('the map has no box');
      await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.4);
      await map.locator('.station-map-marker').waitFor();
      const latitude = Number(await page.getByTestId('station-latitude').inputValue());
      const longitude = Number(await page.getByTestId('station-longitude').inputValue());
      expect(latitude).toBeGreaterThanOrEqual(-90);
      expect(latitude).toBeLessThanOrEqual(90);
      expect(longitude).toBeGreaterThanOrEqual(-180);
      expect(longitude).toBeLessThanOrEqual(180);
      expect(latitude !== 0 || longitude !== 0).toBe(true);

      // Country (named in the interface language), address, capacity and price.
      const poland = new Intl.DisplayNames([language], { type: 'region' }).of('PL') ?? 'Poland';
      await choose('station-country', poland, poland);
      await page.getByTestId('station-address').fill('ul. Słoneczna 7');
      await page.getByTestId('station-capacity').fill('9.6');
      await page.getByTestId('station-price').fill('0.85');
      await choose('station-currency', 'PLN', 'PLN · .+');
      await page.getByTestId('station-submit').click();

      // A new station opens on its detail screen, with the time zone proposed from its place.
      const detail = page.getByTestId('station-detail');
      await detail.waitFor();
      expect(new URL(page.url()).pathname).toBe('/station-detail/battery');
      const stationId = await detail.getAttribute('data-station-id');
      expect(new URL(page.url()).searchParams.get('station_id')).toBe(stationId);
      expect(await page.getByTestId('station-title').textContent()).toBe(stationName);
      expect(await page.getByTestId('station-timezone-shown').textContent()).toBe('Europe/Warsaw');
      // No telemetry yet: figures are gaps, never zero.
      expect(await page.getByTestId('station-figure-power').textContent()).toBe('--');
      // Its sections are headings under the station's name, one level down.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('.station-detail h1, .station-detail h2, .station-detail h3')].map(
            (heading) => heading.tagName,
          ),
        ),
      ).toEqual(expect.arrayContaining(['H1', 'H2']));
      expect(
        await page.evaluate(() => {
          const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) =>
            Number(h.tagName[1]),
          );
          return levels.every((level, index) => index === 0 || level <= levels[index - 1]! + 1);
        }),
      ).toBe(true);
      await expectAccessible(page, `station detail (${language})`);

      const inverter = `INV${run}${mark}01`;
      const meter = `MTR${run}${mark}02`;
      await registerDevice(1, inverter, 'HX-5K');
      await registerDevice(6, meter, 'SDM630');

      // The station list shows the station, its name linking to this screen.
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByTestId('stations-search').locator('input').fill(stationName);
      const row = page.getByTestId(`station-row-${stationId}`);
      await row.waitFor();
      const capacity = `${new Intl.NumberFormat(language).format(9.6)} kWp`;
      await expect.poll(() => row.textContent()).toContain(capacity);
      expect(await page.getByTestId(`station-link-${stationId}`).getAttribute('href')).toBe(
        `/station-detail/battery?station_id=${stationId}`,
      );

      // Both devices are in the device list.
      await page.goto(`${baseUrl}/device/deviceList`);
      await page.getByTestId('device-search').locator('input').fill(`${run}${mark}`);
      const devices = page.getByTestId('devices-table');
      await devices.getByText(inverter, { exact: true }).waitFor();
      await devices.getByText(meter, { exact: true }).waitFor();
      await expectAccessible(page, `device list (${language})`);
    });
  }
});
