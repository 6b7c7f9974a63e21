import { DEMO_USER_ID } from '@helio/contracts';
import { Drawer, Layout } from 'antd';
import { lazy, type MouseEvent, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/brand-logo.tsx';
import { AppFooter } from '../../components/layouts/app-footer.tsx';
import { DemoBanner } from '../../components/layouts/demo-banner.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { SIDEBAR_COLLAPSED_WIDTH_PX, SIDEBAR_COOKIE, SIDEBAR_WIDTH_PX } from '../../config/layout.ts';
import { AlarmCountCell, DeviceAlarms } from '../../features/alarms/index.ts';
import {
  type DeviceAlarmViews,
  DeviceAlarmViewsContext,
  type DeviceStrategyViews,
  DeviceStrategyViewsContext,
} from '../../features/devices/index.ts';
import { useIsMobile } from '../../hooks/use-media-query.ts';
import { readCookie, writeCookie } from '../../lib/cookie.ts';
import { useSession } from '../../lib/session-store.ts';
import { SidebarMenu } from './sidebar-menu.tsx';
import { TopBar } from './top-bar.tsx';

/** The main region, which the skip link moves focus to. */
const MAIN_ID = 'main-content';

/** The alarm screens' pieces that the device screens show (the alarms link to devices, not back). */
const deviceAlarmViews: DeviceAlarmViews = { AlarmCount: AlarmCountCell, DeviceAlarms };

/** The strategy screens' pieces that the device's Strategy tab shows, loaded with that tab. */
const strategyScreens = () => import('../../features/strategies/index.ts');
const deviceStrategyViews: DeviceStrategyViews = {
  StrategySlotsBar: lazy(() => strategyScreens().then((m) => ({ default: m.StrategySlotsBar }))),
  ApplyDialog: lazy(() => strategyScreens().then((m) => ({ default: m.ApplyDialog }))),
};

/**
 * The signed-in frame (SPEC.md §2): sidebar from the saved menu list, top bar, footer. On a
 * desktop the sidebar is open or collapsed as the sidebarStatus cookie says; below 992 px it is a
 * drawer, closed by default and closed again after each navigation. Landmarks: the top bar
 * (banner), the sidebar's navigation and the main region, which a "skip to main content" link, the
 * first stop of Tab, reaches past the top bar and the navigation.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [desktopOpen, setDesktopOpen] = useState(() => readCookie(SIDEBAR_COOKIE) !== '0');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  const main = useRef<HTMLElement>(null);
  const drawerBody = useRef<HTMLDivElement>(null);

  // Close the drawer once a navigation lands, however it was started.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setDrawerOpen(false);
  }

  // Sign-out or an expired login clears the session; the router is already on its way to /login.
  if (!session) return null;

  const toggleSidebar = () => {
    if (isMobile) {
      setDrawerOpen(!drawerOpen);
      return;
    }
    writeCookie(SIDEBAR_COOKIE, desktopOpen ? '0' : '1');
    setDesktopOpen(!desktopOpen);
  };

  const skipToMain = (event: MouseEvent) => {
    // Focus (which brings it into view), not only a scroll: the next Tab goes on from the main
    // region. No #hash in the address.
    event.preventDefault();
    main.current?.focus();
  };

  // The opened drawer's focus goes to the current screen's entry, else the first one.
  const focusDrawerEntry = (open: boolean) => {
    if (!open) return;
    const entries = drawerBody.current?.querySelectorAll<HTMLElement>('nav a, nav button');
    const current = drawerBody.current?.querySelector<HTMLElement>('nav [aria-current="page"]');
    (current ?? entries?.[0])?.focus();
  };

  const brandAndMenu = (collapsed: boolean) => (
    <>
      <div className={collapsed ? 'sidebar-brand sidebar-brand-collapsed' : 'sidebar-brand'}>
        <Brand showName={!collapsed} />
      </div>
      <SidebarMenu menuList={session.menuList} onNavigate={() => setDrawerOpen(false)} />
    </>
  );

  return (
    <Layout className="app-layout" data-testid="app-layout">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain} data-testid="skip-link">
        {t('layout.skipToMain')}
      </a>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          afterOpenChange={focusDrawerEntry}
          aria-label={t('menu.navigation')}
          size={SIDEBAR_WIDTH_PX}
          closable={false}
          className="sidebar-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <div className="sidebar sidebar-mobile" data-testid="sidebar" ref={drawerBody}>
            {brandAndMenu(false)}
          </div>
        </Drawer>
      ) : (
        <Layout.Sider
          className="sidebar"
          data-testid="sidebar"
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH_PX}
          collapsed={!desktopOpen}
          trigger={null}
          collapsible
        >
          {brandAndMenu(!desktopOpen)}
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <TopBar
          isMobile={isMobile}
          sidebarOpen={isMobile ? drawerOpen : desktopOpen}
          onToggleSidebar={toggleSidebar}
          userName={session.userName}
        />
        {session.userId === DEMO_USER_ID && <DemoBanner />}
        <Layout.Content id={MAIN_ID} ref={main} tabIndex={-1} className="app-content">
          {/* Navigations run as transitions: the current screen stays until the next one's code is here. */}
          <Suspense fallback={<PageLoading />}>
            <DeviceAlarmViewsContext value={deviceAlarmViews}>
              <DeviceStrategyViewsContext value={deviceStrategyViews}>
                <Outlet />
              </DeviceStrategyViewsContext>
            </DeviceAlarmViewsContext>
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
