import { DownOutlined, EditOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_OUT_AFTER_PASSWORD_CHANGE_MS } from '../../config/account.ts';
import { loadUserDialog } from '../../features/users/index.ts';
import { useSignOut } from '../../lib/sign-out.ts';

const UserDialog = lazy(loadUserDialog);

type AccountDialog = 4 | 5;

/** The signed-in user's name and their account actions (SPEC.md §2): change password, edit info, sign out. */
export function UserMenu({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [dialog, setDialog] = useState<{ mode: AccountDialog; open: boolean } | null>(null);
  const signOutTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(signOutTimer.current), []);

  const open = (mode: AccountDialog) => setDialog({ mode, open: true });

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'changePassword',
              icon: <KeyOutlined />,
              label: <span data-testid="menu-change-password">{t('layout.changePassword')}</span>,
              onClick: () => open(5),
            },
            {
              key: 'editInfo',
              icon: <EditOutlined />,
              label: <span data-testid="menu-edit-info">{t('layout.editInfo')}</span>,
              onClick: () => open(4),
            },
            { type: 'divider' },
            {
              key: 'signOut',
              icon: <LogoutOutlined />,
              label: <span data-testid="sign-out">{t('layout.signOut')}</span>,
              onClick: signOut,
            },
          ],
        }}
      >
        <Button
          type="text"
          className="user-menu"
          data-testid="user-menu"
          // the visible name first (WCAG 2.5.3), then what the button opens
          aria-label={t('layout.accountMenuOf', { name: userName })}
          aria-haspopup="menu"
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
