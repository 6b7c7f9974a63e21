import { strategy } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type EditorSubject,
  TemplateEditor,
} from '../../src/features/strategies/components/template-editor.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { chooseOption } from './support/select.ts';
import { errorOf, touTemplate } from './support/strategy-fixtures.ts';

/**
 * The template editor: fields by kind, the slots drawn on the 24-hour bar and listed for screen
 * readers as they are typed, the contracts' check refusing an overlap under the field it names
 * before anything is sent, and the server's 200908 under the name.
 */

function renderEditor(subject: EditorSubject = { mode: 'new' }) {
  const api = fakeApi();
  let closed = 0;
  const rendered = renderScreen(<TemplateEditor subject={subject} open onClose={() => (closed += 1)} />);
  return { ...rendered, api, closed: () => closed };
}

async function replace(user: ReturnType<typeof renderEditor>['user'], testId: string, text: string) {
  const input = screen.getByTestId(testId);
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('the template editor', () => {
  it('starts a new TOU template from the system one, its slots drawn and listed', async () => {
    renderEditor();
    await screen.findByTestId('strategy-editor');
    expect((screen.getByTestId('strategy-slot-charge-0-start') as HTMLInputElement).value).toBe('01:00');
    const list = screen.getByTestId('strategy-editor-bar-list');
    expect(list.textContent).toContain('Charge, 01:00–05:00, up to 90 %');
    expect(list.textContent).toContain('Discharge, 17:00–21:00, down to 10 %');
    expect(screen.getAllByTestId('strategy-editor-bar-segment')).toHaveLength(2);
  });

  it('refuses an overlapping slot under the field the check names, and sends nothing', async () => {
    const { user, api } = renderEditor();
    await screen.findByTestId('strategy-editor');
    await user.type(screen.getByTestId('strategy-field-name'), 'Night charge');
    // a discharge slot moved onto the charge slot 01:00–05:00
    await replace(user, 'strategy-slot-discharge-0-start', '0400');
    await replace(user, 'strategy-slot-discharge-0-end', '0600');
    await waitFor(() => expect(errorOf('strategy-slot-discharge-0-start')).toBe('Time slots cannot overlap'));
    expect(screen.getByTestId('strategy-slot-discharge-0-start').getAttribute('aria-invalid')).toBe('true');
    // the bar follows what is typed
    expect(screen.getByTestId('strategy-editor-bar-list').textContent).toContain('Discharge, 04:00–06:00');
    await user.click(screen.getByTestId('strategy-editor-save'));
    expect(api.sent(strategy.tcd.add)).toHaveLength(0);

    // moved away again, the problem goes and the template is saved
    api.answer(strategy.tcd.add, { template_id: 41 });
    await replace(user, 'strategy-slot-discharge-0-start', '1700');
    await replace(user, 'strategy-slot-discharge-0-end', '2100');
    await waitFor(() => expect(errorOf('strategy-slot-discharge-0-start')).toBe(''));
    await user.click(screen.getByTestId('strategy-editor-save'));
    await waitFor(() => expect(api.sent(strategy.tcd.add)).toHaveLength(1));
    const body = api.sent(strategy.tcd.add)[0]!.body;
    expect(body.name).toBe('Night charge');
    expect(body.discharge_slots).toEqual([{ start: '17:00', end: '21:00', power_w: null, soc_pct: 10 }]);
  });

  it('names a reversed slot at its end', async () => {
    const { user } = renderEditor();
    await screen.findByTestId('strategy-editor');
    await replace(user, 'strategy-slot-charge-0-end', '0030');
    await waitFor(() =>
      expect(errorOf('strategy-slot-charge-0-end')).toBe(
        'The end time cannot be earlier than the start time',
      ),
    );
  });

  it('shows the fields of the chosen kind, and at most three slots', async () => {
    const { user } = renderEditor();
    await screen.findByTestId('strategy-editor');
    expect(screen.queryByTestId('strategy-field-max_grid_w')).toBeNull();
    await chooseOption(
      user,
      within(screen.getByTestId('strategy-field-kind')).getByRole('combobox'),
      'Peak shaving and valley filling',
    );
    expect(await screen.findByTestId('strategy-field-max_grid_w')).toBeTruthy();
    expect(screen.queryByTestId('strategy-slots-discharge')).toBeNull();
    const add = screen.getByTestId('strategy-slot-charge-add');
    await user.click(add);
    await user.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('strategy-slots-charge').textContent).toContain('At most 3 slots');
  });

  it('puts 200908 (the name exists) under the name', async () => {
    const { user, api } = renderEditor();
    await screen.findByTestId('strategy-editor');
    api.answer(strategy.tcd.add, { refuse: '200908' });
    await user.type(screen.getByTestId('strategy-field-name'), 'Taken');
    await user.click(screen.getByTestId('strategy-editor-save'));
    await waitFor(() =>
      expect(errorOf('strategy-field-name')).toBe('A template with this name already exists.'),
    );
    // another name clears it
    await user.type(screen.getByTestId('strategy-field-name'), ' 2');
    await waitFor(() => expect(errorOf('strategy-field-name')).toBe(''));
  });

  it('copies a template into a new one under a new name, through its kind’s add call', async () => {
    const item = touTemplate({
      template_id: 3,
      kind: 'tou_power',
      name: 'Time of use, fixed power',
      days: [1, 2, 3, 4, 5],
      charge_slots: [{ start: '01:00', end: '05:00', power_w: 3000, soc_pct: null }],
      discharge_slots: [],
    });
    const { user, api } = renderEditor({ mode: 'duplicate', item });
    await screen.findByTestId('strategy-editor');
    expect((screen.getByTestId('strategy-field-name') as HTMLInputElement).value).toBe(
      'Time of use, fixed power (copy)',
    );
    api.answer(strategy.tcdp.add, { template_id: 12 });
    await user.click(screen.getByTestId('strategy-editor-save'));
    await waitFor(() => expect(api.sent(strategy.tcdp.add)).toHaveLength(1));
    expect(api.sent(strategy.tcdp.add)[0]!.body.days).toEqual([1, 2, 3, 4, 5]);
  });
});
