import { emsPartStates } from '@helio/contracts/device-link';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn, whenDialogStill } from './support/browser.ts';
import { type Account, registerInstaller } from './support/plant.ts';
import { type SimulatedCommercialPlant, simulatedCommercialEss } from './support/simulated-plant.ts';

/**
 * The EMS 5000 console as an installer runs a commercial site from it, against a simulated C&I
 * plant (EMS 5000 and a grid meter) connected to the portal's broker: every tab walked and checked
 * by axe at desktop and phone width, the PCS's maximum discharging power read from the device and
 * changed after the device password, then a switch to manual discharge at a set-point, confirmed,
 * applied by the EMS, and the PCS and the power flow following it in the readings.
 */

const baseUrl = inject('baseUrl');
const brokerUrl = inject('brokerUrl');
const run = Date.now().toString(36);
const SETTINGS_PASSWORD = 'ems-pass-5000';
const MINUTE_MS = 60_000;

let browser: Browser;
let installer: Account;
let plant: SimulatedCommercialPlant;

beforeAll(async () => {
  browser = await launchChromium();
  installer = await registerInstaller(baseUrl, `e2e_ems_${run}`);
  plant = await simulatedCommercialEss(baseUrl, brokerUrl, installer, `C&I ${run}`, SETTINGS_PASSWORD, {
    // twenty minutes of readings to come, so the journey can run the plant up to now
    startMs: Date.now() - 20 * MINUTE_MS,
    initialSocPct: 80,
  });
}, 90_000);
afterAll(async () => {
  await plant?.stop();
  await browser?.close();
});

/** Runs the plant one reading on, if that reading is not in the future, and waits for it to be sent. */
async function readingOn(): Promise<void> {
  const at = plant.station.nextTickAfter(plant.station.timeMs, 60);
  if (at > Date.now()) return;
  plant.station.tick(at, true);
  await Promise.all(plant.station.devices.map((device) => device.drained()));
}

async function openConsole(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, installer.name, installer.password);
  await page.getByTestId('app-layout').waitFor();
  await page.goto(`${baseUrl}/station-detail/ems5000?station_id=${plant.stationId}`);
  await page.getByRole('tablist', { name: 'Parts of the EMS 5000' }).waitFor({ timeout: 20_000 });
  return { context, page };
}

/** The text of a power as the console writes it ("-40.00 kW") → W. */
function watts(text: string): number {
  const match = /(-?[\d.]+)\s*(W|kW|MW)/.exec(text.replace('−', '-'));
  if (!match) return Number.NaN;
  const factor = { W: 1, kW: 1000, MW: 1_000_000 }[match[2] as 'W' | 'kW' | 'MW'];
  return Number(match[1]) * factor;
}

/** Walks every tab by keyboard from System to Modes, each checked by axe once its content is there. */
async function walkTabs(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tablist', { name: 'Parts of the EMS 5000' }).getByRole('tab');
  const names = await tabs.allTextContents();
  expect(names[0]).toBe('System');
  expect(names.at(-1)).toBe('Modes');
  expect(names).toEqual(expect.arrayContaining(['PCS', 'BMS']));
  await page.getByRole('tab', { name: 'System' }).click();
  await page.getByTestId('ems-system-tab').waitFor();
  await expectAccessible(page, 'the EMS console’s System tab');
  for (const name of names.slice(1)) {
    await page.keyboard.press('ArrowRight');
    const tab = page.getByRole('tab', { name, exact: true });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    expect(await tab.evaluate((element) => element === document.activeElement)).toBe(true);
    const panel = page.getByRole('tabpanel', { name, exact: true });
    if (name === 'Modes') {
      await panel.getByTestId('ems-modes-tab').waitFor({ timeout: 15_000 });
      await panel.locator('[data-testid^="ems-mode-form-"]').waitFor({ timeout: 15_000 });
    } else {
      await panel.locator('[data-testid^="ems-values-"]').waitFor({ timeout: 15_000 });
      await panel.locator('[data-testid^="ems-parameters-"]').first().waitFor({ timeout: 15_000 });
    }
    await expectAccessible(page, `the EMS console’s ${name} tab`);
  }
  await page.keyboard.press('Home');
  await expect
    .poll(() => page.getByRole('tab', { name: 'System' }).getAttribute('aria-selected'))
    .toBe('true');
  return names;
}

