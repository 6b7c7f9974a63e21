import { control, type DeviceItem, device, strategy } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApplyDialog } from '../../src/features/strategies/components/apply-dialog.tsx';
import { settingsView, UNLOCKED_UNTIL } from './support/control-view.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { testInverter, testSn, touTemplate } from './support/strategy-fixtures.ts';

/**
 * The apply dialog: the caller's battery devices chosen up to fifteen (the others' boxes disabled,
 * a line saying why), a locked device asking for its password first (the Settings tab's dialog),
 * 200906 said at the top, and each device followed from pending to applied or failed.
 */

const template = touTemplate({ template_id: 7, name: 'Night charge', system: false });

const sn = testSn;
const inverter = testInverter;

/** The API with `count` inverters on one page, each unlocked unless named in `locked`. */
function answerDevices(count: number, locked: string[] = []) {
  const all = Array.from({ length: count }, (_, i) => inverter(i + 1));
  return fakeApi()
    .answer(device.list, (body) => {
      const size = Number(body.page_size);
      const page = Number(body.page);
      return { total: all.length, list: all.slice((page - 1) * size, page * size) };
    })
    .answer(control.settings, (body) =>
      settingsView({
        equ_sn: String(body.equ_sn),
        unlocked_until: locked.includes(String(body.equ_sn)) ? null : UNLOCKED_UNTIL,
      }),
    );
}

function renderApply(api: ReturnType<typeof answerDevices>, devices: DeviceItem[] = []) {
  const rendered = renderScreen(
    <ApplyDialog template={template} devices={devices} open onClose={() => undefined} />,
  );
  return { ...rendered, api };
}

const box = (n: number) => screen.getByTestId(`strategy-apply-select-${sn(n)}`) as HTMLInputElement;

describe('the apply dialog', () => {
  it('chooses at most fifteen devices, says so and disables the other boxes', async () => {
    const api = answerDevices(16);
    const { user } = renderApply(api);
    await screen.findByTestId(`strategy-apply-select-${sn(1)}`);
    for (let n = 1; n <= 10; n += 1) await user.click(box(n));
    // the next page of the list: the choice stays
    await user.click(within(screen.getByTestId('strategy-device-picker')).getByTitle('Next Page'));
    await screen.findByTestId(`strategy-apply-select-${sn(11)}`);
    for (let n = 11; n <= 15; n += 1) await user.click(box(n));
    await waitFor(() =>
      expect(screen.getByTestId('strategy-apply-count').textContent).toBe(
        '15 devices chosen, the most for one application: take one off to choose another.',
      ),
    );
    expect(box(16).disabled).toBe(true);
    expect(box(15).disabled).toBe(false);
    expect(screen.getByTestId('strategy-apply-chosen').querySelectorAll('li')).toHaveLength(15);
    // one taken off, another can be chosen
    await user.click(screen.getByTestId(`strategy-apply-remove-${sn(3)}`));
    await waitFor(() => expect(box(16).disabled).toBe(false));
  });

  it('applies to the chosen devices and follows each from pending to applied or failed', async () => {
    const api = answerDevices(3);
    const { user } = renderApply(api, [inverter(1), inverter(2)]);
    await waitFor(() =>
      expect(screen.getByTestId(`strategy-apply-chosen-${sn(2)}`).getAttribute('data-lock')).toBe('open'),
    );
    const pending = [
      { equ_sn: sn(1), strategy_id: 1, command_id: 'c1', state: 'pending' as const },
      { equ_sn: sn(2), strategy_id: 2, command_id: 'c2', state: 'pending' as const },
    ];
    const batchId = '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b';
    api.answer(strategy.update, { batch_id: batchId, list: pending });
    let asked = 0;
    api.answer(strategy.batch, () => {
      asked += 1;
      return {
        batch_id: batchId,
        list:
          asked === 1
            ? [{ ...pending[0]!, state: 'applied' as const }, pending[1]!]
            : [
                { ...pending[0]!, state: 'applied' as const },
                { ...pending[1]!, state: 'failed' as const },
              ],
      };
    });
    await user.click(screen.getByTestId('strategy-apply-submit'));
    const sent = await waitFor(() => {
      const [first] = api.sent(strategy.update);
      if (!first) throw new Error('not sent');
      return first.body;
    });
    expect(sent.equ_sns).toEqual([sn(1), sn(2)]);
    expect(sent.template_id).toBe(7);
    expect(typeof sent.key).toBe('string');

    await waitFor(() =>
      expect(screen.getByTestId(`strategy-apply-state-${sn(1)}`).getAttribute('data-state')).toBe('applied'),
    );
    expect(screen.getByTestId(`strategy-apply-state-${sn(2)}`).getAttribute('data-state')).toBe('pending');
    expect(screen.getByTestId('strategy-apply-summary').textContent).toBe(
      'Applied: 1, failed: 0, waiting for the device: 1.',
    );
    await waitFor(
      () =>
        expect(screen.getByTestId(`strategy-apply-state-${sn(2)}`).getAttribute('data-state')).toBe('failed'),
      { timeout: 10_000 },
    );
    expect(screen.getByTestId('strategy-apply-summary').textContent).toBe('Done. Applied: 1, failed: 1.');
    expect(screen.getByTestId(`strategy-apply-state-${sn(2)}`).textContent).toContain('Failed');
  });

  it('asks for the password of a locked device before applying', async () => {
    const api = answerDevices(2, [sn(2)]);
    const { user } = renderApply(api, [inverter(1), inverter(2)]);
    const unlock = await screen.findByTestId(`strategy-apply-unlock-${sn(2)}`);
    await user.click(screen.getByTestId('strategy-apply-submit'));
    expect((await screen.findByTestId('strategy-apply-failure')).textContent).toContain(sn(2));
    await waitFor(() => expect(document.activeElement).toBe(unlock));
    expect(api.sent(strategy.update)).toHaveLength(0);

    api.answer(control.unlock, { unlocked_until: UNLOCKED_UNTIL });
    await user.click(unlock);
    const password = await screen.findByTestId('control-unlock-password');
    await user.type(password, 'inverter-pass{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId(`strategy-apply-chosen-${sn(2)}`).getAttribute('data-lock')).toBe('open'),
    );
    expect(api.sent(control.unlock)[0]?.body).toEqual({ equ_sn: sn(2), pwd: 'inverter-pass' });
  });

  it('says 200906 at the top when the devices are not of one type and model', async () => {
    const api = answerDevices(2).answer(strategy.update, { refuse: '200906' });
    const { user } = renderApply(api, [inverter(1), inverter(2)]);
    await waitFor(() =>
      expect(screen.getByTestId(`strategy-apply-chosen-${sn(2)}`).getAttribute('data-lock')).toBe('open'),
    );
    await user.click(screen.getByTestId('strategy-apply-submit'));
    const alert = await screen.findByTestId('strategy-apply-same-model');
    expect(alert.textContent).toContain('Please select devices of the same type and model.');
    expect(alert.getAttribute('role')).toBe('alert');
  });
});
