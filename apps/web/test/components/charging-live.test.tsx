import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChargingSections } from '../../src/features/charging/index.ts';
import { expectAccessible } from './support/accessible.ts';
import {
  answerCharging,
  chargerNow,
  charging,
  NEW_COMMAND,
  planView,
  SN,
  STATION_ID,
} from './support/charging-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { liveStream } from './support/live-stream.ts';
import { renderScreen } from './support/render.tsx';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/**
 * A charger's live stream (api/charging/live): opened with the session's Token header, it says the
 * charger is live, and a new reading or a command that moved fetches the plan view and the records
 * again at once, so a car plugged, charging or stopped shows without waiting for a poll; refused,
 * the card says it refreshes by itself.
 */

const renderCharger = () => renderScreen(<ChargingSections stationId={STATION_ID} chargers={[{ sn: SN }]} />);

describe('the charger’s live stream', () => {
  it('says the charger is live and fetches its state and the records again on a reading and a command', async () => {
    const api = answerCharging(fakeApi(), planView({ charger: chargerNow({ pile_state: 'charging' }) }));
    const live = liveStream(charging.live);
    renderCharger();
    expect(await screen.findByText('Refreshed every 15 s')).toBeTruthy();
    await waitFor(() => expect(live.headers.length).toBe(1));
    expect(live.headers[0]).toMatchObject({ Token: 'test-token' });

    live.send({ type: 'ready', equ_sn: SN });
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.getByTestId('charging-live').getAttribute('data-live')).toBe('true');
    await expectAccessible(document.body, 'the charger followed live');

    // the car stopped charging: the reading says so, and the card shows it at once
    const plans = api.sent(charging.plan).length;
    const records = api.sent(charging.records).length;
    api.answer(charging.plan, planView({ charger: chargerNow({ pile_state: 'plugged', power_w: 0 }) }));
    live.send({ type: 'reading', updated_at: '2026-11-24T10:05:00Z' });
    await waitFor(() => expect(api.sent(charging.plan).length).toBeGreaterThan(plans));
    await waitFor(() => expect(api.sent(charging.records).length).toBeGreaterThan(records));
    await waitFor(() =>
      expect(within(screen.getByTestId('charging-now')).getByText('Plugged in')).toBeTruthy(),
    );

    const afterReading = api.sent(charging.plan).length;
    live.send({ type: 'command', command_id: NEW_COMMAND, name: 'charge', state: 'succeeded' });
    await waitFor(() => expect(api.sent(charging.plan).length).toBeGreaterThan(afterReading));
  });

  it('says the charger refreshes by itself when the stream is refused', async () => {
    answerCharging(fakeApi());
    renderCharger();
    expect(await screen.findByText('Refreshed every 15 s')).toBeTruthy();
    expect(await screen.findByTestId('charging-now')).toBeTruthy();
    expect(screen.queryByText('Live')).toBeNull();
  });
});
