import { type CallData, plant } from '@helio/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PileSessions } from '../../src/features/stations/components/pile-overview.tsx';
import { expectAccessible } from './support/accessible.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * A wallbox station's recent sessions: a session still going on says whether its car charges or
 * is only plugged in (full, waiting for its window, stopped); an ended one says when it ended.
 */

type Overview = CallData<typeof plant.pileOverview>;
type Session = Overview['sessions'][number];

const session = (change: Partial<Session>): Session => ({
  device_id: 31,
  sn: 'WB2025000001',
  started_at: '2026-11-24T07:00:00Z',
  ended_at: null,
  energy_kwh: 8,
  max_power_w: 7400,
  state: 'charging',
  ...change,
});

function overview(sessions: Session[]): Overview {
  return {
    station_id: 12,
    timezone: 'UTC',
    piles: [
      {
        device_id: 31,
        sn: 'WB2025000001',
        status: 'online',
        pile_state: 'plugged',
        power_w: 0,
        session_kwh: 8,
        updated_at: '2026-11-24T10:00:00Z',
      },
    ],
    power_w: 0,
    today_kwh: 8,
    month_kwh: 80,
    total_kwh: 800,
    sessions,
  };
}

describe('the recent charging sessions', () => {
  it('shows a plugged session that no longer charges as plugged in, not charging', async () => {
    fakeApi().answer(
      plant.pileOverview,
      overview([
        session({ started_at: '2026-11-24T07:00:00Z', state: 'plugged' }),
        session({ device_id: 32, sn: 'WB2025000002', started_at: '2026-11-24T06:00:00Z', state: 'charging' }),
        session({ started_at: '2026-11-23T16:00:00Z', ended_at: '2026-11-23T20:30:00Z', state: 'ended' }),
      ]),
    );
    renderScreen(<PileSessions stationId={12} />);
    const table = await screen.findByTestId('pile-sessions');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const endCell = (row: HTMLElement) => within(row).getAllByRole('cell')[1];
    expect(within(endCell(rows[0]!)!).getByTestId('pile-state').getAttribute('data-state')).toBe('plugged');
    expect(endCell(rows[0]!)?.textContent).toBe('Plugged in');
    expect(endCell(rows[1]!)?.textContent).toBe('Charging');
    expect(endCell(rows[2]!)?.textContent).toBe('11/23/26, 8:30 PM');
    await expectAccessible(table, 'the recent sessions');
  });
});
