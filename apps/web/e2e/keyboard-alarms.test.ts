import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import enAlarms from '../src/locales/alarms/en.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };
import { expectAccessible } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { type Account, addInverter, addStation, signInByApi, TestDevice } from './support/plant.ts';

/**
 * The alarm screen by keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7): an installer signs in,
 * reaches the alarm list, filters it by a station and a time range, sorts a column, opens an
 * alarm's detail, processes it with an opinion, starts a report and leaves it, closes the detail,
 * and pages the list. No mouse: Tab, Shift+Tab, Enter, Space, Escape and typing. At each step the
 * test says where focus is, and each screen state passes axe. Once at a desktop's width, once at
 * a phone's.
 */

const baseUrl = inject('baseUrl');
const run = Date.now().toString(36).toUpperCase();
const MINUTE_MS = 60_000;
const LOADED = { timeout: 10_000 };
/** Tab presses allowed to reach a control: a trap or a lost focus fails instead of looping. */
const MAX_TABS = 60;

let installer: Account;
let browser: Browser;
let context: BrowserContext | undefined;
const devices: TestDevice[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  installer = await signInByApi(baseUrl, 'e2e_installer', 'installer-pass-1');
});
afterAll(() => browser?.close());
afterEach(async () => {
  await Promise.all(devices.splice(0).map((device) => device.close()));
  await context?.close();
  context = undefined;
});

/** Where focus is: the test id of the focused element or of its nearest marked ancestor, its name. */
interface Focus {
  tag: string;
  testId: string | null;
  name: string;
  /** Inside an open dialog or drawer. */
  inDialog: boolean;
  /** The focused element's own class names. */
  className: string;
}

function focusOf(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) {
      return { tag: 'BODY', testId: null, name: '', inDialog: false, className: '' };
    }
    const labelledBy = element
      .getAttribute('aria-labelledby')
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const labels = (element as HTMLInputElement).labels;
    const name =
      element.getAttribute('aria-label') ??
      labelledBy ??
      (labels && labels.length > 0 ? labels[0]?.textContent : null) ??
      element.getAttribute('title') ??
      element.getAttribute('placeholder') ??
      element.textContent ??
      '';
    return {
      tag: element.tagName,
      testId: element.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      name: name.replace(/\s+/g, ' ').trim(),
      inDialog: element.closest('[role="dialog"]') !== null,
      className: typeof element.className === 'string' ? element.className : '',
    };
  });
}

function describeFocus(focus: Focus): string {
  return `${focus.tag}${focus.testId ? `[${focus.testId}]` : ''} "${focus.name.slice(0, 50)}"`;
}

/** True while `locator` is the focused element. */
function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `wanted` holds for the focused element, at most MAX_TABS
 * times; fails naming every element focus went through.
 */
async function tabTo(
  page: Page,
  what: string,
  wanted: (focus: Focus) => boolean | Promise<boolean>,
  { backwards = false }: { backwards?: boolean } = {},
): Promise<Focus> {
  const trail: string[] = [];
  for (let press = 0; press < MAX_TABS; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focusOf(page);
    if (await wanted(focus)) return focus;
    trail.push(describeFocus(focus));
  }
  throw new Error(`${what} was not reached in ${MAX_TABS} presses; focus went:\n  ${trail.join('\n  ')}`);
}

const byTestId = (testId: string) => (focus: Focus) => focus.testId === testId;

/** Headings as a screen reader lists them: levels, in order, of what is shown (a dialog: its own). */
function headingLevels(page: Page): Promise<{ level: number; text: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')]
      .filter((heading) => heading.getClientRects().length > 0)
      .map((heading) => ({
        level: Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1)),
        text: (heading.textContent ?? '').trim(),
      })),
  );
}

/** Each heading is at most one level below the one before it, starting from the page's h1. */
async function expectHeadingsInOrder(page: Page): Promise<void> {
  const headings = await headingLevels(page);
  expect(headings[0]?.level).toBe(1);
  for (let index = 1; index < headings.length; index += 1) {
    const step = headings[index]!.level - headings[index - 1]!.level;
    expect(
      step,
      `heading "${headings[index]!.text}" after "${headings[index - 1]!.text}"`,
    ).toBeLessThanOrEqual(1);
  }
}

