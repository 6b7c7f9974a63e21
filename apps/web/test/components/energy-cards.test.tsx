import type { EnergyBlock, StationPowers } from '@helio/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnergyCards } from '../../src/features/stations/components/energy-cards.tsx';
import { renderScreen } from './support/render.tsx';

/**
 * The station overview's rates with their definitions: a focusable info button beside each of
 * self-consumption and autarky, named for the figure, described by the definition in words (what
 * a screen reader says), the definition shown on keyboard focus.
 */

const power: StationPowers = {
  pv_w: 0,
  generator_w: null,
  grid_w: 300,
  battery_w: -500,
  soc_pct: 55,
  load_w: 800,
  ev_w: null,
};

/** A Garching-like day: more imported than consumed, yet 12.1 % of the home's energy its own. */
const block: EnergyBlock = {
  pv_kwh: 0.8,
  consumption_kwh: 6.6,
  import_kwh: 9.3,
  export_kwh: 0,
  charge_kwh: 6.5,
  discharge_kwh: 3,
  ev_kwh: 0,
  generator_kwh: 0,
  self_consumption_pct: 100,
  autarky_pct: 12.1,
  income: 0.68,
  co2_kg: 0.38,
  has_data: true,
};

/** What a screen reader says after the button's name: the elements its aria-describedby names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function renderCards() {
  return renderScreen(
    <EnergyCards
      power={power}
      blocks={{ today: block }}
      flows={{ grid: true, battery: true, ev: false, generator: false }}
      currency="EUR"
      updatedAt={null}
    />,
  );
}

describe('energy cards: rates with their definitions', () => {
  it('shows the rates the API gives, each with a definition a screen reader hears', () => {
    renderCards();
    expect(screen.getByTestId('station-figure-autarky').textContent).toBe('12.1 %');
    const autarky = screen.getByRole('button', { name: 'What “Autarky” means' });
    expect(description(autarky)).toMatch(/not bought from the grid.*charged from the grid counts as bought/i);
    const own = screen.getByRole('button', { name: 'What “Self-consumption” means' });
    expect(description(own)).toMatch(/PV energy used on site/i);
    // only the two rates carry a definition
    expect(within(screen.getByTestId('energy-figures')).getAllByRole('button')).toHaveLength(2);
  });

  it('shows the definition on keyboard focus', async () => {
    const { user } = renderCards();
    const autarky = screen.getByRole('button', { name: 'What “Autarky” means' });
    for (let step = 0; step < 20 && document.activeElement !== autarky; step += 1) await user.tab();
    expect(document.activeElement).toBe(autarky);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/not bought from the grid/i);
  });
});
