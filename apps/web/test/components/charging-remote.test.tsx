import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChargingSections } from '../../src/features/charging/index.ts';
import { expectAccessible } from './support/accessible.ts';
import {
  answerCharging,
  chargerNow,
  charging,
  commandAfter,
  control,
  NEW_COMMAND,
  planView,
  SN,
  STATION_ID,
} from './support/charging-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/**
 * Remote start, stop (after a confirmation) and "set the current now": each one command, followed
 * until the charger has applied it, with the charger's state asked again every few seconds
 * meanwhile; an act the charger cannot take now is disabled with its reason; an installer is asked
 * the device password and the same act is sent again.
 */

function renderRemote(api: ReturnType<typeof fakeApi>) {
  const rendered = renderScreen(<ChargingSections stationId={STATION_ID} chargers={[{ sn: SN }]} />);
  return { ...rendered, api };
}

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
const reasons = () =>
  within(screen.getByTestId('charging-remote-reasons'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const accepted = { command_id: NEW_COMMAND, state: 'pending' as const };

describe('remote control of a charger', () => {
  it('starts a plugged car at once and asks the state again every few seconds while the command is under way', async () => {
    const api = answerCharging(
      fakeApi(),
      planView({ charger: chargerNow({ pile_state: 'plugged', power_w: 0 }) }),
    )
      .answer(charging.remote, accepted)
      // the charger has not answered yet
      .answer(
        control.command,
        commandAfter(Number.POSITIVE_INFINITY, { state: 'succeeded' }, { name: 'charge' }),
      );
    const { user } = renderRemote(api);
    await screen.findByTestId('charging-remote');
    expect(button('charging-stop').disabled).toBe(false);
    await expectAccessible(document.body, 'the remote control');
    await user.click(button('charging-start'));
    await waitFor(() => expect(api.sent(charging.remote)).toHaveLength(1));
    const body = api.sent(charging.remote)[0]?.body;
    expect(body).toMatchObject({ equ_sn: SN, action: 'start' });
    expect(typeof body?.key).toBe('string');
    expect(screen.getByText('Start sent to the charger.')).toBeTruthy();
    const progress = await screen.findByTestId('charging-remote-command');
    await waitFor(() => expect(progress.getAttribute('data-state')).toBe('sent'));
    // asked again within seconds, not after the 15 s of a charger with nothing under way
    const asked = api.sent(charging.plan).length;
    await waitFor(() => expect(api.sent(charging.plan).length).toBeGreaterThan(asked), { timeout: 6_000 });
  }, 40_000);

  it('stops only after a confirmation, and not at all when cancelled', async () => {
    const api = answerCharging(fakeApi())
      .answer(charging.remote, accepted)
      .answer(control.command, commandAfter(0, { state: 'succeeded' }, { name: 'charge' }));
    const { user } = renderRemote(api);
    await screen.findByTestId('charging-remote');
    // charging already: no start, and why
    expect(button('charging-start').disabled).toBe(true);
    expect(reasons()).toEqual(['The car is already charging.']);

    await user.click(button('charging-stop'));
    const dialog = await screen.findByTestId('charging-stop-confirm');
    expect(dialog.textContent).toContain(`The charger ${SN} stops charging now; the car stays plugged in.`);
    await expectAccessible(document.body, 'the stop confirmation');
    await user.click(screen.getByTestId('charging-stop-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('charging-stop-confirm')).toBeNull());
    expect(api.sent(charging.remote)).toHaveLength(0);

    await user.click(button('charging-stop'));
    await user.click(await screen.findByTestId('charging-stop-confirm-ok'));
    await waitFor(() => expect(api.sent(charging.remote)).toHaveLength(1));
    expect(api.sent(charging.remote)[0]?.body).toMatchObject({ equ_sn: SN, action: 'stop' });
    expect(await screen.findByText('Stop sent to the charger.')).toBeTruthy();
    const progress = await screen.findByTestId('charging-remote-command');
    await waitFor(() => expect(progress.getAttribute('data-state')).toBe('succeeded'), { timeout: 15_000 });
  }, 30_000);

  it('sets the current now within 6–32 A, refusing an empty one by the contracts’ rule', async () => {
    const api = answerCharging(fakeApi())
      .answer(charging.remote, accepted)
      .answer(control.command, commandAfter(0, { state: 'succeeded' }, { name: 'charge' }));
    const { user } = renderRemote(api);
    const amps = (await screen.findByLabelText('Current now')) as HTMLInputElement;
    expect(amps.value).toBe('10');
    await user.clear(amps);
    await user.click(button('charging-current-set'));
    expect(screen.getByTestId('charging-current-problem').textContent).toBe(
      'A charging current is a whole number of amperes from 6 to 32',
    );
    expect(document.activeElement).toBe(amps);
    expect(amps.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent(charging.remote)).toHaveLength(0);

    await user.type(amps, '20');
    await user.click(button('charging-current-set'));
    await waitFor(() => expect(api.sent(charging.remote)).toHaveLength(1));
    expect(api.sent(charging.remote)[0]?.body).toMatchObject({
      equ_sn: SN,
      action: 'current',
      current_a: 20,
    });
    expect(screen.queryByTestId('charging-current-problem')).toBeNull();
    expect(await screen.findByText('New current sent to the charger.')).toBeTruthy();
  }, 30_000);

  it('asks an installer the device password, then sends the same act again', async () => {
    let tries = 0;
    const api = answerCharging(
      fakeApi(),
      planView({ may: { plan: true, start_stop: true, current: true, unlock: true } }),
    )
      .answer(charging.remote, () => (tries++ === 0 ? { refuse: '200905' } : accepted))
      .answer(control.unlock, { unlocked_until: '2099-01-01T12:30:00Z' })
      .answer(
        control.command,
        commandAfter(0, { state: 'failed', message: 'contactor stuck' }, { name: 'charge' }),
      );
    const { user } = renderRemote(api);
    expect((await screen.findByTestId('charging-needs-password')).textContent).toBe(
      'Saving a plan or setting the current asks for the device password first.',
    );
    await user.click(button('charging-stop'));
    await user.click(await screen.findByTestId('charging-stop-confirm-ok'));
    await user.type(await screen.findByTestId('control-unlock-password'), 'device-secret');
    await user.click(screen.getByTestId('control-unlock-submit'));
    await waitFor(() => expect(api.sent(charging.remote)).toHaveLength(2));
    const [first, second] = api.sent(charging.remote);
    expect(second?.body).toEqual(first?.body);
    const progress = await screen.findByTestId('charging-remote-command');
    await waitFor(() => expect(progress.getAttribute('data-state')).toBe('failed'), { timeout: 15_000 });
    expect(progress.textContent).toContain('contactor stuck');
  }, 40_000);

  it('offers nothing without a car, and says why', async () => {
    const api = answerCharging(
      fakeApi(),
      planView({ charger: chargerNow({ pile_state: 'idle', power_w: 0, current_limit_a: 0 }) }),
    );
    renderRemote(api);
    await screen.findByTestId('charging-remote');
    expect(button('charging-start').disabled).toBe(true);
    expect(button('charging-stop').disabled).toBe(true);
    expect(button('charging-current-set').disabled).toBe(true);
    expect(reasons()).toEqual(['No car is plugged in.']);
    // an idle charger allows 0 A: the current offered is the plan's maximum
    expect((screen.getByLabelText('Current now') as HTMLInputElement).value).toBe('16');
    await expectAccessible(document.body, 'the remote control without a car');
  });
});
