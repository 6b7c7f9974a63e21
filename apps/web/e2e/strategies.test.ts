import { addDays, localDate, startOfLocalDay } from '@helio/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn, whenDialogStill } from './support/browser.ts';
import { expectFocus, tabTo } from './support/keyboard.ts';
import { type Account, api, registerInstaller } from './support/plant.ts';
import { type SimulatedPlant, simulatedHomeBattery } from './support/simulated-plant.ts';

/**
 * Strategy templates as an installer uses them, on two simulated home batteries near Warsaw: a TOU
 * template built in the editor by keyboard (an overlap refused under its field first), applied to
 * both inverters after their device passwords, each followed to applied; the Strategy tab shows it
 * with its slots; then the plants run through the night the slots name and the stored readings show
 * the battery charging in the charge slot and discharging in the discharge slot. Then the backup mode
 * goes to one of them with a reserve of its own (40 %, typed by keyboard in "Apply with settings").
 * axe checks each new screen at desktop width and at 800 px.
 *
 * The plants' simulated time starts at yesterday's local midnight (readings up to a week before a
 * registration are taken), so the hours the strategy names can be run at once rather than waited
 * for: the SOC is read back through the API (api/device/history), as the charts read it.
 */

const baseUrl = inject('baseUrl');
const brokerUrl = inject('brokerUrl');
const run = Date.now().toString(36);
const SETTINGS_PASSWORD = 'inverter-pass-7';
const ZONE = 'Europe/Warsaw';
const TEMPLATE = `Night TOU ${run}`;
const HOUR_MS = 3_600_000;
/** Yesterday's midnight in Warsaw: the simulated night starts there. */
const nightMs = startOfLocalDay(addDays(localDate(Date.now(), ZONE), -1), ZONE);

let browser: Browser;
let installer: Account;
let plants: SimulatedPlant[];

beforeAll(async () => {
  browser = await launchChromium();
  installer = await registerInstaller(baseUrl, `e2e_str_${run}`);
  plants = [];
  for (const name of ['North', 'South'])
    plants.push(
      await simulatedHomeBattery(
        baseUrl,
        brokerUrl,
        installer,
        `Strategy ${name} ${run}`,
        SETTINGS_PASSWORD,
        {
          startMs: nightMs,
        },
      ),
    );
}, 90_000);
afterAll(async () => {
  for (const plant of plants ?? []) await plant.stop();
  await browser?.close();
});

async function signedIn(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, installer.name, installer.password);
  await page.getByTestId('app-layout').waitFor();
  return { context, page };
}

/** Selects what a field holds and types `text` over it, by keyboard. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Ticks device `sn` in the apply dialog's list. */
async function chooseDevice(page: Page, sn: string): Promise<void> {
  const box = page.getByTestId(`strategy-apply-select-${sn}`);
  await box.waitFor({ timeout: 15_000 });
  await box.check();
}

/** Unlocks chosen device `sn` by its device password, in the Settings tab's dialog. */
async function unlockDevice(page: Page, sn: string): Promise<void> {
  await page.getByTestId(`strategy-apply-unlock-${sn}`).click();
  const unlock = page.getByTestId('control-unlock-dialog');
  await unlock.waitFor();
  await whenDialogStill(unlock);
  await page.getByTestId('control-unlock-password').fill(SETTINGS_PASSWORD);
  await page.getByTestId('control-unlock-submit').click();
  await unlock.waitFor({ state: 'detached' });
  await expect
    .poll(() => page.getByTestId(`strategy-apply-chosen-${sn}`).getAttribute('data-lock'))
    .toBe('open');
}

/** Waits until the apply dialog's progress says device `sn` applied the strategy. */
async function whenApplied(page: Page, sn: string): Promise<void> {
  await expect
    .poll(() => page.getByTestId(`strategy-apply-state-${sn}`).getAttribute('data-state'), {
      timeout: 20_000,
    })
    .toBe('applied');
}

/** Opens a device's Strategy tab and waits for the strategy it runs. */
async function openStrategyTab(page: Page, deviceId: number | undefined) {
  await page.goto(`${baseUrl}/device/deviceList/detail?device_id=${deviceId}&tab=strategy`);
  const active = page.getByTestId('strategy-tab-active');
  await active.waitFor({ timeout: 15_000 });
  return active;
}

const batterySn = (plant: SimulatedPlant) => [...plant.deviceIds.keys()].find((sn) => sn.startsWith('BAT'))!;

