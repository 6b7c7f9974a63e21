import { type CallData, station } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportDialog } from '../../src/features/alarms/components/report-dialog.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

const stations = {
  total: 1,
  list: [{ station_id: 7, station_name: 'Lakeside', station_type: 1 }],
} as unknown as CallData<typeof station.list>;

/** A new abnormal report on a station chosen in the dialog (from the reports tab). */
function renderNewReport() {
  fakeApi().answer(station.list, stations);
  const onClose = vi.fn();
  const view = renderScreen(<ReportDialog action={{ mode: 'add' }} open onClose={onClose} />);
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Report an abnormality' }) };
}

/** The texts a field's `aria-describedby` points to; fails for an id that names nothing. */
function description(field: HTMLElement): string[] {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => {
      const element = document.getElementById(id);
      expect(element, `aria-describedby names "${id}", which is not in the page`).not.toBeNull();
      return element?.textContent ?? '';
    });
}

const shownErrors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);

describe('the abnormal report dialog', () => {
  it('says nothing of empty fields passed through by Tab; on submit, each error is tied to its field', async () => {
    const { user, dialog } = renderNewReport();
    const stationField = within(dialog).getByRole('combobox', { name: 'Station' });
    const descriptionField = within(dialog).getByRole('textbox', { name: 'Description' });

    // Through every field and back, typing nothing.
    stationField.focus();
    for (let press = 0; press < 4; press += 1) await user.tab();
    for (let press = 0; press < 4; press += 1) await user.tab({ shift: true });
    expect(shownErrors()).toEqual([]);
    expect(stationField.getAttribute('aria-invalid')).toBeNull();
    expect(descriptionField.getAttribute('aria-invalid')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(shownErrors()).toEqual(['Choose the station', 'Describe the abnormality']));
    expect(stationField.getAttribute('aria-invalid')).toBe('true');
    expect(description(stationField)).toEqual(['Choose the station']);
    expect(descriptionField.getAttribute('aria-invalid')).toBe('true');
    expect(description(descriptionField)).toEqual(['Describe the abnormality']);
    // Ids of this form's own: another form's "description" field cannot take its error.
    expect(descriptionField.id).toBe('alarm-report_description');

    // Filled in, the description's error goes at once.
    await user.type(descriptionField, 'The fan squeals');
    await waitFor(() => expect(shownErrors()).toEqual(['Choose the station']));
    expect(descriptionField.getAttribute('aria-invalid')).toBeNull();
  });
});
