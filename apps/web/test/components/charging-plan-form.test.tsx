import { addDays, localDate } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChargingSections } from '../../src/features/charging/index.ts';
import { expectAccessible } from './support/accessible.ts';
import {
  answerCharging,
  charging,
  commandAfter,
  control,
  forecast,
  NEW_COMMAND,
  planView,
  radiosByArrowKeys,
  SN,
  STATION_ID,
} from './support/charging-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { errorOf } from './support/strategy-fixtures.ts';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/**
 * The plan's editor: checked as typed by the contracts' plan rules, a refusal focuses the first
 * field it names and nothing is sent; the forecast of the plan as typed follows the edits; Save
 * says what will be sent, asks the device password when the server wants it, sends the same
 * request again once unlocked and follows the command until the charger has applied it.
 */

function renderEditor(api = answerCharging(fakeApi())) {
  const rendered = renderScreen(<ChargingSections stationId={STATION_ID} chargers={[{ sn: SN }]} />);
  return { ...rendered, api };
}

type User = ReturnType<typeof renderEditor>['user'];

async function openEditor(user: User) {
  await user.click(await screen.findByTestId('charging-plan-edit'));
  return screen.findByTestId('charging-plan-editor');
}

/** A button-style radio is clicked on its label (its input takes no pointer). */
const labelOf = (radio: HTMLElement) => radio.closest('label') as HTMLElement;

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

async function retype(user: User, testId: string, text: string) {
  await user.clear(input(testId));
  if (text) await user.type(input(testId), text);
}