/** A date and time in the picker's format, in the browser's time zone. */
function pickerText(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => {
    const date = new Date(at);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
  }, ms);
}

/**
 * The focused element is drawn where it is: its start and its middle are not covered by a sticky
 * column or the top bar (a header wider than the room beside the sticky column may run under it
 * at its very end).
 */
function focusedIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const box = element.getBoundingClientRect();
    const y = box.top + box.height / 2;
    return [box.left + 3, box.left + box.width / 2].every((x) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (element === top || element.contains(top));
    });
  });
}

/** A station with an inverter that raised 13 alarms: two pages of the list's 10. */
async function plantWithAlarms(mark: string) {
  const stationName = `Keyboard plant ${run}${mark}`;
  const stationId = await addStation(baseUrl, installer, stationName);
  const { credentials } = await addInverter(baseUrl, installer, stationId, `INV${run}${mark}`);
  const device = await TestDevice.connect(credentials);
  devices.push(device);
  const now = Date.now();
  // Grid over-voltage came and went twelve times; over-temperature is happening.
  for (let time = 0; time < 12; time += 1) {
    await device.alarm('raise', 101, now - (90 - time * 6) * MINUTE_MS);
    await device.alarm('clear', 101, now - (88 - time * 6) * MINUTE_MS);
  }
  await device.alarm('raise', 301, now - 5 * MINUTE_MS);
  return { stationId, stationName };
}

const widths = [
  { width: 1366, height: 900, mark: 'K1' },
  { width: 390, height: 844, mark: 'K2' },
];

