import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RouteBoundary } from '../components/errors/route-boundary.tsx';
import { FIRMWARE_CATALOGUE_PATH, UPGRADE_TASKS_PATH } from '../features/firmware/lib/paths.ts';
import { STRATEGY_TEMPLATES_PATH } from '../features/strategies/lib/paths.ts';
import { USER_LIST_PATH } from '../features/users/index.ts';
import { withTexts } from '../lib/i18n.ts';
import { preloadable } from '../lib/preloadable.tsx';
import { GuestOnly, RequireInstaller, RequireSession, RootEntry } from './guards.tsx';

/*
 * Every screen and the signed-in layout are chunks of their own, downloaded when first shown;
 * each route has its own error boundary, so a failing screen leaves the frame around it usable.
 * (Declarative routes rather than a data router: the data router's loaders would add ~17 kB
 * gzipped to the login page, whose budget is 250 kB.)
 */
const LoginRoute = preloadable(() => import('../features/auth/routes/login.tsx').then((m) => m.LoginRoute));
const AppLayout = preloadable(() => import('./layout/app-layout.tsx').then((m) => m.AppLayout));
const StationListRoute = lazy(
  withTexts('stations', () =>
    import('../features/stations/routes/station-list.tsx').then((m) => ({ default: m.StationListRoute })),
  ),
);
const DeviceListRoute = lazy(
  withTexts('devices', () =>
    import('../features/devices/routes/device-list.tsx').then((m) => ({ default: m.DeviceListRoute })),
  ),
);
const DeviceDetailRoute = lazy(
  withTexts('devices', () =>
    import('../features/devices/routes/device-detail.tsx').then((m) => ({ default: m.DeviceDetailRoute })),
  ),
);
// The alarm screens name device types and EMS parts with the device screens' texts.
const AlarmListRoute = lazy(
  withTexts(['alarms', 'devices'], () =>
    import('../features/alarms/routes/alarm-list.tsx').then((m) => ({ default: m.AlarmListRoute })),
  ),
);
const UserListRoute = lazy(
  withTexts('accounts', () =>
    import('../features/users/routes/user-list.tsx').then((m) => ({ default: m.UserListRoute })),
  ),
);
// Alarm notices use the alarm screens' words for severities.
const MessageListRoute = lazy(
  withTexts(['messages', 'alarms'], () =>
    import('../features/messages/routes/message-list.tsx').then((m) => ({ default: m.MessageListRoute })),
  ),
);
const StationDetailRoute = lazy(
  withTexts('stations', () =>
    import('../features/stations/routes/station-detail.tsx').then((m) => ({ default: m.StationDetailRoute })),
  ),
);
const BatteryStationDetailRoute = lazy(() =>
  import('../features/stations/routes/battery-station-detail.tsx').then((m) => ({
    default: m.BatteryStationDetailRoute,
  })),
);
const PileStationDetailRoute = lazy(() =>
  import('../features/stations/routes/pile-station-detail.tsx').then((m) => ({
    default: m.PileStationDetailRoute,
  })),
);
// The fleet dashboard names station and device types, statuses and severities with those screens' texts.
const StatisticsDashboardRoute = lazy(
  withTexts(['statistics', 'devices', 'stations', 'alarms'], () =>
    import('../features/statistics/routes/statistics-dashboard.tsx').then((m) => ({
      default: m.StatisticsDashboardRoute,
    })),
  ),
);
// The templates page names device types and asks for device passwords with those screens' texts.
const StrategyTemplatesRoute = lazy(
  withTexts(['strategies', 'devices', 'control'], () =>
    import('../features/strategies/routes/strategy-templates.tsx').then((m) => ({
      default: m.StrategyTemplatesRoute,
    })),
  ),
);
// The firmware screens say upgrade statuses with the upgrade records' words, device types and states with the device screens'.
const FirmwareCatalogueRoute = lazy(
  withTexts(['firmware', 'control', 'devices'], () =>
    import('../features/firmware/routes/firmware-catalogue.tsx').then((m) => ({
      default: m.FirmwareCatalogueRoute,
    })),
  ),
);
const UpgradeTasksRoute = lazy(
  withTexts(['firmware', 'control', 'devices'], () =>
    import('../features/firmware/routes/upgrade-tasks.tsx').then((m) => ({ default: m.UpgradeTasksRoute })),
  ),
);
const UpgradeTaskDetailRoute = lazy(
  withTexts(['firmware', 'control', 'devices'], () =>
    import('../features/firmware/routes/upgrade-task-detail.tsx').then((m) => ({
      default: m.UpgradeTaskDetailRoute,
    })),
  ),
);
const Ems5000StationDetailRoute = lazy(() =>
  import('../features/stations/routes/ems5000-station-detail.tsx').then((m) => ({
    default: m.Ems5000StationDetailRoute,
  })),
);

