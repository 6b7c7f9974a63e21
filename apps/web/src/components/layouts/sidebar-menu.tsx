import {
  AlertOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  MessageOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@helio/contracts';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { selectedMenuPath } from '../../lib/menu.ts';

const menuIcons: Record<string, ReactNode> = {
  dashboard: <AppstoreOutlined />,
  deviceList: <ClusterOutlined />,
  alarmList: <AlertOutlined />,
  myUser: <TeamOutlined />,
  myLog: <MessageOutlined />,
};

interface SidebarMenuProps {
  /** The user's saved menu list: the server decides which entries a role sees. */
  menuList: readonly MenuItem[];
  onNavigate?: () => void;
}

export function SidebarMenu({ menuList, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = selectedMenuPath(menuList, pathname);

  return (
    <nav aria-label={t('menu.navigation')}>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        onClick={onNavigate}
        items={menuList.map((item) => ({
          key: item.path,
          icon: menuIcons[item.menu_id] ?? <AppstoreOutlined />,
          label: (
            <Link to={item.path} data-testid={`menu-${item.menu_id}`}>
              {t(`menu.${item.menu_id}`, { defaultValue: item.menu_id })}
            </Link>
          ),
        }))}
      />
    </nav>
  );
}
