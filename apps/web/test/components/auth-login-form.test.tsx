import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../src/features/auth/components/login-form.tsx';
import { renderScreen } from './support/render.tsx';

function renderLogin() {
  const onSubmit = vi.fn();
  const view = renderScreen(
    <LoginForm pending={false} onSubmit={onSubmit} passwordAction={<button type="button">Forgot?</button>} />,
  );
  const userName = screen.getByLabelText('User name or email');
  const password = screen.getByLabelText('Password');
  return { ...view, onSubmit, userName, password };
}

/** The text a field's description points at, which must exist; null when the field is valid. */
function problemOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  expect(ids.length).toBeGreaterThan(0);
  const regions = ids.map((id) => document.getElementById(id));
  expect(regions).not.toContain(null);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  return regions.map((region) => region?.textContent).join(' ');
}

describe('the login form', () => {
  it('says nothing while Tab passes through its empty fields', async () => {
    const { user, userName, password } = renderLogin();
    await user.click(userName);
    for (let press = 0; press < 4; press += 1) await user.tab();
    expect(problemOf(userName)).toBeNull();
    expect(problemOf(password)).toBeNull();
  });

  it('says what a field needs once it was changed and left', async () => {
    const { user, userName } = renderLogin();
    await user.type(userName, 'a');
    await user.clear(userName);
    await user.tab();
    expect(problemOf(userName)).toBe('Please enter a user name');
  });

  it('on submit says what each field needs from live regions there from the start, and focuses the first', async () => {
    const { user, userName, password, onSubmit } = renderLogin();
    // the regions are live before they have anything to say, so that what they say is announced
    const regions = [userName, password].map((field) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? ''),
    );
    expect(regions.map((region) => region?.getAttribute('role'))).toEqual(['alert', 'alert']);
    expect(regions.map((region) => region?.textContent)).toEqual(['', '']);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(problemOf(userName)).toBe('Please enter a user name'));
    expect(problemOf(password)).toBe('Please enter a password');
    expect(screen.getAllByRole('alert').map((region) => region.textContent)).toEqual([
      'Please enter a user name',
      'Please enter a password',
    ]);
    expect(document.activeElement).toBe(userName);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
