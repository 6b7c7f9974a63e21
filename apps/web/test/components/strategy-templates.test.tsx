import { DEMO_USER_ID, RoleId, strategy } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StrategyTemplatesRoute } from '../../src/features/strategies/routes/strategy-templates.tsx';
import { startSession } from '../../src/lib/session-store.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { chooseOption } from './support/select.ts';
import { touTemplate } from './support/strategy-fixtures.ts';

/**
 * The templates page: system and custom templates with their slots, the kind filter sent to the
 * server, enable/disable only after a confirmation, a delete refused while devices use the
 * template (200701) said in the dialog, and the demo account's read-only view.
 */

const template = touTemplate;

const system = template({});
const custom = template({
  template_id: 9,
  name: 'Night charge',
  system: false,
  devices: 2,
  days: [1, 2, 3, 4, 5],
});

function renderPage() {
  const api = fakeApi().answer(strategy.list, { total: 2, list: [system, custom] });
  return { ...renderScreen(<StrategyTemplatesRoute />), api };
}

describe('the strategy templates page', () => {
  it('lists system and custom templates with what they do, and filters by kind on the server', async () => {
    const { user, api } = renderPage();
    const row = await screen.findByTestId('strategy-template-9');
    expect(row.textContent).toContain('Night charge');
    expect(row.textContent).toContain('Custom');
    expect(row.textContent).toContain(`SOC 10 % – 90 %`);
    expect(within(row).getByTestId('strategy-template-bar-9-list').textContent).toContain(
      'Charge, 01:00–05:00, up to 90 %',
    );
    const systemRow = screen.getByTestId('strategy-template-1');
    // a system template: applied or copied, never changed
    expect(within(systemRow).queryByTestId('strategy-template-edit')).toBeNull();
    expect(within(systemRow).getByTestId('strategy-template-duplicate')).toBeTruthy();
    expect(within(systemRow).queryByTestId('strategy-template-enabled')).toBeNull();

    await chooseOption(
      user,
      within(screen.getByTestId('strategy-filter-kind')).getByRole('combobox'),
      'Backup reserve',
    );
    await waitFor(() => expect(api.sent(strategy.list).at(-1)?.body.kind).toBe('backup'));
  });

  it('disables a template only once the confirmation is answered', async () => {
    const { user, api } = renderPage();
    api.answer(strategy.enable, null);
    const row = await screen.findByTestId('strategy-template-9');
    await user.click(within(row).getByTestId('strategy-template-enabled'));
    const dialog = await screen.findByTestId('strategy-confirm');
    expect(dialog.textContent).toContain('Devices running it now (2) keep it');
    expect(api.sent(strategy.enable)).toHaveLength(0);
    await user.click(screen.getByTestId('strategy-confirm-ok'));
    await waitFor(() =>
      expect(api.sent(strategy.enable)[0]?.body).toEqual({ template_id: 9, enabled: false }),
    );
  });

  it('says why a template devices run cannot be deleted (200701)', async () => {
    const { user, api } = renderPage();
    api.answer(strategy.tcd.del, { refuse: '200701' });
    const row = await screen.findByTestId('strategy-template-9');
    await user.click(within(row).getByTestId('strategy-template-delete'));
    await user.click(await screen.findByTestId('strategy-confirm-ok'));
    const failure = await screen.findByTestId('strategy-confirm-failure');
    expect(failure.textContent).toContain('This item cannot be deleted.');
    expect(failure.textContent).toContain('Devices running it: 2. Apply another template to them first.');
    expect(api.sent(strategy.tcd.del)[0]?.body).toEqual({ template_id: 9 });
  });

  it('shows the demo account every template, and no way to change one', async () => {
    const api = fakeApi().answer(strategy.list, { total: 2, list: [system, custom] });
    startSession({
      token: 't',
      user_id: DEMO_USER_ID,
      user_name: 'demo',
      role_id: RoleId.endUser,
      menu_list: [],
    });
    renderScreen(<StrategyTemplatesRoute />);
    const row = await screen.findByTestId('strategy-template-9');
    expect(within(row).getByTestId('strategy-template-state').textContent).toBe('Enabled');
    expect(within(row).queryByTestId('strategy-template-edit')).toBeNull();
    expect(within(row).queryByTestId('strategy-template-apply')).toBeNull();
    expect(screen.queryByTestId('strategy-template-new')).toBeNull();
    expect(api.sent(strategy.list)).toHaveLength(1);
  });
});
