import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn, whenDialogStill } from './support/browser.ts';
import { type Account, addEndUser, registerInstaller } from './support/plant.ts';
import { type SimulatedWallboxHome, simulatedWallboxHome } from './support/simulated-plant.ts';

/**
 * Wallbox charging as a plant owner lives it, against a simulated home near Santiago (PV, battery,
 * meter, an 11 kW wallbox) connected to the portal's broker: the end user sets "PV surplus, at least
 * 20 kWh by 07:00" (no device password: it is their car), watches the preview while editing, saves,
 * and the charger applies it and reports the plan it follows. Then the day the charger lived is run
 * (a car plugged in for a day, charged by the sun), and the owner reads its record: energy, PV share
 * and cost. Each screen is checked by axe at desktop and phone width.
 */

const baseUrl = inject('baseUrl');
const brokerUrl = inject('brokerUrl');
const run = Date.now().toString(36);
const HOUR_MS = 3_600_000;
const TICK_MS = 5 * 60_000;

let browser: Browser;
let installer: Account;
let owner: Account;
let home: SimulatedWallboxHome;

beforeAll(async () => {
  browser = await launchChromium();
  installer = await registerInstaller(baseUrl, `e2e_chg_${run}`);
  owner = await addEndUser(baseUrl, installer, `e2e_chg_owner_${run}`);
  home = await simulatedWallboxHome(baseUrl, brokerUrl, installer, owner, `Casa ${run}`, {
    // a day and a half of the plant to run before now: one whole day of sun with the car plugged
    startMs: Date.now() - 30 * HOUR_MS,
  });
}, 90_000);
afterAll(async () => {
  await home?.stop();
  await browser?.close();
});

async function ownerPage(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, owner.name, owner.password);
  await page.getByTestId('app-layout').waitFor();
  await page.goto(`${baseUrl}/station-detail/battery?station_id=${home.stationId}`);
  await page.getByTestId('charging-plan-card').waitFor({ timeout: 20_000 });
  return { context, page };
}

/** Runs the plant from where it is up to now, a reading every five minutes, each sent as a device sends it. */
async function runUpToNow(): Promise<void> {
  for (let ms = home.station.nextTickAfter(home.station.timeMs, 300); ms <= Date.now(); ms += TICK_MS) {
    home.station.tick(ms, true);
    await Promise.all(home.station.devices.map((device) => device.drained()));
  }
}

describe('wallbox charging', () => {
  it('the owner plans "PV surplus, at least 20 kWh by 07:00", watches the preview, and the charger follows it', async () => {
    const { context, page } = await ownerPage(1366);
    page.on('pageerror', (error) => console.log('page error', error.message));
    const card = page.getByTestId('charging-plan-card');
    await card.getByTestId('charging-plan-default').waitFor();
    await expectAccessible(page, 'charging plan card');

    await card.getByTestId('charging-plan-edit').click();
    const editor = page.getByTestId('charging-plan-editor');
    await editor.waitFor();
    await editor.getByTestId('charging-mode-pv').click();
    await editor.getByTestId('charging-weekly-add').click();
    // the new departure (07:00 on workdays) takes its energy by keyboard: the focus is already there
    const energy = editor.getByTestId('charging-weekly-0-energy');
    await expect.poll(() => energy.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('20');
    expect(await editor.getByTestId('charging-weekly-0-departure').inputValue()).toBe('07:00');

    // the preview follows the edit: a target of 20 kWh by the next 07:00, planned hour by hour
    const preview = editor.getByTestId('charging-preview');
    await expect
      .poll(async () => (await preview.getByTestId('charging-preview-need').textContent()) ?? '', {
        timeout: 15_000,
      })
      .toContain('20');
    await preview.getByTestId('charging-preview-chart').waitFor();
    await expectAccessible(page, 'plan editor with its preview');

    await editor.getByTestId('charging-plan-save').click();
    const confirm = page.getByTestId('charging-plan-confirm');
    await confirm.waitFor();
    await whenDialogStill(confirm);
    const said = (await page.getByTestId('charging-plan-confirm-text').textContent()) ?? '';
    expect(said).toContain('20');
    expect(said).toContain('07:00');
    await page.getByTestId('charging-plan-confirm-ok').click();

    // no device password for the owner: the charger applies the plan (its progress beside the plan)
    const progress = card.getByTestId('charging-plan-progress');
    await progress.waitFor({ timeout: 10_000 });
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 20_000 }).toBe('succeeded');
    await expect
      .poll(async () => card.getByTestId('charging-plan-mode').getAttribute('data-mode'))
      .toBe('pv');
    const targets = (await card.getByTestId('charging-plan-targets').textContent()) ?? '';
    expect(targets).toContain('20');
    expect(targets).toContain('07:00');
    await card.getByTestId('charging-forecast').waitFor();
    await context.close();
  }, 120_000);

  it('the next day the owner reads the session: its energy, PV share and cost', async () => {
    // the car came an hour after the plant's day began and stayed a day: it saw a whole day of sun
    const startMs = home.station.timeMs;
    home.station.plant.bringCar({
      arrivalMs: startMs + HOUR_MS,
      departureMs: startMs + 26 * HOUR_MS,
      capacityKwh: 77,
      socPct: 25,
      maxW: 11_000,
    });
    await runUpToNow();

    const { context, page } = await ownerPage(1366);
    const records = page.getByTestId('charging-records');
    // the sessions job counts the day's readings within a minute or two
    const row = records.locator('[data-testid^="charging-record-"][data-state="ended"]').first();
    await expect
      .poll(
        async () => {
          if ((await row.count()) > 0) return true;
          await page.reload();
          await page.getByTestId('charging-records').waitFor({ timeout: 20_000 });
          return false;
        },
        { timeout: 150_000, interval: 5_000 },
      )
      .toBe(true);
    const text = (await row.textContent()) ?? '';
    // energy in kWh, the PV share in percent, the cost in the station's currency
    expect(text).toMatch(/\d+(\.\d+)? kWh/);
    const recordId = (await row.getAttribute('data-testid'))!.replace('charging-record-', '');
    const sources = (await page.getByTestId(`charging-record-${recordId}-sources`).textContent()) ?? '';
    const pvShare = Number(/(\d+(?:\.\d+)?)\s*%/.exec(sources)?.[1]);
    expect(pvShare).toBeGreaterThan(50);
    expect(text).toContain('CLP');
    await page.getByTestId('charging-records-totals').waitFor();
    await expectAccessible(page, 'charging records');
    await context.close();

    // the same screen at phone width
    const phone = await ownerPage(390);
    await phone.page.getByTestId('charging-records').waitFor();
    await expectAccessible(phone.page, 'charging at phone width');
    await phone.context.close();
  }, 400_000);
});
