import { user } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmailCodeDialog } from '../../src/features/users/components/email-code-dialog.tsx';
import UserDialog from '../../src/features/users/components/user-dialog.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/** The problem each invalid field of the dialog points at with its description (which must exist). */
function problems(dialog: HTMLElement): Record<string, string> {
  const said: Record<string, string> = {};
  for (const field of dialog.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const label = field.id ? document.querySelector(`label[for="${field.id}"]`)?.textContent : null;
    said[label ?? field.id] = ids
      .filter((id) => id.endsWith('_help'))
      .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
      .join(' ');
  }
  return said;
}

/** What the dialog's alert region has said last. */
const said = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('alert')
    .map((region) => region.textContent)
    .join('');

describe('the change-password dialog', () => {
  function renderChangePassword() {
    const api = fakeApi();
    const view = renderScreen(<UserDialog mode={5} open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    return { ...view, api, dialog };
  }

  it('starts on the old password and says nothing while Tab passes through its empty fields', async () => {
    const { user: person, dialog } = renderChangePassword();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Current password')),
    );

    for (let press = 0; press < 8; press += 1) await person.tab();

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(problems(dialog)).toEqual({});
    expect(said(dialog)).toBe('');
  });

  it('on submit says what each field needs, aloud too, and focuses the first', async () => {
    const { user: person, dialog, api } = renderChangePassword();
    const first = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(document.activeElement).toBe(first));
    await person.click(within(dialog).getByRole('button', { name: 'Change password' }));

    const needs = {
      'Current password': 'Please enter your current password',
      'New password': 'Please enter a password',
      'Confirm password': 'Please confirm the password',
    };
    await waitFor(() => expect(problems(dialog)).toEqual(needs));
    expect(said(dialog)).toBe(Object.values(needs).join(''));
    // back from the submit button to the first wrong field
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(api.sent(user.changePwd)).toEqual([]);
  });
});

describe('adding an account under an installer', () => {
  it('links the missing installer to its choice', async () => {
    fakeApi().answer(user.getInstallerLower, { total: 0, list: [] });
    const { user: person } = renderScreen(<UserDialog mode={3} open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Add user under an installer' });
    await person.click(within(dialog).getByRole('button', { name: 'Add' }));

    const installer = within(dialog).getByRole('combobox', { name: 'Installer' });
    await waitFor(() => expect(installer.getAttribute('aria-invalid')).toBe('true'));
    // (antd shows a problem a moment after it marks the field)
    await waitFor(() => {
      const described = (installer.getAttribute('aria-describedby') ?? '').split(' ');
      expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
        'Please choose an installer',
      );
    });
  });
});

describe('the email-code step', () => {
  it('puts a refused code under its field and says it aloud', async () => {
    fakeApi().answer(user.confirmEmail, { refuse: '200913' });
    const change = { userName: 'installer', current: 'old@example.com', pending: 'new@example.com' };
    const { user: person } = renderScreen(
      <EmailCodeDialog open change={change} onClose={() => undefined} onConfirmed={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm the new email address' });
    await person.type(within(dialog).getByLabelText('Confirmation code'), '123456');
    await person.keyboard('{Enter}');

    await waitFor(() =>
      expect(problems(dialog)).toEqual({ 'Confirmation code': 'The verification code is incorrect.' }),
    );
    expect(said(dialog)).toBe('The verification code is incorrect.');
  });
});
