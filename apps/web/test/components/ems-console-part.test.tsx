import { control, ems5000 } from '@helio/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmsConsole } from '../../src/features/ems5000/index.ts';
import { expectAccessible } from './support/accessible.ts';
import { drawn } from './support/echarts-recorder.ts';
import {
  answerConsole,
  answeredAfter,
  parametersData,
  pcsRead,
  READ_ID,
  reply,
  SAVE_ID,
  STATION_ID,
  ZONE,
} from './support/ems-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/**
 * A part's tab: its state and every value with units, a BMS's clusters with their cells' extremes,
 * the day chart and its day; the parameters as last read, read again from the device (followed
 * while it has not answered: 7005), changed after the catalogue's check and the device password,
 * and followed until the device applied the change or said why not; read-only without the right.
 */

function renderConsole(api = answerConsole(fakeApi())) {
  const rendered = renderScreen(<EmsConsole stationId={STATION_ID} zone={ZONE} />);
  return { ...rendered, api };
}

async function openTab(user: ReturnType<typeof renderConsole>['user'], name: string) {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
}

const maxDischarge = () => screen.getByTestId('control-field-pcs.max_discharge_w') as HTMLInputElement;

function fieldError(input: HTMLElement): string {
  return input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent ?? '';
}

describe('a part’s values', () => {
  it('shows the PCS’s state, all its values with units and its day chart, and another day on request', async () => {
    const { user, api } = renderConsole();
    const panel = await openTab(user, 'PCS');
    await within(panel).findByTestId('ems-values-pcs');
    expect(screen.getByTestId('ems-part-pcs-state').textContent).toBe('Discharging');
    expect(screen.getByTestId('ems-value-pcs-ac_power_w').textContent).toBe('-50.00 kW');
    expect(screen.getByTestId('ems-value-pcs-reactive_power_var').textContent).toBe('1.20 kvar');
    expect(screen.getByTestId('ems-value-pcs-ac_frequency_hz').textContent).toBe('50.01 Hz');
    expect(within(panel).getByRole('table', { name: 'PCS (power conversion): values now' })).toBeTruthy();
    await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    const option = drawn.at(-1) as { series: { name: string; data: [number, number | null][] }[] };
    expect(option.series.map((line) => line.name)).toEqual(['AC power', 'Temperature']);
    // powers drawn in kW, the gaps left as gaps
    expect(option.series[0]?.data[200]?.[1]).toBe(-50);
    expect(option.series[0]?.data[0]?.[1]).toBeNull();
    expect(screen.getByTestId('ems-chart-canvas-summary').textContent).toContain(
      'AC power from -50.00 kW to -50.00 kW.',
    );

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(
        api.sent(ems5000.ex).some((one) => one.body.date === '2026-11-20' && one.body.part === 'pcs'),
      ).toBe(true),
    );
    await expectAccessible(document.body, 'the PCS tab');
  });

  it('shows the BMS’s clusters with each one’s SOC, voltage, current and cell extremes with the cells’ numbers', async () => {
    const { user } = renderConsole();
    const panel = await openTab(user, 'BMS');
    const clusters = await within(panel).findByRole('table', { name: 'Battery clusters' });
    const rows = within(clusters).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('Cluster 1');
    expect(screen.getByTestId('ems-cluster-1').textContent).toContain('63.0 %');
    expect(screen.getByTestId('ems-cluster-1').textContent).toContain('-32.1 A');
    expect(screen.getByTestId('ems-cluster-1-max-cell').textContent).toBe('3.452 V (cell 17)');
    expect(screen.getByTestId('ems-cluster-2-min-cell').textContent).toBe('3.401 V (cell 12)');
    // the clusters are not repeated among the part's own values
    expect(screen.queryByTestId('ems-value-bms-clusters.1.soc_pct')).toBeNull();
    expect(screen.getByTestId('ems-part-bms-state').textContent).toBe('Charging');
    await expectAccessible(document.body, 'the BMS tab');
  });
});

