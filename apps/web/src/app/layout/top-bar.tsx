import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand-logo.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { UnreadBell } from '../../features/messages/index.ts';
import { UserMenu } from './user-menu.tsx';

interface TopBarProps {
  isMobile: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  userName: string;
}

export function TopBar({ isMobile, sidebarOpen, onToggleSidebar, userName }: TopBarProps) {
  const { t } = useTranslation();
  const toggleLabel = isMobile
    ? t(sidebarOpen ? 'layout.closeNavigation' : 'layout.openNavigation')
    : t(sidebarOpen ? 'layout.collapseSidebar' : 'layout.expandSidebar');

  return (
    <Layout.Header className="top-bar">
      <Button
        type="text"
        data-testid="sidebar-toggle"
        aria-label={toggleLabel}
        aria-expanded={sidebarOpen}
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
      />
      {isMobile && <Brand />}
      <div className="top-bar-actions">
        <LanguageSelect />
        <UnreadBell />
        <UserMenu userName={userName} />
      </div>
    </Layout.Header>
  );
}