describe('the alarm screen by keyboard alone', () => {
  for (const { width, height, mark } of widths) {
    it(`an installer filters, sorts, processes an alarm from its detail and pages the list, at ${width} px`, async () => {
      const plant = await plantWithAlarms(mark);
      context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const rows = page.getByTestId('alarms-table').locator('tr.alarm-row');
      const search = () => new URL(page.url()).searchParams;
      /** The table's loading veil, there while a list is on its way. */
      const spinning = page.getByTestId('alarm-panel').locator('.ant-spin-spinning');

      // Signing in: the name, Tab, the password, Enter.
      await page.goto(`${baseUrl}/login`);
      await page.getByTestId('login-submit').waitFor();
      if (!(await hasFocus(page.getByTestId('login-username')))) {
        await tabTo(page, 'the user name', byTestId('login-username'));
      }
      await page.keyboard.type(installer.name);
      await tabTo(page, 'the password', byTestId('login-password'));
      await page.keyboard.type(installer.password);
      await page.keyboard.press('Enter');
      await page.getByTestId('app-layout').waitFor(LOADED);

      if (width >= 992) {
        // The alarm list from the navigation.
        await tabTo(page, 'the alarm list in the navigation', byTestId('menu-alarmList'));
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/alarmList/alarmList', LOADED);
      } else {
        // On a phone, from the station list's count of unprocessed alarms; then all of them again:
        // "Clear filters" goes with the filters, and focus goes to the first filter.
        await tabTo(page, 'the unprocessed alarms count', byTestId('alarm-stat-unprocessed'));
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.searchParams.get('processing_state') === 'unprocessed', LOADED);
        await rows.first().waitFor(LOADED);
        await tabTo(page, 'clear filters', byTestId('alarm-clear-filters'));
        await page.keyboard.press('Enter');
        await expect.poll(() => search().get('processing_state'), LOADED).toBeNull();
        await expect.poll(() => page.getByTestId('alarm-clear-filters').count()).toBe(0);
        await expect.poll(async () => (await focusOf(page)).testId).toBe('alarm-sn-filter');
      }
      await rows.first().waitFor(LOADED);
      await expectHeadingsInOrder(page);
      await expectAccessible(page, 'alarm list');

      // The station, searched by its name in the picker and chosen with Enter.
      await tabTo(page, 'the station filter', byTestId('alarm-station-filter'));
      await page.keyboard.type(plant.stationName);
      await page.getByTestId(`device-station-option-${plant.stationId}`).waitFor(LOADED);
      await expect
        .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count())
        .toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(() => search().get('station_id'), LOADED).toBe(String(plant.stationId));
      expect((await focusOf(page)).testId).toBe('alarm-station-filter');
      await expect.poll(() => rows.count(), LOADED).toBe(10);

      // The time range.
      const range = page.getByTestId('alarm-range-filter');
      const start = range.getByPlaceholder(en.timeRange.start);
      const end = range.getByPlaceholder(en.timeRange.end);
      await tabTo(page, 'the start of the time range', () => hasFocus(start));
      // Empty, it lets Tab through: start, end, the next control; and Shift+Tab back.
      await page.keyboard.press('Tab');
      expect(await hasFocus(end), 'Tab from the empty start').toBe(true);
      await page.keyboard.press('Tab');
      expect(await hasFocus(start), 'Tab from the empty end went back to the start').toBe(false);
      expect(await hasFocus(end), 'Tab from the empty end stayed there').toBe(false);
      expect((await focusOf(page)).tag).not.toBe('BODY');
      await page.keyboard.press('Shift+Tab');
      expect(await hasFocus(end), 'Shift+Tab back to the end').toBe(true);
      await page.keyboard.press('Shift+Tab');
      expect(await hasFocus(start), 'Shift+Tab back to the start').toBe(true);
      // A start, Tab to the end, an end, and Tab leaves the field.
      await page.keyboard.type(await pickerText(page, Date.now() - 24 * 60 * MINUTE_MS));
      await page.keyboard.press('Tab');
      expect(await hasFocus(end)).toBe(true);
      await page.keyboard.type(await pickerText(page, Date.now() + 60 * MINUTE_MS));
      await page.keyboard.press('Tab');
      const afterRange = await focusOf(page);
      expect(await hasFocus(start), 'Tab from the end went back to the start').toBe(false);
      expect(await hasFocus(end)).toBe(false);
      expect(afterRange.tag).not.toBe('BODY');
      await expect.poll(() => search().get('start_time'), LOADED).not.toBeNull();
      expect(search().get('end_time')).not.toBeNull();
      await expect.poll(() => page.getByTestId('alarm-range-filter-error').count()).toBe(0);
      // Onwards to the table: the range lets focus go.
      // (The list filtered so has come: while it loads, a veil lies over the table.)
      await expect.poll(() => spinning.count(), LOADED).toBe(0);
      await tabTo(page, 'the first sortable header', (focus) => focus.tag === 'TH');

      // Each sortable header shows its focus, scrolled into view clear of the sticky actions column.
      const header = page.locator('th:focus');
      const severity = await tabTo(page, 'the severity header', async (focus) => {
        if (focus.tag !== 'TH') return false;
        expect(focus.className).toContain('ant-table-column-has-sorters');
        expect(await header.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
        await expect
          .poll(() => focusedIsVisible(page), {
            message: `the focused header "${focus.name}" is hidden in part`,
          })
          .toBe(true);
        return focus.name === enAlarms.alarms.field.severity;
      });
      expect(severity.className).toContain('ant-table-column-has-sorters');

      // Sorting by severity: Space sorts (and does not scroll the page), Enter turns the order round.
      const scrolled = await page.evaluate(() => window.scrollY);
      await page.keyboard.press('Space');
      await expect.poll(() => search().get('sort_by'), LOADED).toBe('severity');
      // The screen follows the address: the header says its order once the list is sorted.
      await expect.poll(() => header.getAttribute('aria-sort'), LOADED).toBe('descending');
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      expect(await focusOf(page)).toMatchObject({ tag: 'TH', name: enAlarms.alarms.field.severity });
      await page.keyboard.press('Enter');
      await expect.poll(() => search().get('sort_order'), LOADED).toBe('asc');
      expect(await focusOf(page)).toMatchObject({ tag: 'TH', name: enAlarms.alarms.field.severity });
      await expect.poll(() => header.getAttribute('aria-sort'), LOADED).toBe('ascending');
      // The rows so sorted have come (until then the list shows the former order, dimmed).
      await expect.poll(() => spinning.count(), LOADED).toBe(0);

      // The detail of an alarm, from its fault name.
      const opener = await tabTo(page, "an alarm's detail button", byTestId('alarm-open'));
      await page.keyboard.press('Enter');
      const detail = page.getByTestId('alarm-detail');
      await page.getByTestId('alarm-detail-advice').waitFor(LOADED);
      expect((await focusOf(page)).inDialog).toBe(true);
      // The drawer's title is the heading under the page's h1; its sections are under it.
      expect(await page.getByTestId('alarm-detail-title').evaluate((element) => element.tagName)).toBe('H2');
      await expectHeadingsInOrder(page);
      await expectAccessible(page, 'alarm detail');

      // Processing it with an opinion; focus comes back to the drawer's button.
      await tabTo(page, 'the detail’s process button', byTestId('alarm-detail-process'));
      await page.keyboard.press('Enter');
      const processDialog = page.getByTestId('alarm-process-dialog');
      await processDialog.waitFor();
      expect((await focusOf(page)).inDialog).toBe(true);
      await expectAccessible(page, 'process dialog');
      await tabTo(page, 'the opinion', byTestId('alarm-process-opinion'));
      const opinion = `Reset the inverter after the grid settled ${run}`;
      await page.keyboard.type(opinion);
      await tabTo(page, 'the process dialog’s save button', byTestId('alarm-process-submit'));
      await page.keyboard.press('Enter');
      await processDialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('alarm-detail-opinion').textContent(), LOADED).toBe(opinion);
      await expect.poll(async () => (await focusOf(page)).testId).toBe('alarm-detail-process');

      // A report about it: Tab through its empty fields says nothing; submitting says what is missing.
      await tabTo(page, 'the detail’s report button', byTestId('alarm-detail-report'));
      await page.keyboard.press('Enter');
      const reportDialog = page.getByTestId('report-dialog');
      await reportDialog.waitFor();
      await tabTo(page, 'the description', byTestId('report-description'));
      await tabTo(page, 'the report’s submit button', byTestId('report-submit'));
      const errors = page.locator('.ant-modal .ant-form-item-explain-error');
      expect(await errors.count(), 'an error shown for a field only passed through').toBe(0);
      await expectAccessible(page, 'report dialog');
      await page.keyboard.press('Enter');
      await errors.first().waitFor();
      const description = page.getByTestId('report-description');
      expect(await description.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await description.getAttribute('aria-describedby')) ?? '';
      const said = await page.evaluate(
        (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? null),
        describedBy.split(' ').filter(Boolean),
      );
      expect(said).toContain(enAlarms.alarms.reports.descriptionRequired);
      await expectAccessible(page, 'report dialog with an error');
      // Leaving it: Esc closes the dialog alone, and focus is back on its button in the drawer.
      await page.keyboard.press('Escape');
      await reportDialog.waitFor({ state: 'detached' });
      await detail.waitFor();
      await expect.poll(async () => (await focusOf(page)).testId).toBe('alarm-detail-report');

      // Esc closes the detail; focus is back on the button that opened it.
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      expect(search().get('alarm')).toBeNull();
      await expect.poll(() => focusOf(page)).toMatchObject({ testId: 'alarm-open', name: opener.name });

      // The next page, from the pager: focus stays on the pager, on the page now shown.
      await tabTo(page, 'the pager’s next page', (focus) => focus.className.includes('ant-pagination-next'));
      await page.keyboard.press('Enter');
      await expect.poll(() => search().get('page'), LOADED).toBe('2');
      await expect.poll(() => rows.count(), LOADED).toBe(3);
      await expect.poll(async () => (await focusOf(page)).className).toContain('ant-pagination-item-active');
      expect((await focusOf(page)).name).toBe('2');
      await expect.poll(() => focusedIsVisible(page)).toBe(true);
      // And back with Enter on page 1's item.
      const one = await tabTo(page, 'page 1', (focus) => focus.name === '1', { backwards: true });
      expect(one.className).toContain('ant-pagination-item');
      await page.keyboard.press('Enter');
      await expect.poll(() => search().get('page'), LOADED).toBeNull();
      await expect
        .poll(async () => (await focusOf(page)).className, LOADED)
        .toContain('ant-pagination-item-active');
      expect((await focusOf(page)).name).toBe('1');
      await expectAccessible(page, 'alarm list, paged');
    });
  }
});