describe('a part’s parameters', () => {
  it('reads them from the device, saying so until it has answered, then shows the values it answered', async () => {
    const api = answerConsole(fakeApi());
    let read = false;
    api
      .answer(ems5000.sysRw, (body) => {
        if (body.read === true) read = true;
        return parametersData('pcs', read ? { ...pcsRead, max_discharge_w: 80_000 } : pcsRead, {
          reading: body.read === true ? READ_ID : null,
        });
      })
      .answer(ems5000.pollingReply, answeredAfter(2, reply(READ_ID, { name: 'read' })));
    const { user } = renderConsole(api);
    await openTab(user, 'PCS');
    await waitFor(() => expect(maxDischarge().value).toBe('100000'));
    expect(screen.getByTestId('ems-parameters-read-at').textContent).toContain('Read from the device');
    expect(screen.getByLabelText('Maximum discharging power')).toBe(maxDischarge());

    await user.click(screen.getByTestId('ems-parameters-read'));
    expect((await screen.findByTestId('ems-parameters-read-state')).textContent).toContain('Reading…');
    await waitFor(
      () =>
        expect(screen.getByTestId('ems-parameters-read-state').textContent).toContain(
          'Values read from the device.',
        ),
      { timeout: 15_000 },
    );
    expect(api.sent(ems5000.pollingReply).length).toBeGreaterThanOrEqual(3);
    expect(api.sent(ems5000.pollingReply)[0]?.body).toEqual({ command_id: READ_ID, part: 'pcs' });
    await waitFor(() => expect(maxDischarge().value).toBe('80000'));
  }, 30_000);

  it('refuses a power above the rating under its field, asks the device password, and follows the change until applied', async () => {
    const api = answerConsole(fakeApi());
    let saves = 0;
    const locked = { refuse: '200905' };
    const saved = { command_id: SAVE_ID, state: 'pending' as const };
    api
      .answer(ems5000.setSave, () => (saves++ === 0 ? locked : saved))
      .answer(control.unlock, { unlocked_until: '2099-01-01T12:30:00Z' })
      .answer(ems5000.pollingReply, answeredAfter(1, reply(SAVE_ID)));
    const { user } = renderConsole(api);
    await openTab(user, 'PCS');
    await waitFor(() => expect(maxDischarge().value).toBe('100000'));
    expect(
      screen.getByTestId('control-field-pcs.max_discharge_w').closest('.ant-form-item')?.textContent,
    ).toContain('Allowed: 0 – 100000 W');

    await user.clear(maxDischarge());
    await user.type(maxDischarge(), '200000');
    await user.tab();
    await waitFor(() => expect(fieldError(maxDischarge())).toBe("Higher than the device's rated power"));
    await user.click(screen.getByTestId('ems-parameters-save'));
    expect(api.sent(ems5000.setSave)).toHaveLength(0);

    await user.clear(maxDischarge());
    await user.type(maxDischarge(), '60000');
    await user.tab();
    await waitFor(() => expect(fieldError(maxDischarge())).toBe(''));
    await user.click(screen.getByTestId('ems-parameters-save'));
    const password = await screen.findByTestId('control-unlock-password');
    await user.type(password, 'device-secret');
    await user.click(screen.getByTestId('control-unlock-submit'));
    expect((await screen.findByTestId('ems-parameters-save-state')).textContent).toContain('Saving…');
    await waitFor(
      () =>
        expect(screen.getByTestId('ems-parameters-save-state').textContent).toContain(
          'Applied by the device.',
        ),
      { timeout: 15_000 },
    );
    const [first, second] = api.sent(ems5000.setSave);
    expect(first?.body).toMatchObject({
      station_id: STATION_ID,
      part: 'pcs',
      changes: { max_discharge_w: 60_000 },
    });
    // the same change sent again after the password: the same key
    expect(second?.body.key).toBe(first?.body.key);
    expect(api.sent(control.unlock)[0]?.body).toEqual({ equ_sn: 'EMS50000001', pwd: 'device-secret' });
    await expectAccessible(document.body, 'the PCS parameters after a change');
  }, 40_000);

  it('says why the device did not apply a change, in its own words', async () => {
    const api = answerConsole(fakeApi())
      .answer(ems5000.setSave, { command_id: SAVE_ID, state: 'pending' })
      .answer(
        ems5000.pollingReply,
        answeredAfter(
          0,
          reply(SAVE_ID, { state: 'failed', message: 'ramp rate locked by the grid operator' }),
        ),
      );
    const { user } = renderConsole(api);
    await openTab(user, 'PCS');
    await waitFor(() => expect(maxDischarge().value).toBe('100000'));
    const ramp = screen.getByTestId('control-field-pcs.ramp_pct_min');
    await user.clear(ramp);
    await user.type(ramp, '20');
    await user.tab();
    await user.click(screen.getByTestId('ems-parameters-save'));
    await waitFor(() =>
      expect(screen.getByTestId('ems-parameters-save-state').getAttribute('data-state')).toBe('failed'),
    );
    expect(screen.getByTestId('ems-parameters-save-state').textContent).toContain(
      'Not applied by the device.',
    );
    expect(screen.getByTestId('ems-parameters-save-state').textContent).toContain(
      'ramp rate locked by the grid operator',
    );
    expect(api.sent(ems5000.setSave)[0]?.body.changes).toEqual({ ramp_pct_min: 20 });
  }, 30_000);

  it('is read-only for those who may not write, and says when the EMS never answered a read', async () => {
    const api = answerConsole(fakeApi()).answer(ems5000.sysRw, (body) =>
      parametersData(body.part as 'pcs', null, { writable: false, needs_password: false }),
    );
    const { user } = renderConsole(api);
    await openTab(user, 'PCS');
    expect((await screen.findByTestId('ems-parameters-not-read')).textContent).toContain(
      'The EMS has not answered a read yet',
    );
    expect(screen.getByTestId('ems-parameters-read-only').textContent).toBe(
      'You can see these parameters but not change them.',
    );
    expect(screen.queryByTestId('ems-parameters-save')).toBeNull();
    expect(maxDischarge().disabled).toBe(true);
    expect(screen.getByTestId('ems-parameters-read-at').textContent).toBe('Never read from the device');
    await expectAccessible(document.body, 'read-only parameters');
  });
});
