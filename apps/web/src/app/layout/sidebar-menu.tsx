import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  MessageOutlined,
  ScheduleOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@helio/contracts';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { openStatisticsDashboard } from '../../features/statistics/index.ts';
import { selectedMenuPath } from '../../lib/menu.ts';

/** Each entry's icon, for the eye only: the entry's name says what it is. */
const menuIcons: Record<string, ReactNode> = {
  dashboard: <AppstoreOutlined aria-hidden />,
  deviceList: <ClusterOutlined aria-hidden />,
  alarmList: <AlertOutlined aria-hidden />,
  strategyTemplates: <ScheduleOutlined aria-hidden />,
  upgradeTasks: <CloudUploadOutlined aria-hidden />,
  firmwareCatalogue: <DatabaseOutlined aria-hidden />,
  myUser: <TeamOutlined aria-hidden />,
  myLog: <MessageOutlined aria-hidden />,
  dataStatistics: <BarChartOutlined aria-hidden />,
};

/** The entry that opens the fleet dashboard in a new tab instead of a screen of the portal. */
const STATISTICS_MENU_ID = 'dataStatistics';

/**
 * antd's Menu is a WAI-ARIA menu (one tab stop, arrow keys inside, items `menuitem`). A site's
 * navigation is a list of links instead: the list is no tab stop and says it is a list, each entry
 * is a list item, and Tab goes from link to link (the arrow keys still move between them).
 */
const asList = { role: 'list', tabIndex: -1 } as const;
type ListEntry = NonNullable<MenuProps['items']>[number] & { role: 'listitem' };

interface SidebarMenuProps {
  /** The user's saved menu list: the server decides which entries a role sees. */
  menuList: readonly MenuItem[];
  /** After an entry was chosen (on its own click, not the menu's: Enter's keydown comes first). */
  onNavigate?: () => void;
}

export function SidebarMenu({ menuList, onNavigate }: SidebarMenuProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const selected = selectedMenuPath(menuList, pathname);

  const entries: ListEntry[] = menuList.map((item) => ({
    key: item.path,
    role: 'listitem',
    icon: menuIcons[item.menu_id] ?? <AppstoreOutlined aria-hidden />,
    label:
      item.menu_id === STATISTICS_MENU_ID ? (
        <button
          type="button"
          className="sidebar-menu-button"
          data-testid={`menu-${item.menu_id}`}
          // within the click (by pointer or keyboard), so that the new tab is not taken for an unwanted pop-up
          onClick={() => {
            openStatisticsDashboard(i18n.language);
            onNavigate?.();
          }}
        >
          {t(`menu.${item.menu_id}`)}
          <span className="visually-hidden"> ({t('menu.opensInNewTab')})</span>
        </button>
      ) : (
        <Link
          to={item.path}
          data-testid={`menu-${item.menu_id}`}
          aria-current={item.path === selected ? 'page' : undefined}
          onClick={() => onNavigate?.()}
        >
          {t(`menu.${item.menu_id}`, { defaultValue: item.menu_id })}
        </Link>
      ),
  }));

  return (
    <nav aria-label={t('menu.navigation')}>
      <Menu
        {...asList}
        theme="dark"
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        items={entries}
      />
    </nav>
  );
}
