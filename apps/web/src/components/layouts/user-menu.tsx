import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../lib/sign-out.ts';

/** The signed-in user's name and their account actions. */
export function UserMenu({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
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
        aria-label={t('layout.accountMenu')}
        title={userName}
      >
        <Avatar size="small" icon={<UserOutlined />} className="user-avatar" />
        <span className="user-name">{userName}</span>
        <DownOutlined className="user-caret" />
      </Button>
    </Dropdown>
  );
}
