import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  ClusterOutlined,
  MessageOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@helio/contracts';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { openStatisticsDashboard } from '../../features/statistics/index.ts';
import { selectedMenuPath } from '../../lib/menu.ts';

const menuIcons: Record<string, ReactNode> = {
  dashboard: <AppstoreOutlined />,
  deviceList: <ClusterOutlined />,
  alarmList: <AlertOutlined />,
  myUser: <TeamOutlined />,
  myLog: <MessageOutlined />,
  dataStatistics: <BarChartOutlined />,
};

/** The entry that opens the fleet dashboard in a new tab instead of a screen of the portal. */
const STATISTICS_MENU_ID = 'dataStatistics';

interface SidebarMenuProps {
  /** The user's saved menu list: the server decides which entries a role sees. */
  menuList: readonly MenuItem[];
  onNavigate?: () => void;
}

export function SidebarMenu({ menuList, onNavigate }: SidebarMenuProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const selected = selectedMenuPath(menuList, pathname);
  const statisticsKey = menuList.find((item) => item.menu_id === STATISTICS_MENU_ID)?.path;

  return (
    <nav aria-label={t('menu.navigation')}>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        onClick={({ key }) => {
          // within the click, so that the new tab is not taken for an unwanted pop-up
          if (key === statisticsKey) openStatisticsDashboard(i18n.language);
          onNavigate?.();
        }}
        items={menuList.map((item) => ({
          key: item.path,
          icon: menuIcons[item.menu_id] ?? <AppstoreOutlined />,
          label:
            item.menu_id === STATISTICS_MENU_ID ? (
              <span data-testid={`menu-${item.menu_id}`}>{t(`menu.${item.menu_id}`)}</span>
            ) : (
              <Link to={item.path} data-testid={`menu-${item.menu_id}`}>
                {t(`menu.${item.menu_id}`, { defaultValue: item.menu_id })}
              </Link>
            ),
        }))}
      />
    </nav>
  );
}