describe('the charging plan editor', () => {
  it('refuses a minimum above the maximum under its field, focused, and sends nothing', async () => {
    const { user, api } = renderEditor();
    await openEditor(user);
    await expectAccessible(document.body, 'the plan editor');
    await retype(user, 'charging-min-current', '20');
    await user.click(screen.getByTestId('charging-plan-save'));
    await waitFor(() => expect(document.activeElement).toBe(input('charging-min-current')));
    await waitFor(() =>
      expect(errorOf('charging-min-current')).toBe('The minimum current cannot be above the maximum current'),
    );
    expect(screen.queryByTestId('charging-plan-confirm')).toBeNull();
    expect(api.sent(charging.savePlan)).toHaveLength(0);
  });

  it('asks a target of scheduled charging at the mode, and the car’s capacity of a SOC target', async () => {
    const { user, api } = renderEditor();
    await openEditor(user);
    await user.click(screen.getByTestId('charging-weekly-0-remove'));
    // the removed target's button has gone: the focus goes to "Add a weekly departure"
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('charging-weekly-add')));
    await user.click(screen.getByRole('radio', { name: /^Scheduled/ }));
    await user.click(screen.getByTestId('charging-plan-save'));
    const scheduled = screen.getByRole('radio', { name: /^Scheduled/ });
    await waitFor(() => expect(document.activeElement).toBe(scheduled));
    await waitFor(() =>
      expect(errorOf('charging-mode')).toBe('Scheduled charging needs a departure time with a target'),
    );

    // a weekly target asking a SOC, with no capacity known
    await user.click(screen.getByTestId('charging-weekly-add'));
    const target = await screen.findByTestId('charging-weekly-0');
    await user.click(labelOf(within(target).getByRole('radio', { name: 'State of charge' })));
    await retype(user, 'charging-weekly-0-soc', '80');
    await user.clear(input('charging-capacity'));
    await user.click(screen.getByTestId('charging-plan-save'));
    await waitFor(() => expect(document.activeElement).toBe(input('charging-capacity')));
    await waitFor(() =>
      expect(errorOf('charging-capacity')).toBe("A state-of-charge target needs the car's battery capacity"),
    );
    expect(errorOf('charging-mode')).toBe('');
    expect(api.sent(charging.savePlan)).toHaveLength(0);
  });

  it('offers off-peak only with the station’s tariff, and says so', async () => {
    const { user } = renderEditor(answerCharging(fakeApi(), planView({ has_tariff: false })));
    await openEditor(user);
    const offPeak = screen.getByRole('radio', { name: /^Off-peak/ }) as HTMLInputElement;
    expect(offPeak.disabled).toBe(true);
    expect(offPeak.closest('label')?.textContent).toContain(
      "Needs the station's peak-valley tariff: set it first.",
    );
  });

  it('previews the plan as typed: its forecast follows the edits', async () => {
    const api = answerCharging(fakeApi()).answer(charging.preview, (body) => {
      const plan = body.plan as { mode: string };
      return forecast({ mode: 'fast', expected_kwh: plan.mode === 'fast' ? 20 : 15.8 });
    });
    const { user } = renderEditor(api);
    await openEditor(user);
    await waitFor(() => expect(api.sent(charging.preview).length).toBeGreaterThan(0));
    expect(api.sent(charging.preview)[0]?.body).toMatchObject({ equ_sn: SN, plan: { mode: 'pv' } });
    await user.click(screen.getByRole('radio', { name: /^Fast/ }));
    await waitFor(() =>
      expect(
        api.sent(charging.preview).some((call) => (call.body.plan as { mode: string }).mode === 'fast'),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.getByTestId('charging-preview-expected').textContent).toBe('20.0 kWh'));
    // a plan with a problem is not previewed
    const asked = api.sent(charging.preview).length;
    await retype(user, 'charging-max-current', '');
    expect(await screen.findByTestId('charging-preview-waiting')).toBeTruthy();
    expect(api.sent(charging.preview)).toHaveLength(asked);
  });

  it('says what will be sent, asks the device password, sends it again and follows it until applied', async () => {
    let saves = 0;
    const api = answerCharging(fakeApi())
      .answer(charging.savePlan, () =>
        saves++ === 0 ? { refuse: '200905' } : { command_id: NEW_COMMAND, state: 'pending' as const },
      )
      .answer(control.unlock, { unlocked_until: '2099-01-01T12:30:00Z' })
      .answer(control.command, commandAfter(1, { state: 'succeeded' }));
    const { user } = renderEditor(api);
    await openEditor(user);
    await user.click(screen.getByRole('radio', { name: /^Fast/ }));
    await retype(user, 'charging-max-current', '32');
    await user.click(labelOf(screen.getByRole('radio', { name: '3 phases' })));
    await user.click(screen.getByTestId('charging-plan-save'));
    await screen.findByTestId('charging-plan-confirm');
    // (antd names its dialogs by an id that is the same for every antd part in jsdom: the title is read instead)
    expect(screen.getByRole('dialog').querySelector('.ant-modal-title')?.textContent).toBe(
      'Send this plan to the charger?',
    );
    expect(screen.getByTestId('charging-plan-confirm-text').textContent).toBe(
      'Fast, 6 A to 32 A per phase, 3 phases. Targets: Mon–Fri by 07:00: 20.0 kWh.',
    );
    await expectAccessible(document.body, 'the confirmation');
    expect(api.sent(charging.savePlan)).toHaveLength(0);

    await user.click(screen.getByTestId('charging-plan-confirm-ok'));
    await user.type(await screen.findByTestId('control-unlock-password'), 'device-secret');
    await user.click(screen.getByTestId('control-unlock-submit'));
    await waitFor(() => expect(api.sent(charging.savePlan)).toHaveLength(2));
    const [first, second] = api.sent(charging.savePlan);
    expect(second?.body.key).toBe(first?.body.key);
    expect(second?.body).toMatchObject({
      equ_sn: SN,
      plan: {
        mode: 'fast',
        min_current_a: 6,
        max_current_a: 32,
        phases: '3p',
        car_capacity_kwh: 60,
        weekly: [{ days: [1, 2, 3, 4, 5], departure: '07:00', energy_kwh: 20, soc_pct: null }],
        override: null,
      },
    });
    expect(api.sent(control.unlock)[0]?.body).toEqual({ equ_sn: SN, pwd: 'device-secret' });

    // the editor has closed; the command is followed until the charger has applied it
    await waitFor(() => expect(screen.queryByTestId('charging-plan-editor')).toBeNull());
    const progress = await screen.findByTestId('charging-plan-progress');
    await waitFor(() => expect(progress.getAttribute('data-state')).toBe('succeeded'), { timeout: 15_000 });
    expect(screen.getByTestId('charging-plan-progress-result').textContent).toContain(
      'Applied by the device.',
    );
    expect(api.sent(control.command)[0]?.body).toEqual({ command_id: NEW_COMMAND });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('charging-plan-edit')));
  }, 45_000);

  it('sets a one-off "full by 7:00 tomorrow" in the station’s zone, and shows a refusal under its field', async () => {
    const api = answerCharging(fakeApi()).answer(charging.savePlan, {
      refuse: '200004',
      issues: [{ path: 'plan.mode', message: 'validation.chargingNeedsTariff' }],
    });
    const { user } = renderEditor(api);
    await openEditor(user);
    await user.click(screen.getByTestId('charging-override-on'));
    await user.click(await screen.findByTestId('charging-quick-fullTomorrow'));
    const tomorrow = addDays(localDate(Date.now(), 'UTC'), 1);
    expect(input('charging-override-date').value).toBe(tomorrow);
    expect(input('charging-override-time').value).toBe('07:00');
    expect(input('charging-override-soc').value).toBe('100');
    await user.click(screen.getByTestId('charging-plan-save'));
    expect((await screen.findByTestId('charging-plan-confirm-text')).textContent).toContain('Once, by');
    await user.click(screen.getByTestId('charging-plan-confirm-ok'));
    await waitFor(() => expect(api.sent(charging.savePlan)).toHaveLength(1));
    expect(api.sent(charging.savePlan)[0]?.body.plan).toMatchObject({
      override: { departure_at: `${tomorrow}T07:00:00.000Z`, energy_kwh: null, soc_pct: 100 },
    });
    await waitFor(() =>
      expect(errorOf('charging-mode')).toBe(
        "Off-peak charging needs the station's peak-valley tariff: set it first",
      ),
    );
    expect(screen.getByTestId('charging-plan-editor')).toBeTruthy();
  }, 40_000);

  it('is used by keyboard: the editor opens with Enter, the modes change with the arrow keys', async () => {
    radiosByArrowKeys();
    const { user } = renderEditor();
    const edit = await screen.findByTestId('charging-plan-edit');
    edit.focus();
    await user.keyboard('{Enter}');
    await screen.findByTestId('charging-plan-editor');
    const pv = screen.getByRole('radio', { name: /^PV surplus/ });
    expect((pv as HTMLInputElement).checked).toBe(true);
    pv.focus();
    await user.keyboard('{ArrowDown}');
    const minPv = screen.getByRole('radio', { name: /^Minimum \+ PV surplus/ }) as HTMLInputElement;
    await waitFor(() => expect(minPv.checked).toBe(true));
    expect(document.activeElement).toBe(minPv);
    expect(screen.getByRole('group', { name: 'Charging mode' })).toBeTruthy();
    await user.click(screen.getByTestId('charging-plan-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('charging-plan-edit')));
  });
});
