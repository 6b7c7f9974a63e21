import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn, whenDialogStill } from './support/browser.ts';
import { type Account, registerInstaller } from './support/plant.ts';
import { type SimulatedPlant, simulatedHomeBattery } from './support/simulated-plant.ts';

/**
 * The remote console as an installer uses it, against a simulated home battery plant connected to
 * the portal's broker: unlock with the device password, read the device, change its grid standard
 * and a battery slot and see each pending → applied, set a static IP, read the Log; at desktop
 * width and at 800 px, checked by axe at each state.
 */

const baseUrl = inject('baseUrl');
const brokerUrl = inject('brokerUrl');
const run = Date.now().toString(36);
const SETTINGS_PASSWORD = 'inverter-pass-7';

let browser: Browser;
let installer: Account;
let plant: SimulatedPlant;

beforeAll(async () => {
  browser = await launchChromium();
  installer = await registerInstaller(baseUrl, `e2e_ctl_${run}`);
  plant = await simulatedHomeBattery(baseUrl, brokerUrl, installer, `Control ${run}`, SETTINGS_PASSWORD);
}, 60_000);
afterAll(async () => {
  await plant?.stop();
  await browser?.close();
});

async function openSettings(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, installer.name, installer.password);
  await page.getByTestId('app-layout').waitFor();
  const deviceId = plant.deviceIds.get(plant.inverterSn)!;
  await page.goto(`${baseUrl}/device/deviceList/detail?device_id=${deviceId}&tab=settings`);
  await page.getByTestId('control-settings').waitFor();
  return { context, page };
}

/** Saves a group and follows its command from pending to applied on the device. */
async function appliedAfterSave(page: Page, group: string): Promise<void> {
  await page.getByTestId(`control-save-${group}`).click();
  const progress = page.getByTestId(`control-command-${group}`);
  await progress.waitFor({ timeout: 10_000 });
  await expect.poll(() => progress.getAttribute('data-state'), { timeout: 15_000 }).toBe('succeeded');
}

describe('the remote console', () => {
  it('unlocks with the device password, reads, changes the grid standard and a battery slot, and shows each applied', async () => {
    const { context, page } = await openSettings(1366);
    // the password dialog: a wrong password is refused with the catalogue's text
    const dialog = page.getByTestId('control-unlock-dialog');
    await dialog.waitFor();
    await whenDialogStill(dialog);
    await expectAccessible(page, 'device password dialog');
    await page.getByTestId('control-unlock-password').fill('not-the-password');
    await page.getByTestId('control-unlock-submit').click();
    await expect.poll(() => dialog.textContent()).toMatch(/password/i);
    await page.getByTestId('control-unlock-password').fill(SETTINGS_PASSWORD);
    await page.getByTestId('control-unlock-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('control-unlocked').waitFor();

    // read the device: its values and the time they were read
    await page.getByTestId('control-read').click();
    await page.getByTestId('control-read-at').waitFor({ timeout: 15_000 });
    await page.getByTestId('control-group-grid').waitFor();
    await page.getByTestId('control-group-battery').waitFor();
    await expectAccessible(page, 'settings tab');

    // another grid standard fills its defaults; saving applies them on the device
    await page.getByTestId('control-field-grid_standard').click();
    await page.locator('.ant-select-item-option', { hasText: 'VDE-AR-N 4105' }).first().click();
    await page.getByTestId('control-defaults-filled').waitFor();
    await appliedAfterSave(page, 'grid');
    await expect
      .poll(() => page.getByTestId('control-field-grid_standard').textContent())
      .toContain('VDE-AR-N 4105');

    // a charge slot at night: typed, drawn, applied
    await page.getByTestId('control-field-charge_1_start').fill('01:00');
    await page.getByTestId('control-field-charge_1_end').fill('05:00');
    // an overlapping discharge slot is refused on the form, before anything is sent
    await page.getByTestId('control-field-discharge_1_start').fill('04:00');
    await page.getByTestId('control-field-discharge_1_end').fill('06:00');
    await page.getByTestId('control-save-battery').click();
    await page
      .getByText(/cannot overlap/i)
      .first()
      .waitFor();
    await page.getByTestId('control-field-discharge_1_start').fill('17:00');
    await page.getByTestId('control-field-discharge_1_end').fill('21:00');
    await appliedAfterSave(page, 'battery');
    await page.getByTestId('control-slot-bar').waitFor();
    await expectAccessible(page, 'settings applied');
    await context.close();
  });

  it('sets a static IP through the network dialog, and the Log tab lists every command', async () => {
    const { context, page } = await openSettings(800);
    const unlock = page.getByTestId('control-unlock-dialog');
    if (await unlock.isVisible().catch(() => false)) {
      await page.getByTestId('control-unlock-password').fill(SETTINGS_PASSWORD);
      await page.getByTestId('control-unlock-submit').click();
      await unlock.waitFor({ state: 'detached' });
    }
    // the network group shows what the device last answered
    if (
      !(await page
        .getByTestId('control-read-at')
        .isVisible()
        .catch(() => false))
    ) {
      await page.getByTestId('control-read').click();
      await page.getByTestId('control-read-at').waitFor({ timeout: 15_000 });
    }
    await page.getByTestId('control-network-configure').click();
    const dialog = page.getByTestId('control-network-dialog');
    await dialog.waitFor();
    await whenDialogStill(dialog);
    await page.getByTestId('control-network-dhcp').click();
    await page.getByTestId('control-network-ip').fill('192.168.1.50');
    await page.getByTestId('control-network-submit').click();
    // the required fields are named before anything is sent
    await dialog
      .getByText(/subnet mask/i)
      .first()
      .waitFor();
    await expectAccessible(page, 'network dialog at 800 px');
    await page.getByTestId('control-network-mask').fill('255.255.255.0');
    await page.getByTestId('control-network-gateway').fill('192.168.1.1');
    await page.getByTestId('control-network-dns').fill('1.1.1.1');
    await page.getByTestId('control-network-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('control-value-net_ip').textContent(), { timeout: 20_000 })
      .toBe('192.168.1.50');

    await page.getByTestId('device-tab-log').click();
    const table = page.getByTestId('control-log-table');
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await expect.poll(() => table.textContent()).toContain(installer.name);
    await expectAccessible(page, 'log tab at 800 px');
    await context.close();
  });
});
