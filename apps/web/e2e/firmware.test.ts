import { createHash, createPrivateKey, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firmwareSignatureOf } from '../../server/src/domains/firmware/keys.ts';
import { expectAccessible } from './support/axe.ts';
import { launchChromium, signIn, whenDialogStill } from './support/browser.ts';
import { expectFocus, tabTo } from './support/keyboard.ts';
import { type Account, api, registerInstaller, signInByApi } from './support/plant.ts';
import { type SimulatedPlant, simulatedHomeBattery } from './support/simulated-plant.ts';

/**
 * Firmware as its two kinds of users meet it. The platform operator (the INSTALLER_* account of
 * the run) builds the catalogue from the menu: a series, a model with its parts, then publishes a
 * signed image by keyboard, its upload followed to the SHA-256 the portal computed; a copy with
 * one byte changed, given the same signature file, is refused under the signature field and
 * nothing is published. An installer then rolls a signed image out to the inverters of three
 * simulated home batteries (real devices of the simulator: they download the image from the
 * portal, check its signature and hash, flash, reboot and report the new version) in a canary
 * group of one and a batch of two, and watches the rows move from waiting to completed; the
 * device's upgrade records show the new version. axe checks each screen at desktop width and at
 * 800 px.
 *
 * The installer's journey sets up its own model and file through the API as the operator, so it
 * does not depend on the first journey.
 */

const baseUrl = inject('baseUrl');
const brokerUrl = inject('brokerUrl');
const firmwareKeys = [inject('firmwareKeys')];
const signingKey = createPrivateKey(inject('firmwareSigningKey'));
const run = Date.now().toString(36);
const operator = { name: 'e2e_installer', password: 'installer-pass-1' };
const SETTINGS_PASSWORD = 'inverter-pass-9';
/** What the simulated inverters run before their upgrade (simulator devices/firmware.ts). */
const FROM_VERSION = 'V2.14.3';
const NEW_VERSION = 'V2.15.0';
const IMAGE_BYTES = 300 * 1024;

let browser: Browser;
let folder: string;

beforeAll(async () => {
  browser = await launchChromium();
  folder = mkdtempSync(path.join(tmpdir(), 'helio-e2e-firmware-'));
});
afterAll(async () => {
  await browser?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

interface Image {
  bytes: Buffer;
  sha256: string;
  /** The image and its signature file, on disk for the file inputs. */
  imagePath: string;
  signaturePath: string;
}

/** A random image of IMAGE_BYTES signed with the run's key, written as `<name>` and `<name>.sig` under `sub`. */
function signedImage(sub: string, name: string): Image {
  const bytes = randomBytes(IMAGE_BYTES);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const signature = firmwareSignatureOf({ sha256, sizeBytes: bytes.length }, signingKey);
  const dir = path.join(folder, sub);
  mkdirSync(dir, { recursive: true });
  const imagePath = path.join(dir, name);
  writeFileSync(imagePath, bytes);
  writeFileSync(`${imagePath}.sig`, JSON.stringify(signature));
  return { bytes, sha256, imagePath, signaturePath: `${imagePath}.sig` };
}

async function signedIn(
  account: { name: string; password: string },
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, account.name, account.password);
  await page.getByTestId('app-layout').waitFor();
  return { context, page };
}

/** The input of a control whose test id antd puts on a wrapper (Select, InputNumber) or on the input itself. */
async function inputOf(control: Locator): Promise<Locator> {
  const tag = await control.evaluate((element) => element.tagName);
  return tag === 'INPUT' || tag === 'TEXTAREA' ? control : control.locator('input').first();
}

/** Selects what a field holds and types `text` over it, by keyboard. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * With the focus on a closed select: opens it with ArrowDown, moves to the option labelled
 * `option` and chooses it with Enter.
 */
async function chooseByKeyboard(page: Page, select: Locator, option: string): Promise<void> {
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => select.getAttribute('aria-expanded')).toBe('true');
  for (let press = 0; ; press += 1) {
    const active = await select.getAttribute('aria-activedescendant');
    const item = active ? page.locator(`[id="${active}"]`) : undefined;
    const current = item ? ((await item.getAttribute('aria-label')) ?? (await item.textContent())) : '';
    if (current === option) break;
    if (press === 10) throw new Error(`${option} was not reached with ArrowDown (last: ${current})`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => select.getAttribute('aria-expanded')).toBe('false');
}

/**
 * Chooses the image in the publish dialog and follows its upload: held by the test until the
 * progress bar has been seen, then the SHA-256 the portal computed, the bar gone.
 */
async function uploadImage(page: Page, image: Image): Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const uploadUrl = `${baseUrl}/api/firmware/file/upload`;
  await page.route(uploadUrl, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('firmware-publish-image').setInputFiles(image.imagePath);
  const progress = page.getByTestId('firmware-publish-progress');
  await progress.waitFor();
  release();
  const staged = page.getByTestId('firmware-publish-staged');
  await staged.waitFor({ timeout: 15_000 });
  await progress.waitFor({ state: 'detached' });
  await page.unroute(uploadUrl);
  expect(await staged.textContent()).toContain(image.sha256);
}

/** The operator's catalogue, model and signed file of `model`, set up through the API. */
async function publishThroughApi(model: string, image: Image, fileName: string): Promise<number> {
  const account = await signInByApi(baseUrl, operator.name, operator.password);
  const series = await api<{ series_id: number }>(
    baseUrl,
    'api/firmware/series/add',
    { name: `Rollout series ${run}` },
    account.token,
  );
  const added = await api<{ model_id: number }>(
    baseUrl,
    'api/firmware/model/add',
    { series_id: series.series_id, name: model, device_type: 1, parts: ['ARM', 'DSP'] },
    account.token,
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image.bytes)]), fileName);
  const response = await fetch(`${baseUrl}/api/firmware/file/upload`, {
    method: 'POST',
    headers: { Token: account.token },
    body: form,
  });
  const staged = (await response.json()) as { code: number; data: { upload_id: string } };
  if (staged.code !== 1) throw new Error(`the upload failed: ${JSON.stringify(staged)}`);
  const file = await api<{ file_id: number }>(
    baseUrl,
    'api/firmware/file/add',
    {
      upload_id: staged.data.upload_id,
      model_id: added.model_id,
      part: 'ARM',
      name: fileName.replace(/\.bin$/, ''),
      version: NEW_VERSION,
      notes: { en: 'Faster MPPT tracking.' },
      signature: JSON.stringify(
        firmwareSignatureOf({ sha256: image.sha256, sizeBytes: image.bytes.length }, signingKey),
      ),
    },
    account.token,
  );
  return file.file_id;
}

