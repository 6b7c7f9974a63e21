import { DownOutlined, EditOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_OUT_AFTER_PASSWORD_CHANGE_MS } from '../../config/account.ts';
import { loadUserDialog } from '../../features/users/index.ts';
import { useSignOut } from '../../lib/sign-out.ts';

const UserDialog = lazy(loadUserDialog);

type AccountDialog = 4 | 5;

/** The menu's popup, to tell whether focus is in it. */
const POPUP_CLASS = 'user-menu-popup';

/**
 * The signed-in user's name and their account actions (SPEC.md §2): change password, edit info,
 * sign out. A menu button (WAI-ARIA): Enter, Space or ArrowDown opens the menu on its first item,
 * the arrows move through it, Esc closes it and returns to the button, and so does closing a
 * dialog opened from it.
 */
export function UserMenu({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<{ mode: AccountDialog; open: boolean } | null>(null);
  const signOutTimer = useRef<number | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => () => window.clearTimeout(signOutTimer.current), []);

  const open =
    (mode: AccountDialog) =>
    ({ domEvent }: { domEvent: { preventDefault(): void } }) => {
      // Chosen with Enter, the key's default action would press whatever the new dialog focuses first.
      domEvent.preventDefault();
      setDialog({ mode, open: true });
    };

  const changeOpen = (next: boolean, { source }: { source: 'trigger' | 'menu' }) => {
    // Closed by Esc (or a click elsewhere) while an item had focus: focus goes back to the button,
    // not to the page. (antd's own return on Esc is lost when the menu closes first.) A chosen
    // item's dialog gives focus back when it closes.
    if (!next && source === 'trigger' && document.activeElement?.closest(`.${POPUP_CLASS}`)) {
      button.current?.focus();
    }
    setMenuOpen(next);
  };

  const openOnArrow = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' || menuOpen) return;
    event.preventDefault();
    setMenuOpen(true);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        open={menuOpen}
        onOpenChange={changeOpen}
        rootClassName={POPUP_CLASS}
        // the first item takes focus as the menu opens, by keyboard or pointer alike; made anew
        // each time, so that it is the first item, not the one last chosen
        autoFocus
        destroyOnHidden
        menu={{
          items: [
            {
              key: 'changePassword',
              icon: <KeyOutlined aria-hidden />,
              label: <span data-testid="menu-change-password">{t('layout.changePassword')}</span>,
              onClick: open(5),
            },
            {
              key: 'editInfo',
              icon: <EditOutlined aria-hidden />,
              label: <span data-testid="menu-edit-info">{t('layout.editInfo')}</span>,
              onClick: open(4),
            },
            { type: 'divider' },
            {
              key: 'signOut',
              icon: <LogoutOutlined aria-hidden />,
              label: <span data-testid="sign-out">{t('layout.signOut')}</span>,
              onClick: signOut,
            },
          ],
        }}
      >
        <Button
          ref={button}
          type="text"
          className="user-menu"
          data-testid="user-menu"
          // the visible name first (WCAG 2.5.3), then what the button opens
          aria-label={t('layout.accountMenuOf', { name: userName })}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onKeyDown={openOnArrow}
        >
          <Avatar size="small" icon={<UserOutlined />} className="user-avatar" />
          <span className="user-name">{userName}</span>
          <DownOutlined className="user-caret" />
        </Button>
      </Dropdown>
      {dialog && (
        <Suspense fallback={null}>
          <UserDialog
            mode={dialog.mode}
            open={dialog.open}
            onClose={() => setDialog((current) => current && { ...current, open: false })}
            // The menu item that opened it has gone with the menu: focus goes back to the button,
            // whichever step was shown last (the email-code step replaces the form).
            afterClose={() => button.current?.focus()}
            onDone={(result) => {
              // The server has ended every session of the account: sign out once the user has read why.
              if (result.mode === 5) {
                signOutTimer.current = window.setTimeout(signOut, SIGN_OUT_AFTER_PASSWORD_CHANGE_MS);
              }
            }}
          />
        </Suspense>
      )}
    </>
  );
}
