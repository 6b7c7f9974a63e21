import {
  control,
  device,
  strategy,
  systemTemplates,
  type TemplateItem,
  templateFieldsOf,
} from '@helio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApplyDialog } from '../../src/features/strategies/components/apply-dialog.tsx';
import { settingsView, UNLOCKED_UNTIL } from './support/control-view.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { chooseOption } from './support/select.ts';
import { errorOf, testInverter } from './support/strategy-fixtures.ts';

/**
 * A mode applied with its own settings (PRODUCT.md §8, api/mode/update's `mode`): the backup
 * system template's fields, and only those, prefilled from it; a value the contracts' check
 * refuses said under its field with nothing sent; a valid change sent as `mode` with the fields,
 * not as the template; the server's refusal of `mode.<field>` under that field; the Strategy tab's
 * dialog offering the same once a mode's template is chosen.
 */

const backup: TemplateItem = {
  ...templateFieldsOf({ kind: 'backup', ...systemTemplates.backup }),
  template_id: 5,
  kind: 'backup',
  name: 'Backup reserve',
  system: true,
  enabled: true,
  devices: 0,
  updated_at: '2026-11-24T10:00:00Z',
};

const inverter = testInverter(1);
const SN = inverter.sn;

const applied = {
  batch_id: '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
  list: [{ equ_sn: SN, strategy_id: 1, command_id: 'c1', state: 'pending' as const }],
};

function api() {
  return fakeApi()
    .answer(device.list, { total: 1, list: [inverter] })
    .answer(control.settings, settingsView({ equ_sn: SN, unlocked_until: UNLOCKED_UNTIL }))
    .answer(strategy.batch, applied);
}

function renderApply(
  fake: ReturnType<typeof api>,
  props: { template?: TemplateItem; withSettings?: boolean },
) {
  const rendered = renderScreen(
    <ApplyDialog {...props} devices={[inverter]} open onClose={() => undefined} />,
  );
  return { ...rendered, api: fake };
}

const reserve = () => screen.getByTestId('strategy-field-min_soc_pct') as HTMLInputElement;

async function unlocked() {
  await waitFor(() =>
    expect(screen.getByTestId(`strategy-apply-chosen-${SN}`).getAttribute('data-lock')).toBe('open'),
  );
}

describe('a mode applied with its own settings', () => {
  it('shows the backup fields prefilled, refuses a reserve out of range under it, and sends the mode', async () => {
    const { user, api: fake } = renderApply(api(), { template: backup, withSettings: true });
    await unlocked();
    expect(reserve().value).toBe('30');
    expect(screen.getByLabelText('Backup reserve (SOC)')).toBe(reserve());
    expect((screen.getByTestId('strategy-apply-with-settings') as HTMLInputElement).checked).toBe(true);
    // only the fields backup uses
    for (const used of ['priority', 'max_soc_pct', 'grid_charge'])
      expect(screen.queryByTestId(`strategy-field-${used}`)).not.toBeNull();
    for (const unused of ['manual_power_w', 'max_grid_w', 'max_consumption_w', 'days'])
      expect(screen.queryByTestId(`strategy-field-${unused}`)).toBeNull();

    await user.clear(reserve());
    await user.type(reserve(), '3');
    await waitFor(() =>
      expect(errorOf('strategy-field-min_soc_pct')).toBe(
        "Outside this strategy's range: SOC 5–100 %, powers whole watts up to 1,000,000 W",
      ),
    );
    expect(reserve().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByTestId('strategy-apply-submit'));
    await waitFor(() => expect(document.activeElement).toBe(reserve()));
    expect(fake.sent(strategy.update)).toHaveLength(0);

    fake.answer(strategy.update, applied);
    await user.clear(reserve());
    await user.type(reserve(), '40');
    await waitFor(() => expect(errorOf('strategy-field-min_soc_pct')).toBe(''));
    await user.click(screen.getByTestId('strategy-apply-submit'));
    await waitFor(() => expect(fake.sent(strategy.update)).toHaveLength(1));
    const body = fake.sent(strategy.update)[0]!.body;
    expect(body.template_id).toBeUndefined();
    expect(body.equ_sns).toEqual([SN]);
    expect(body.mode).toEqual({
      kind: 'backup',
      priority: 'load',
      max_soc_pct: 100,
      min_soc_pct: 40,
      grid_charge: true,
    });
    await screen.findByTestId(`strategy-apply-state-${SN}`);
  });

  it('says the server’s refusal of a setting under that field', async () => {
    const fake = api().answer(strategy.update, {
      refuse: '200005',
      issues: [{ path: 'mode.min_soc_pct', message: 'validation.socOrder' }],
    });
    const { user } = renderApply(fake, { template: backup, withSettings: true });
    await unlocked();
    await user.click(screen.getByTestId('strategy-apply-submit'));
    await waitFor(() =>
      expect(errorOf('strategy-field-min_soc_pct')).toBe('The lower SOC must be below the upper SOC'),
    );
    expect(document.activeElement).toBe(reserve());
    expect(screen.queryByTestId('strategy-apply-failure')).toBeNull();
    // changed, the server's word goes
    await user.clear(reserve());
    await user.type(reserve(), '25');
    await waitFor(() => expect(errorOf('strategy-field-min_soc_pct')).toBe(''));
  });

  it('applies the template as it is unless its settings are asked for', async () => {
    const fake = api().answer(strategy.update, applied);
    const { user } = renderApply(fake, { template: backup });
    await unlocked();
    expect((screen.getByTestId('strategy-apply-with-settings') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('strategy-field-min_soc_pct')).toBeNull();
    await user.click(screen.getByTestId('strategy-apply-submit'));
    await waitFor(() => expect(fake.sent(strategy.update)).toHaveLength(1));
    expect(fake.sent(strategy.update)[0]!.body.template_id).toBe(5);
    expect(fake.sent(strategy.update)[0]!.body.mode).toBeUndefined();
  });

  it('offers the settings on the Strategy tab once a mode’s template is chosen', async () => {
    const fake = api()
      .answer(strategy.list, { total: 1, list: [backup] })
      .answer(strategy.update, applied);
    const { user } = renderApply(fake, {});
    await unlocked();
    expect(screen.queryByTestId('strategy-apply-with-settings')).toBeNull();
    await chooseOption(user, screen.getByRole('combobox', { name: 'Template' }), 'Backup reserve');
    await user.click(await screen.findByTestId('strategy-apply-with-settings'));
    expect(reserve().value).toBe('30');
    await user.clear(reserve());
    await user.type(reserve(), '40');
    await user.click(screen.getByTestId('strategy-apply-submit'));
    await waitFor(() => expect(fake.sent(strategy.update)).toHaveLength(1));
    expect(fake.sent(strategy.update)[0]!.body.mode).toMatchObject({ kind: 'backup', min_soc_pct: 40 });
  });
});
