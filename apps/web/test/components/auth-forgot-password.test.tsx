import { user } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordDialog } from '../../src/features/auth/components/forgot-password-dialog.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

const labels = ['Email', 'Verification code', 'New password', 'Confirm password'] as const;

function renderDialog() {
  const api = fakeApi({ signedIn: false });
  const view = renderScreen(<ForgotPasswordDialog open onClose={() => undefined} />);
  const dialog = screen.getByRole('dialog', { name: 'Reset your password' });
  const field = (label: (typeof labels)[number]) => within(dialog).getByLabelText(label);
  return { ...view, api, dialog, field };
}

/**
 * The problem said of each field that has one: the field is marked invalid and its description
 * names the text under it, which must exist.
 */
function problems(dialog: HTMLElement): Partial<Record<(typeof labels)[number], string>> {
  const said: Partial<Record<(typeof labels)[number], string>> = {};
  for (const label of labels) {
    const field = within(dialog).getByLabelText(label);
    if (field.getAttribute('aria-invalid') !== 'true') continue;
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    said[label] = ids
      .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
      .filter((text) => text !== 'At least 6 characters.')
      .join(' ');
  }
  return said;
}

/** Every id a description of the page points at exists. */
function missingDescriptions(): string[] {
  return [...document.querySelectorAll('[aria-describedby]')].flatMap((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((id) => id !== '' && document.getElementById(id) === null),
  );
}

/** What the dialog's alert region has said last. */
const said = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('alert')
    .map((region) => region.textContent)
    .join('');

describe('the forgot-password dialog', () => {
  it('says nothing while Tab passes through its empty fields', async () => {
    const { user: person, dialog, field } = renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));

    for (let press = 0; press < 8; press += 1) await person.tab();

    // wait as long as a check would take, then look
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(problems(dialog)).toEqual({});
    expect(dialog.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0);
    expect(said(dialog)).toBe('');
  });

  it('checks a field left after a change, and takes the problem back as it is fixed', async () => {
    const { user: person, dialog, field } = renderDialog();
    await person.type(field('Email'), 'someone');
    await person.tab();

    await waitFor(() => expect(problems(dialog)).toEqual({ Email: 'The email format is incorrect' }));
    expect(said(dialog)).toBe('The email format is incorrect');

    await person.type(field('Email'), '@example.com');
    await waitFor(() => expect(problems(dialog)).toEqual({}));
  });

  it('on submit says what each field needs, aloud too, and focuses the first', async () => {
    const { user: person, dialog, field, api } = renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    await person.click(within(dialog).getByRole('button', { name: 'Set new password' }));

    const needs = {
      Email: 'Please enter an email address',
      'Verification code': 'Please enter the six-digit code',
      'New password': 'Please enter a password',
      'Confirm password': 'Please confirm the password',
    };
    await waitFor(() => expect(problems(dialog)).toEqual(needs));
    expect(missingDescriptions()).toEqual([]);
    expect(said(dialog)).toBe(Object.values(needs).join(''));
    // back from the submit button to the first wrong field
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(api.sent(user.forgetpwd)).toEqual([]);
  });

  it('checks the email, even untouched, when a code is asked for', async () => {
    const { user: person, dialog, api } = renderDialog();
    await person.click(within(dialog).getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(problems(dialog)).toEqual({ Email: 'Please enter an email address' }));
    expect(missingDescriptions()).toEqual([]);
    expect(api.sent(user.sendEmailCode)).toEqual([]);
  });
});