describe('the firmware catalogue', () => {
  const SERIES = `HX series ${run}`;
  const MODEL = `HX-10K-${run.toUpperCase()}`;
  const FILE_NAME = 'hx10k-arm-v2.15.0';

  it('lets the operator add a series and a model and publish a signed image by keyboard; a tampered copy is refused', async () => {
    const image = signedImage('genuine', `${FILE_NAME}.bin`);
    const { context, page } = await signedIn(operator, 1366);
    await page.getByTestId('menu-firmwareCatalogue').click();
    await page.getByTestId('firmware-catalogue').waitFor();
    await expectAccessible(page, 'firmware catalogue');

    // a series, by keyboard
    const seriesName = page.getByTestId('firmware-series-name');
    await seriesName.focus();
    await page.keyboard.type(SERIES);
    await page.keyboard.press('Enter');
    await page.getByTestId('firmware-series-table').getByText(SERIES, { exact: true }).waitFor();

    // a model of it with its parts ARM (ticked to start with) and DSP
    const newModel = page.getByTestId('firmware-model-new');
    await expect.poll(() => newModel.isEnabled(), { timeout: 15_000 }).toBe(true);
    await newModel.focus();
    await page.keyboard.press('Enter');
    const modelDialog = page.getByTestId('firmware-model-dialog');
    await modelDialog.waitFor();
    await whenDialogStill(modelDialog);
    await expectFocus(page, page.getByTestId('firmware-model-name'), 'the model name');
    await page.keyboard.type(MODEL);
    const seriesSelect = await inputOf(page.getByTestId('firmware-model-series'));
    await tabTo(page, seriesSelect, 'the series', { back: true });
    await chooseByKeyboard(page, seriesSelect, SERIES);
    const typeSelect = await inputOf(page.getByTestId('firmware-model-type'));
    await tabTo(page, typeSelect, 'the device type');
    await chooseByKeyboard(page, typeSelect, 'Inverter');
    const dsp = page.getByTestId('firmware-model-parts').getByRole('checkbox', { name: 'DSP' });
    await tabTo(page, dsp, 'the DSP part');
    await page.keyboard.press('Space');
    await expect.poll(() => dsp.isChecked()).toBe(true);
    await expectAccessible(page, 'new model dialog');
    await tabTo(page, page.getByTestId('firmware-model-submit'), 'the Add model button');
    await page.keyboard.press('Enter');
    await modelDialog.waitFor({ state: 'detached' });
    const modelRow = page.getByTestId('firmware-model-table').locator('tr', { hasText: MODEL });
    await modelRow.waitFor();
    expect(await modelRow.textContent()).toContain('ARMDSP');

    // the signed image: uploaded at once, its signature file, then the fields by keyboard
    const publishOpen = page.getByTestId('firmware-publish-open');
    await expect.poll(() => publishOpen.isEnabled(), { timeout: 15_000 }).toBe(true);
    await publishOpen.click();
    const dialog = page.getByTestId('firmware-publish-dialog');
    await dialog.waitFor();
    await whenDialogStill(dialog);
    await uploadImage(page, image);
    const signature = page.getByTestId('firmware-publish-signature');
    await signature.setInputFiles(image.signaturePath);
    await page.getByTestId('firmware-publish-key').waitFor();
    // the name is the image's, without its extension
    await expect.poll(() => page.getByTestId('firmware-publish-name').inputValue()).toBe(FILE_NAME);
    await signature.focus();
    const modelSelect = await inputOf(page.getByTestId('firmware-publish-model'));
    await tabTo(page, modelSelect, 'the model');
    await page.keyboard.type(MODEL);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('firmware-publish-model').textContent())
      .toContain(`${MODEL} (${SERIES})`);
    const partSelect = await inputOf(page.getByTestId('firmware-publish-part'));
    await expect.poll(() => partSelect.isEnabled()).toBe(true);
    await tabTo(page, partSelect, 'the part');
    await chooseByKeyboard(page, partSelect, 'ARM');
    await tabTo(page, page.getByTestId('firmware-publish-version'), 'the version');
    await page.keyboard.type(NEW_VERSION);
    await tabTo(page, page.getByTestId('firmware-publish-min-version'), 'the lowest version');
    await page.keyboard.type('V2.0.0');
    await tabTo(page, page.getByTestId('firmware-publish-notes-en'), 'the English release notes');
    await page.keyboard.type('Faster MPPT tracking; a steadier grid start.');
    await expectAccessible(page, 'publish dialog, filled');
    await tabTo(page, page.getByTestId('firmware-publish-submit'), 'the Publish button');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    const files = page.getByTestId('firmware-file-table');
    const fileRow = files.locator('tr', { hasText: FILE_NAME });
    await fileRow.waitFor();
    const published = (await fileRow.textContent()) ?? '';
    expect(published).toContain(MODEL);
    expect(published).toContain(NEW_VERSION);
    expect(published).toContain('V2.0.0');
    expect(published).toContain(image.sha256.slice(0, 12));
    // the model's files column counts it
    await expect.poll(() => modelRow.locator('td').nth(5).textContent(), { timeout: 15_000 }).toBe('1');
    await expectAccessible(page, 'firmware catalogue with a file');

    // a copy with one byte changed, with the same signature file: refused under the signature field
    const tampered = Buffer.from(image.bytes);
    tampered[IMAGE_BYTES >> 1] = (tampered[IMAGE_BYTES >> 1]! + 1) % 256;
    const tamperedDir = path.join(folder, 'tampered');
    mkdirSync(tamperedDir, { recursive: true });
    const tamperedImage: Image = {
      bytes: tampered,
      sha256: createHash('sha256').update(tampered).digest('hex'),
      imagePath: path.join(tamperedDir, `${FILE_NAME}.bin`),
      signaturePath: image.signaturePath,
    };
    writeFileSync(tamperedImage.imagePath, tampered);
    await publishOpen.click();
    await dialog.waitFor();
    await whenDialogStill(dialog);
    await uploadImage(page, tamperedImage);
    await signature.setInputFiles(image.signaturePath);
    const signatureItem = page.locator('.ant-form-item', { has: signature });
    await signatureItem
      .getByText('The image is not the one that was signed: its SHA-256 or length differs')
      .waitFor();
    await expect.poll(() => signature.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'publish dialog with a tampered image');
    // sending anyway is refused on the form: the dialog stays, nothing more is published
    await page.getByTestId('firmware-publish-submit').click();
    await signatureItem.getByText('The image is not the one that was signed').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => files.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  it('shows the catalogue and the publish dialog at 800 px', async () => {
    const { context, page } = await signedIn(operator, 800);
    await page.goto(`${baseUrl}/upgrade/firmware`);
    await page.getByTestId('firmware-catalogue').waitFor();
    await page.getByTestId('firmware-file-table').locator('tr', { hasText: FILE_NAME }).waitFor();
    await expectAccessible(page, 'firmware catalogue at 800 px');
    await page.getByTestId('firmware-publish-open').click();
    const dialog = page.getByTestId('firmware-publish-dialog');
    await dialog.waitFor();
    await whenDialogStill(dialog);
    await expectAccessible(page, 'publish dialog at 800 px');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('an upgrade task', () => {
  const MODEL = 'HX-6K';
  let installer: Account;
  let plants: SimulatedPlant[] = [];
  let fileId: number;
  let taskPath: string;

  beforeAll(async () => {
    const image = signedImage('rollout', 'hx6k-arm-v2.15.0.bin');
    fileId = await publishThroughApi(MODEL, image, 'hx6k-arm-v2.15.0.bin');
    installer = await registerInstaller(baseUrl, `e2e_fw_${run}`);
    for (const name of ['North', 'East', 'West'])
      plants.push(
        await simulatedHomeBattery(
          baseUrl,
          brokerUrl,
          installer,
          `Firmware ${name} ${run}`,
          SETTINGS_PASSWORD,
          { firmwareKeys, model: MODEL },
        ),
      );
  }, 90_000);
  afterAll(async () => {
    for (const plant of plants) await plant.stop();
    plants = [];
  });

  it('is started on three inverters in a canary and a batch, and the installer watches every row reach Completed', async () => {
    const inverters = plants.map((plant) => plant.inverterSn);
    const { context, page } = await signedIn(installer, 1366);
    await page.getByTestId('menu-upgradeTasks').click();
    await page.getByTestId('upgrade-tasks').waitFor();
    await page.getByTestId('upgrade-task-table').getByText('No upgrade tasks yet').waitFor();
    await expectAccessible(page, 'upgrade tasks');

    await page.getByTestId('upgrade-task-new').click();
    const drawer = page.getByTestId('upgrade-task-drawer');
    await drawer.waitFor();
    for (const sn of inverters) {
      const box = page.getByTestId(`upgrade-device-select-${sn}`);
      await box.waitFor({ timeout: 15_000 });
      await box.check();
    }
    await expect.poll(() => page.getByTestId('upgrade-device-count').textContent()).toContain(MODEL);
    const chosen = page.getByTestId('upgrade-chosen-devices');
    await expect.poll(() => chosen.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(3);
    expect(await chosen.textContent()).toContain(FROM_VERSION);
    await page.getByTestId(`upgrade-file-${fileId}`).click();
    await (await inputOf(page.getByTestId('upgrade-task-name'))).fill(`Spring update ${run}`);
    // the rollout by keyboard: a canary group of one, then batches of two
    const canary = await inputOf(page.getByTestId('upgrade-task-canary'));
    await canary.focus();
    await typeOver(page, '1');
    const batch = await inputOf(page.getByTestId('upgrade-task-batch'));
    await tabTo(page, batch, 'the batch size');
    await typeOver(page, '2');
    await page.keyboard.press('Tab');
    await expect.poll(() => batch.inputValue()).toBe('2');
    await (await inputOf(page.getByTestId('upgrade-task-password'))).fill(SETTINGS_PASSWORD);
    await expectAccessible(page, 'new upgrade task drawer, filled');
    await page.getByTestId('upgrade-task-submit').click();

    // the task's page: every row from where it started to Completed
    await page.waitForURL(/\/upgrade\/tasks\/\d+$/, { timeout: 20_000 });
    taskPath = new URL(page.url()).pathname;
    await page.getByTestId('upgrade-task-detail').waitFor();
    const rows = page.getByTestId('upgrade-row-table');
    await expect.poll(() => rows.locator('tbody tr.ant-table-row').count()).toBe(3);
    // what each row has shown: its status (or "not sent" and why it waits), as the page drew it
    await page.evaluate((sns) => {
      const seen = new Set<string>();
      const look = () => {
        for (const sn of sns) {
          const row = document.querySelector(`[data-testid="upgrade-row-${sn}-ARM"]`);
          if (!row) continue;
          const status = row.querySelector('[data-status]')?.getAttribute('data-status');
          const progress = row.querySelector('.ant-progress') !== null;
          seen.add(`${sn}:${status ?? 'unsent'}${progress ? ':progress' : ''}`);
        }
      };
      look();
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      (window as unknown as { upgradeRowsSeen: Set<string> }).upgradeRowsSeen = seen;
    }, inverters);
    const seen = () =>
      page.evaluate(() => [...(window as unknown as { upgradeRowsSeen: Set<string> }).upgradeRowsSeen]);
    // the batch waits for the canary: seen before it is sent
    expect(await rows.textContent()).toContain('Its stage has not started');
    expect(await page.getByTestId('upgrade-task-summary').textContent()).toContain(
      'Canary group 1, batches of 2',
    );
    await expectAccessible(page, 'upgrade task page, running');
    for (const sn of inverters)
      await expect
        .poll(
          () =>
            page
              .getByTestId(`upgrade-row-status-${sn}-ARM`)
              .locator('[data-status]')
              .getAttribute('data-status'),
          { timeout: 90_000, interval: 500 },
        )
        .toBe('2');
    const shown = await seen();
    for (const sn of inverters) {
      expect(shown, `what the row of ${sn} showed`).toContain(`${sn}:2`);
      expect(
        shown.some((entry) => entry.startsWith(`${sn}:`) && !entry.startsWith(`${sn}:2`)),
        `the row of ${sn} before it completed: ${shown.join(', ')}`,
      ).toBe(true);
    }
    await expect
      .poll(() => page.getByTestId('firmware-status-count-2').textContent(), { timeout: 15_000 })
      .toContain('3');
    // the task is over at the rollout's next look (every few seconds)
    await expect
      .poll(() => page.getByTestId('upgrade-task-summary').textContent(), { timeout: 30_000 })
      .toContain('Completed');
    const counts = (await page.locator('[data-testid^="firmware-task-counts-"]').textContent()) ?? '';
    expect(counts).toContain('Succeeded 3, failed 0, not sent 0 of 3');
    expect(await rows.textContent()).toContain(`${FROM_VERSION} → ${NEW_VERSION}`);
    await expectAccessible(page, 'upgrade task page, completed');

    // the devices run the new version
    const choices = await api<{ devices: { equ_sn: string; versions: Record<string, string> }[] }>(
      baseUrl,
      'api/firmware/choices',
      { sns: inverters },
      installer.token,
    );
    for (const device of choices.devices) expect(device.versions.ARM, device.equ_sn).toBe(NEW_VERSION);

    // the device's upgrade records, on its settings tab
    const plant = plants[0]!;
    await page.goto(
      `${baseUrl}/device/deviceList/detail?device_id=${plant.deviceIds.get(plant.inverterSn)}&tab=settings`,
    );
    await page.getByTestId('control-settings').waitFor();
    const unlock = page.getByTestId('control-unlock-dialog');
    if (await unlock.isVisible().catch(() => false)) {
      await whenDialogStill(unlock);
      await page.getByTestId('control-unlock-password').fill(SETTINGS_PASSWORD);
      await page.getByTestId('control-unlock-submit').click();
      await unlock.waitFor({ state: 'detached' });
    }
    await page.getByTestId('control-read').click();
    await page.getByTestId('control-read-at').waitFor({ timeout: 15_000 });
    const records = page.getByTestId('control-upgrades-table');
    await records.waitFor();
    await expect.poll(() => records.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    const record = (await records.locator('tbody tr.ant-table-row').textContent()) ?? '';
    expect(record).toContain('Completed');
    expect(record).toContain(`${FROM_VERSION} → ${NEW_VERSION}`);
    expect(record).toContain('hx6k-arm-v2.15.0');
    expect(record).toContain(installer.name);
    await context.close();
  });

  it('shows the task list, the drawer and the task page at 800 px', async () => {
    const { context, page } = await signedIn(installer, 800);
    await page.goto(`${baseUrl}/upgrade/tasks`);
    const table = page.getByTestId('upgrade-task-table');
    await table.locator('tr', { hasText: `Spring update ${run}` }).waitFor({ timeout: 15_000 });
    expect(await table.textContent()).toContain('Completed');
    await expectAccessible(page, 'upgrade tasks at 800 px');
    await page.getByTestId('upgrade-task-new').click();
    const drawer = page.getByTestId('upgrade-task-drawer');
    await drawer.waitFor();
    const box = page.getByTestId(`upgrade-device-select-${plants[1]!.inverterSn}`);
    await box.waitFor({ timeout: 15_000 });
    await box.check();
    await page.getByTestId(`upgrade-file-${fileId}`).waitFor();
    await expectAccessible(page, 'new upgrade task drawer at 800 px');
    await page.getByTestId('upgrade-task-cancel').click();
    await drawer.waitFor({ state: 'detached' });
    await page.goto(`${baseUrl}${taskPath}`);
    await page.getByTestId('upgrade-row-table').locator('tbody tr.ant-table-row').first().waitFor();
    await expectAccessible(page, 'upgrade task page at 800 px');
    await context.close();
  });
});
