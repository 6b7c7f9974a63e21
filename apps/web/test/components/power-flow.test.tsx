import { type PowerFlowData, plant } from '@helio/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PowerFlow } from '../../src/features/stations/components/power-flow.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { matchingMedia } from './support/setup.ts';

/** A sunny noon: PV covers the home, charges the battery and exports the rest. */
const noon: PowerFlowData = {
  station_id: 3,
  updated_at: '2026-06-01T10:00:00Z',
  age_s: 12,
  stale: false,
  nodes: [
    { node: 'pv', power_w: 5200 },
    { node: 'battery', power_w: 1500, soc_pct: 64 },
    { node: 'grid', power_w: -1200 },
    { node: 'load', power_w: 2500 },
  ],
  flows: [
    { from: 'pv', to: 'load', power_w: 2500 },
    { from: 'pv', to: 'battery', power_w: 1500 },
    { from: 'pv', to: 'grid', power_w: 1200 },
  ],
};

/** The evening: the battery and the grid feed the home, no sun. */
const evening: PowerFlowData = {
  ...noon,
  nodes: [
    { node: 'pv', power_w: 0 },
    { node: 'battery', power_w: -800, soc_pct: 35 },
    { node: 'grid', power_w: 700 },
    { node: 'load', power_w: 1500 },
  ],
  flows: [
    { from: 'battery', to: 'load', power_w: 800 },
    { from: 'grid', to: 'load', power_w: 700 },
  ],
};

function nodeText(node: string): string {
  return screen.getByTestId(`flow-node-${node}`).textContent ?? '';
}

describe('the power flow of a station', () => {
  it('asks for its station and says what flows where, with the values by the display rules', async () => {
    const api = fakeApi().answer(plant.powerFlow, noon);
    renderScreen(<PowerFlow stationId={3} />);

    const list = await screen.findByTestId('power-flow-flows');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Solar to Home: 2.50 kW', 'Solar to Battery: 1.50 kW', 'Solar to Grid: 1.20 kW']);
    expect(api.sent(plant.powerFlow).map((sent) => sent.body)).toEqual([{ station_id: '3' }]);
    // The diagram is named for screen readers with the same sentences.
    expect(
      screen.getByRole('img', { name: /Power flow Solar to Home: 2\.50 kW\. Solar to Battery/ }),
    ).toBeTruthy();
    expect(nodeText('pv')).toBe('Solar5.20 kW');
    expect(nodeText('battery')).toBe('Battery1.50 kWSOC 64.0 % · Charging');
    expect(nodeText('grid')).toBe('Grid1.20 kWExporting');
    expect(nodeText('load')).toBe('Home2.50 kW');
    expect(screen.getByTestId('power-flow-age').textContent).toBe('Updated 12 seconds ago');
  });

  it('turns the battery and the grid round when they feed the home', async () => {
    fakeApi().answer(plant.powerFlow, evening);
    renderScreen(<PowerFlow stationId={3} />);

    await screen.findByText('Battery to Home: 0.80 kW');
    expect(screen.getByText('Grid to Home: 0.70 kW')).toBeTruthy();
    expect(nodeText('battery')).toBe('Battery0.80 kWSOC 35.0 % · Discharging');
    expect(nodeText('grid')).toBe('Grid0.70 kWImporting');
    expect(screen.getByTestId('flow-link-battery').dataset.direction).toBe('to-hub');
    expect(screen.getByTestId('flow-link-load').dataset.direction).toBe('from-hub');
  });

  it('moves its lines unless the user asks for reduced motion', async () => {
    fakeApi().answer(plant.powerFlow, noon);
    const { unmount } = renderScreen(<PowerFlow stationId={3} />);
    expect((await screen.findByTestId('flow-link-pv')).dataset.animated).toBe('true');
    unmount();

    matchingMedia.add('(prefers-reduced-motion: reduce)');
    renderScreen(<PowerFlow stationId={3} />);
    expect((await screen.findByTestId('flow-link-pv')).dataset.animated).toBe('false');
    expect(screen.getByTestId('power-flow-svg').dataset.motion).toBe('reduced');
  });

  it('warns when the devices have gone quiet', async () => {
    fakeApi().answer(plant.powerFlow, { ...noon, age_s: 1800, stale: true });
    renderScreen(<PowerFlow stationId={3} />);
    const age = await screen.findByTestId('power-flow-age');
    expect(age.textContent).toBe('Updated 30 minutes ago · the devices have gone quiet');
  });

  it('says so when nothing flows, and when no device has reported yet', async () => {
    fakeApi().answer(plant.powerFlow, {
      ...noon,
      nodes: noon.nodes.map((n) => ({ ...n, power_w: 0 })),
      flows: [],
    });
    const { unmount } = renderScreen(<PowerFlow stationId={3} />);
    const list = await screen.findByTestId('power-flow-flows');
    expect(list.textContent).toBe('No power is flowing right now.');
    unmount();

    fakeApi().answer(plant.powerFlow, { ...noon, updated_at: null, age_s: null, nodes: [], flows: [] });
    renderScreen(<PowerFlow stationId={3} />);
    expect(await screen.findByText('No data yet')).toBeTruthy();
    expect(screen.queryByTestId('power-flow-svg')).toBeNull();
  });

  it('shows the failure in place, with a retry that asks again', async () => {
    const api = fakeApi().answer(plant.powerFlow, { refuse: '9001' });
    const { user } = renderScreen(<PowerFlow stationId={3} />);
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Try again' });
    api.answer(plant.powerFlow, noon);
    await user.click(retry);
    expect(await screen.findByText('Solar to Home: 2.50 kW')).toBeTruthy();
    expect(api.sent(plant.powerFlow)).toHaveLength(2);
  });
});
