import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserMenu } from '../../src/app/layout/user-menu.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/** The account menu's button, and the menu item that has focus (if any). */
function renderMenu() {
  fakeApi();
  const view = renderScreen(<UserMenu userName="installer" />);
  const button = screen.getByRole('button', { name: 'installer, account menu' });
  return { ...view, button };
}

const focusedItem = () =>
  document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent : null;

describe('the account menu', () => {
  // (The arrows' moves within the menu need a layout, which jsdom has not: the browser journeys
  // keyboard-account.test.ts walk them.)
  it('opens with ArrowDown on its first item and closes with Esc back to its button', async () => {
    const { user, button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedItem()).toBe('Change password'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu')).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('opens with Enter on its first item again, not on the one left before', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedItem()).toBe('Change password'));
    // the pointer makes the second item the active one
    await user.hover(screen.getByRole('menuitem', { name: /Edit user info/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(button));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(focusedItem()).toBe('Change password'));
  });

  it('gives focus back to its button when the dialog chosen from it closes', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedItem()).toBe('Change password'));
    // antd's menu reads the key's code, which user-event leaves out
    fireEvent.keyDown(document.activeElement as Element, {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
      which: 13,
    });

    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