/**
 * Loads the first screen's frame while the language loads, so that the first render shows it at
 * once instead of suspending. A failure is left to the route's own boundary.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  // the fleet dashboard has no frame of the portal: its route loads its own code
  if (pathname.startsWith('/statistics/')) return Promise.resolve();
  const onLogin = pathname === '/' || pathname === '/login' || pathname.startsWith('/login/');
  return (onLogin ? LoginRoute : AppLayout).preload().catch(() => undefined);
}

function page(screen: ReactNode) {
  return <RouteBoundary>{screen}</RouteBoundary>;
}

/** The routes of SPEC.md §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootEntry />} />
      <Route path="/login" element={<GuestOnly>{page(<LoginRoute />)}</GuestOnly>}>
        {/* One login screen for both, so signing in from a link survives dropping the link's path. */}
        <Route index element={null} />
        <Route path=":name/:pwd" element={null} />
      </Route>
      <Route element={<RequireSession>{page(<AppLayout />)}</RequireSession>}>
        <Route path="/dashboard" element={page(<StationListRoute />)} />
        <Route path="/device/deviceList" element={page(<DeviceListRoute />)} />
        <Route path="/device/deviceList/detail" element={page(<DeviceDetailRoute />)} />
        <Route path="/alarmList/alarmList" element={page(<AlarmListRoute />)} />
        <Route
          path={USER_LIST_PATH}
          element={<RequireInstaller>{page(<UserListRoute />)}</RequireInstaller>}
        />
        <Route path="/myLog/myLog" element={page(<MessageListRoute />)} />
        <Route path={STRATEGY_TEMPLATES_PATH} element={page(<StrategyTemplatesRoute />)} />
        <Route path={FIRMWARE_CATALOGUE_PATH} element={page(<FirmwareCatalogueRoute />)} />
        <Route
          path={UPGRADE_TASKS_PATH}
          element={<RequireInstaller>{page(<UpgradeTasksRoute />)}</RequireInstaller>}
        />
        <Route
          path={`${UPGRADE_TASKS_PATH}/:taskId`}
          element={<RequireInstaller>{page(<UpgradeTaskDetailRoute />)}</RequireInstaller>}
        />
        <Route path="/station-detail" element={page(<StationDetailRoute />)}>
          {/* A detail screen needs a station, chosen in the station list. */}
          <Route index element={<Navigate to="/dashboard" replace />} />
          <Route path="battery" element={page(<BatteryStationDetailRoute />)} />
          <Route path="pile" element={page(<PileStationDetailRoute />)} />
          <Route path="ems5000" element={page(<Ems5000StationDetailRoute />)} />
        </Route>
      </Route>
      {/*
        The fleet dashboard of "data statistics", in its own tab: outside the frame and the sign-in
        guard, as its link (user id and single-use ticket) signs it in by itself.
      */}
      <Route path="/statistics/:lang" element={page(<StatisticsDashboardRoute />)} />
      <Route path="/statistics/:lang/:userId/:ticket" element={page(<StatisticsDashboardRoute />)} />
      {/* Any unknown path goes to the login page (SPEC.md §2). */}
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