describe('the EMS 5000 console', () => {
  it('shows every part in its own state and walks every tab by keyboard, at desktop and phone width', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await openConsole(width);
      // the console follows the EMS through the live stream, through the real server
      await expect.poll(() => page.getByTestId('ems-live').getAttribute('data-live')).toBe('true');
      // the PCS's state is named from the PCS's own set
      const pcsState = await page.getByTestId('ems-card-pcs-state').getAttribute('data-state');
      expect(emsPartStates.pcs as readonly string[]).toContain(pcsState);
      const names = await walkTabs(page);
      expect(names.length).toBeGreaterThanOrEqual(4);
      if (width === 390) {
        // the tabs wrap on a phone: none is cut off beyond the screen's edge
        const overflow = await page
          .getByTestId('ems-tablist')
          .evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
      }
      await context.close();
    }
  }, 240_000);

  it('changes the PCS’s maximum discharging power after the device password and sees the device apply it', async () => {
    const { context, page } = await openConsole(1366);
    await page.getByRole('tab', { name: 'PCS', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'PCS', exact: true });
    await panel.getByTestId('ems-parameters-pcs').waitFor({ timeout: 15_000 });

    // the values as the device has them now
    await panel.getByTestId('ems-parameters-read').click();
    const readState = panel.getByTestId('ems-parameters-read-state');
    await readState.waitFor();
    await expect.poll(() => readState.getAttribute('data-state'), { timeout: 30_000 }).toBe('succeeded');
    const field = panel.getByTestId('control-field-pcs.max_discharge_w');
    await expect.poll(() => field.inputValue(), { timeout: 15_000 }).not.toBe('');
    const rated = plant.config.battery?.maxDischargeW ?? 100_000;
    const cap = Math.round((rated * 0.8) / 1000) * 1000;
    await field.fill(String(cap));
    await field.press('Tab');
    await panel.getByTestId('ems-parameters-save').click();

    const dialog = page.getByTestId('control-unlock-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await whenDialogStill(dialog);
    await page.getByTestId('control-unlock-password').fill(SETTINGS_PASSWORD);
    await page.getByTestId('control-unlock-submit').click();
    const saveState = panel.getByTestId('ems-parameters-save-state');
    await saveState.waitFor({ timeout: 15_000 });
    await expect.poll(() => saveState.getAttribute('data-state'), { timeout: 30_000 }).toBe('succeeded');
    expect(await saveState.textContent()).toContain('Applied by the device.');
    await expect.poll(() => field.inputValue(), { timeout: 15_000 }).toBe(String(cap));
    await expectAccessible(page, 'the PCS tab after a change applied');
    await context.close();
  }, 120_000);

  it('switches to manual discharge at a set-point after a confirmation, and the PCS and the power flow follow', async () => {
    const { context, page } = await openConsole(1366);
    await page.getByRole('tab', { name: 'Modes', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Modes', exact: true });
    await panel.getByTestId('ems-modes-tab').waitFor({ timeout: 15_000 });
    await panel.getByRole('radio', { name: /^Manual/ }).check();
    await panel.getByTestId('ems-mode-form-manual').waitFor({ timeout: 15_000 });
    const rated = plant.config.battery?.maxDischargeW ?? 100_000;
    const setPointW = Math.round((rated * 0.4) / 1000) * 1000;
    const power = panel.getByTestId('strategy-field-manual_power_w');
    await power.fill(String(-setPointW));
    await power.press('Tab');
    await panel.getByTestId('ems-mode-switch').click();

    const confirm = page.getByTestId('ems-mode-confirm');
    await confirm.waitFor();
    await whenDialogStill(confirm);
    expect(await confirm.textContent()).toContain('switches to Manual: discharging the battery at');
    await expectAccessible(page, 'the mode switch’s confirmation');
    await page.getByTestId('ems-mode-confirm-ok').click();
    // a new sign-in: the EMS asks its device password again, then the switch is sent
    const unlock = page.getByTestId('control-unlock-dialog');
    await unlock.waitFor({ timeout: 15_000 });
    await whenDialogStill(unlock);
    await page.getByTestId('control-unlock-password').fill(SETTINGS_PASSWORD);
    await page.getByTestId('control-unlock-submit').click();
    const progress = panel.getByTestId('ems-mode-progress');
    await progress.waitFor({ timeout: 15_000 });
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('applied');

    // the plant runs on: its readings show the PCS discharging at the set-point
    await page.getByRole('tab', { name: 'PCS', exact: true }).click();
    const pcsPower = page.getByTestId('ems-value-pcs-ac_power_w');
    await expect
      .poll(
        async () => {
          await readingOn();
          return watts((await pcsPower.textContent({ timeout: 1000 }).catch(() => '')) ?? '');
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBeCloseTo(-setPointW, -3);
    // the power flow: the battery gives the set-point to the site
    const battery = page.getByTestId('flow-node-battery');
    await expect
      .poll(async () => Math.abs(Number(await battery.getAttribute('data-power'))), { timeout: 30_000 })
      .toBeGreaterThan(setPointW * 0.9);
    await page.getByRole('tab', { name: 'Modes', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('ems-modes-reported').getAttribute('data-mode'), { timeout: 30_000 })
      .toBe('manual');
    await expectAccessible(page, 'the Modes tab after the switch');
    await context.close();
  }, 180_000);
});
