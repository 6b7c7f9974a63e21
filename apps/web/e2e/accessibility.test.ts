import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { launchChromium, signIn } from './support/browser.ts';
import { settled } from './support/keyboard.ts';
import {
  type Account,
  addEndUser,
  addInverter,
  addStation,
  api,
  registerInstaller,
  TestDevice,
} from './support/plant.ts';

/**
 * Every screen and its dialogs, checked by axe-core (WCAG 2.0/2.1 A and AA, best practices) at a
 * desktop width and a phone's: an installer's fleet with a station, a connected inverter with a
 * happening alarm, an end user and messages. Each width is one test that visits all the screens
 * and fails listing every serious or critical violation it met, screen by screen.
 */

const baseUrl = inject('baseUrl');
const run = Date.now().toString(36).toUpperCase();

let browser: Browser;
let installer: Account;
let stationId: number;
let deviceId: number;
let device: TestDevice;

beforeAll(async () => {
  browser = await launchChromium();
  installer = await registerInstaller(baseUrl, `a11y_${run}`.toLowerCase());
  const endUser = await addEndUser(baseUrl, installer, `a11y_user_${run}`.toLowerCase());
  stationId = await addStation(baseUrl, installer, `Access ${run}`, endUser);
  const inverter = await addInverter(baseUrl, installer, stationId, `INV${run}A11Y`);
  deviceId = inverter.deviceId;
  device = await TestDevice.connect(inverter.credentials);
  await device.alarm('raise', 1001, Date.now() - 60_000);
});
afterAll(async () => {
  await device?.close();
  await browser?.close();
});

/** Waits until the screen has its data: no request in flight, no spinner or skeleton left. */
async function settledAfterRequests(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await settled(page);
}

/** A screen to check: how to reach it from a signed-in page, and its name in the report. */
interface Screen {
  name: string;
  open(page: Page): Promise<void>;
}

/** Goes to a path, worked out when the screen is visited (the fleet is made in `beforeAll`). */
const go = (path: () => string) => async (page: Page) => {
  await page.goto(`${baseUrl}${path()}`);
  await page.getByTestId('app-layout').waitFor();
};

const screens: Screen[] = [
  { name: 'station list', open: go(() => '/dashboard') },
  {
    name: 'station detail',
    open: go(() => `/station-detail/battery?station_id=${stationId}`),
  },
  { name: 'device list', open: go(() => '/device/deviceList') },
  { name: 'device detail', open: go(() => `/device/deviceList/detail?device_id=${deviceId}`) },
  { name: 'alarm list', open: go(() => '/alarmList/alarmList') },
  { name: 'abnormal reports', open: go(() => '/alarmList/alarmList?tab=reports') },
  { name: 'accounts', open: go(() => '/myUser/myUser') },
  { name: 'messages', open: go(() => '/myLog/myLog') },
  { name: 'authorization requests', open: go(() => '/myLog/myLog?tab=requests') },
  { name: 'operation log', open: go(() => '/myLog/myLog?tab=log') },
  {
    name: 'fleet dashboard',
    open: async (page) => {
      const link = await api<{ url: string }>(
        baseUrl,
        'api/statistics/ticket',
        { language: 'en' },
        installer.token,
      );
      await page.goto(new URL(link.url, baseUrl).toString());
      await page.getByTestId('statistics-page').waitFor();
    },
  },
];

async function checkAt(width: number, height: number): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const report: string[] = [];
  const check = async (name: string) => {
    await settledAfterRequests(page);
    for (const violation of await accessibilityViolations(page)) {
      report.push(
        `${name}: ${violation.id} (${violation.impact}) ${violation.help}\n      ` +
          violation.nodes
            .slice(0, 5)
            .map(
              (node) =>
                `${node.target.join(' ')} ${(node.failureSummary ?? '').split('\n').slice(1).join(' ').slice(0, 160)}`,
            )
            .join('\n      '),
      );
    }
  };
  try {
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
    await check('login');
    await signIn(page, installer.name, installer.password);
    await page.getByTestId('app-layout').waitFor();
    for (const screen of screens) {
      await screen.open(page);
      await check(screen.name);
    }
  } finally {
    await context.close();
  }
  return report;
}

describe('accessibility', () => {
  it('every screen passes axe at 1366 px', async () => {
    const report = await checkAt(1366, 900);
    expect(report, report.join('\n')).toEqual([]);
  });

  it('every screen passes axe at 390 px', async () => {
    const report = await checkAt(390, 844);
    expect(report, report.join('\n')).toEqual([]);
  });
});
