import { RoleId, user } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserDialog from '../../src/features/users/components/user-dialog.tsx';
import { setSuccessNotifier } from '../../src/lib/notifier.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/** The sign-up dialog of the login page (mode 1), its callbacks spied on. */
function renderSignUp() {
  const onClose = vi.fn();
  const onDone = vi.fn();
  const notices = vi.fn();
  setSuccessNotifier(notices);
  const view = renderScreen(<UserDialog mode={1} open onClose={onClose} onDone={onDone} />);
  return { ...view, onClose, onDone, notices };
}

const labels = ['User name', 'Email', 'Password', 'Confirm password'] as const;

/**
 * The problem said of each field that has one: the field is marked invalid and the text under it
 * is its description (what a screen reader reads with it).
 */
function problems(): Partial<Record<(typeof labels)[number], string>> {
  const said: Partial<Record<(typeof labels)[number], string>> = {};
  for (const label of labels) {
    const field = within(screen.getByRole('dialog')).getByLabelText(label);
    if (field.getAttribute('aria-invalid') !== 'true') continue;
    const help = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id.endsWith('_help'))
      .map((id) => document.getElementById(id)?.textContent ?? '');
    said[label] = help.join(' ');
  }
  return said;
}

/** Puts `text` into the field labelled `label` as a paste (one input event, as a typed one ends up). */
async function fillIn(person: ReturnType<typeof renderSignUp>['user'], label: string, text: string) {
  const field = screen.getByLabelText(label);
  await person.clear(field);
  await person.paste(text);
}

afterEach(() => setSuccessNotifier(() => undefined));

describe('the sign-up dialog', () => {
  it('says what each empty field needs and sends nothing', async () => {
    const api = fakeApi({ signedIn: false });
    const { user: person } = renderSignUp();
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeTruthy();

    await person.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(problems()).toEqual({
        'User name': 'Please enter a user name',
        Email: 'Please enter an email address',
        Password: 'Please enter a password',
        'Confirm password': 'Please confirm the password',
      }),
    );
    expect(api.sent(user.register)).toEqual([]);
  });

  it('checks each field when it is left: length, email format, a short password, a different repeat', async () => {
    fakeApi({ signedIn: false });
    const { user: person } = renderSignUp();

    await fillIn(person, 'User name', 'a');
    await fillIn(person, 'Email', 'not-an-address');
    await fillIn(person, 'Password', 'abc');
    await fillIn(person, 'Confirm password', 'abd');
    await person.tab();

    await waitFor(() =>
      expect(problems()).toEqual({
        'User name': 'The user name must be 2–50 characters long',
        Email: 'The email format is incorrect',
        Password: 'The password cannot be shorter than 6 characters',
        'Confirm password': 'The two passwords do not match',
      }),
    );

    // Corrected, the problems go away as the fields are left again.
    await fillIn(person, 'User name', 'alice');
    await fillIn(person, 'Email', 'alice@example.com');
    await fillIn(person, 'Password', 'abcdefgh');
    await fillIn(person, 'Confirm password', 'abcdefgh');
    await person.tab();
    await waitFor(() => expect(problems()).toEqual({}));
  });

  it('creates the account as typed, says so, closes and hands the new account over', async () => {
    const account = { user_id: 41, user_name: 'alice', role_id: RoleId.installer };
    const api = fakeApi({ signedIn: false }).answer(user.register, account);
    const { user: person, onClose, onDone, notices } = renderSignUp();

    await person.click(screen.getByRole('radio', { name: 'Installer' }));
    await fillIn(person, 'User name', 'alice');
    await fillIn(person, 'Email', 'alice@example.com');
    await fillIn(person, 'Password', 'secret-1');
    await fillIn(person, 'Confirm password', 'secret-1');
    await person.keyboard('{Enter}');

    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ mode: 1, account }));
    expect(api.sent(user.register).map((sent) => sent.body)).toEqual([
      {
        role_id: RoleId.installer,
        user_name: 'alice',
        email: 'alice@example.com',
        pwd: 'secret-1',
        pwd_again: 'secret-1',
      },
    ]);
    expect(notices).toHaveBeenCalledWith('Registration successful. You can now sign in.', 'user-dialog');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal of the server under the field it concerns and stays open', async () => {
    fakeApi({ signedIn: false }).answer(user.register, { refuse: '1003' });
    const { user: person, onClose, onDone } = renderSignUp();

    await fillIn(person, 'User name', 'taken');
    await fillIn(person, 'Email', 'taken@example.com');
    await fillIn(person, 'Password', 'secret-1');
    await fillIn(person, 'Confirm password', 'secret-1');
    await person.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(problems()).toEqual({ 'User name': 'This user name is already taken.' }));
    expect(screen.getByLabelText('User name')).toHaveProperty('value', 'taken');
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