/** The battery's SOC over the simulated night, from the stored readings. */
async function socByHour(plant: SimulatedPlant): Promise<Map<number, number>> {
  const history = await api<{ points: { ts: string; values: Record<string, number | null> }[] }>(
    baseUrl,
    'api/device/history',
    {
      device_id: plant.deviceIds.get(batterySn(plant)),
      from: new Date(nightMs).toISOString(),
      to: new Date(nightMs + 10 * HOUR_MS).toISOString(),
    },
    installer.token,
  );
  const byHour = new Map<number, number>();
  for (const point of history.points) {
    const offsetMs = Date.parse(point.ts) - nightMs;
    const soc = point.values.soc_pct;
    // the last reading of each local hour of the night
    if (soc != null) byHour.set(Math.floor(offsetMs / HOUR_MS), soc);
  }
  return byHour;
}

describe('strategy templates', () => {
  it('builds a TOU template by keyboard, applies it to two devices, shows it on the Strategy tab, and the batteries follow it', async () => {
    const { context, page } = await signedIn(1366);
    await page.getByTestId('menu-strategyTemplates').click();
    await page.getByTestId('strategy-templates').waitFor();
    // the system templates, one per kind
    const table = page.getByTestId('strategy-template-table');
    await expect
      .poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(7);
    await expectAccessible(page, 'strategy templates');

    // the editor, by keyboard alone
    const create = page.getByTestId('strategy-template-new');
    await create.focus();
    await page.keyboard.press('Enter');
    const editor = page.getByTestId('strategy-editor');
    await editor.waitFor();
    await whenDialogStill(editor);
    await expectFocus(page, page.getByTestId('strategy-field-name'), 'the name field');
    await page.keyboard.type(TEMPLATE);
    const field = (testId: string) => page.getByTestId(testId);
    await tabTo(page, field('strategy-slot-charge-0-start'), 'the first charge slot’s start');
    await typeOver(page, '0100');
    await tabTo(page, field('strategy-slot-charge-0-end'), 'the first charge slot’s end');
    await typeOver(page, '0400');
    await tabTo(page, field('strategy-slot-discharge-0-start'), 'the first discharge slot’s start');
    // onto the charge slot first: refused under this field, in words
    await typeOver(page, '0300');
    await tabTo(page, field('strategy-slot-discharge-0-end'), 'the first discharge slot’s end');
    await typeOver(page, '0800');
    const startItem = page.locator('.ant-form-item', { has: field('strategy-slot-discharge-0-start') });
    await startItem.getByText('Time slots cannot overlap').waitFor();
    await expect
      .poll(() => field('strategy-slot-discharge-0-start').getAttribute('aria-invalid'))
      .toBe('true');
    await expectAccessible(page, 'template editor with a refused slot');
    await tabTo(page, field('strategy-slot-discharge-0-start'), 'the discharge slot’s start again', {
      back: true,
    });
    await typeOver(page, '0500');
    await expect.poll(() => startItem.locator('.ant-form-item-explain').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('strategy-editor-bar-list').textContent())
      .toContain('Discharge, 05:00–08:00');
    // with a power the slot discharges at it, exporting what the home does not take (without one it
    // would only cover the home, as self-consumption does outside the slots)
    await tabTo(page, field('strategy-slot-discharge-0-power'), 'the discharge slot’s power');
    await typeOver(page, '5000');
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached', timeout: 15_000 });
    const row = table.locator('tr', { hasText: TEMPLATE });
    await row.waitFor();

    // applied to both inverters, each unlocked by its device password
    await row.getByTestId('strategy-template-apply').click();
    const dialog = page.getByTestId('strategy-apply-dialog');
    await dialog.waitFor();
    await whenDialogStill(dialog);
    const inverters = plants.map((plant) => plant.inverterSn);
    for (const sn of inverters) await chooseDevice(page, sn);
    await expectAccessible(page, 'apply dialog');
    for (const sn of inverters) await unlockDevice(page, sn);
    await page.getByTestId('strategy-apply-submit').click();
    await page.getByTestId('strategy-apply-progress').waitFor({ timeout: 15_000 });
    for (const sn of inverters) await whenApplied(page, sn);
    await expect.poll(() => page.getByTestId('strategy-apply-summary').textContent()).toContain('Done');
    await expectAccessible(page, 'apply progress');
    await page.getByTestId('strategy-apply-close').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('2');

    // the Strategy tab of one of them
    const active = await openStrategyTab(page, plants[0]!.deviceIds.get(inverters[0]!));
    expect(await active.textContent()).toContain(TEMPLATE);
    expect(await active.textContent()).toContain(installer.name);
    const bar = await page.getByTestId('strategy-tab-bar-list').textContent();
    expect(bar).toContain('Charge, 01:00–04:00, up to 90 %');
    expect(bar).toContain('Discharge, 05:00–08:00, down to 10 %');
    await expect
      .poll(() => page.getByTestId('strategy-tab-history').locator('tbody tr.ant-table-row').count())
      .toBe(1);
    await expectAccessible(page, 'strategy tab');
    await context.close();

    // the night the slots name, run at once: readings every five minutes, delivered as a device sends them
    for (const plant of plants) {
      for (let ms = plant.station.timeMs + 300_000; ms <= nightMs + 9 * HOUR_MS; ms += 300_000) {
        plant.station.tick(ms, true);
        await Promise.all(plant.station.devices.map((device) => device.drained()));
      }
    }
    for (const plant of plants) {
      let soc = new Map<number, number>();
      await expect
        .poll(
          async () => {
            soc = await socByHour(plant);
            return soc.has(8);
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      // 00:00–01:00 no slot; charged from the grid 01:00–04:00 up to 90 %; discharged at 5 kW 05:00–08:00 to 10 %
      expect(soc.get(3)!, 'SOC at the end of the charge slot').toBeGreaterThan(soc.get(0)! + 5);
      expect(soc.get(3)!).toBeGreaterThanOrEqual(88);
      expect(soc.get(7)!, 'SOC at the end of the discharge slot').toBeLessThan(soc.get(4)! - 20);
      expect(soc.get(7)!).toBeLessThanOrEqual(15);
    }
  });

  it('shows the templates page, the editor and the Strategy tab at 800 px', async () => {
    const { context, page } = await signedIn(800);
    await page.goto(`${baseUrl}/strategy/templates`);
    await page.getByTestId('strategy-templates').waitFor();
    await page
      .getByTestId('strategy-template-table')
      .locator('tr', { hasText: TEMPLATE })
      .waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'strategy templates at 800 px');
    await page.getByTestId('strategy-template-new').click();
    const editor = page.getByTestId('strategy-editor');
    await editor.waitFor();
    await whenDialogStill(editor);
    await expectAccessible(page, 'template editor at 800 px');
    await page.getByTestId('strategy-editor-cancel').click();
    await editor.waitFor({ state: 'detached' });
    // a mode's own settings in the apply dialog
    await page
      .getByTestId('strategy-template-table')
      .locator('tr', { hasText: 'Backup reserve' })
      .getByTestId('strategy-template-applySettings')
      .click();
    const dialog = page.getByTestId('strategy-apply-dialog');
    await dialog.waitFor();
    await whenDialogStill(dialog);
    await page.getByTestId('strategy-field-min_soc_pct').waitFor();
    await expectAccessible(page, 'apply dialog with a mode’s settings at 800 px');
    await page.getByTestId('strategy-apply-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    await openStrategyTab(page, plants[1]!.deviceIds.get(plants[1]!.inverterSn));
    await expectAccessible(page, 'strategy tab at 800 px');
    await context.close();
  });

  it('applies the backup mode with a reserve of 40 % to one device and shows it on the Strategy tab', async () => {
    const { context, page } = await signedIn(1366);
    await page.goto(`${baseUrl}/strategy/templates`);
    const row = page.getByTestId('strategy-template-table').locator('tr', { hasText: 'Backup reserve' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('strategy-template-applySettings').click();
    const dialog = page.getByTestId('strategy-apply-dialog');
    await dialog.waitFor();
    await whenDialogStill(dialog);
    const reserve = page.getByTestId('strategy-field-min_soc_pct');
    await expect.poll(() => reserve.inputValue()).toBe('30');
    // by keyboard: out of range first, refused under the field, then 40 %
    await reserve.focus();
    await typeOver(page, '3');
    const reserveItem = page.locator('.ant-form-item', { has: reserve });
    await expect.poll(() => reserve.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => reserveItem.locator('.ant-form-item-explain').count()).toBe(1);
    await typeOver(page, '40');
    await expect.poll(() => reserveItem.locator('.ant-form-item-explain').count()).toBe(0);
    const plant = plants[1]!;
    const sn = plant.inverterSn;
    await chooseDevice(page, sn);
    await expectAccessible(page, 'apply dialog with a mode’s settings');
    await unlockDevice(page, sn);
    await page.getByTestId('strategy-apply-submit').click();
    await whenApplied(page, sn);
    await page.getByTestId('strategy-apply-close').click();
    await dialog.waitFor({ state: 'detached' });

    const active = await openStrategyTab(page, plant.deviceIds.get(sn));
    expect(await active.getAttribute('data-kind')).toBe('backup');
    expect(await active.textContent()).toContain('Backup reserve');
    await expect
      .poll(() => page.getByTestId('strategy-tab-history').locator('tbody tr.ant-table-row').count())
      .toBe(2);
    // the reserve the device was sent
    const strategy = await api<{ active: { params: Record<string, unknown> } | null }>(
      baseUrl,
      'api/mode/device',
      { equ_sn: sn, page: 1, page_size: 10 },
      installer.token,
    );
    expect(strategy.active?.params).toMatchObject({ mode: 'backup_reserve', min_soc_pct: 40 });
    await context.close();
  });
});
