import { type MenuItem, RoleId } from '@helio/contracts';

/**
 * The sidebar of SPEC.md §2 for a role: user management and upgrade tasks are for installers
 * only (the demo, an installer, sees them read-only), the firmware catalogue for the platform
 * operator only. "Data statistics" (SPEC.md §6, both roles) opens the fleet dashboard in a new
 * tab rather than a screen of the portal: the web app asks api/statistics/ticket for its link.
 */
export function menuFor(roleId: number, isOperator = false): MenuItem[] {
  const menu: MenuItem[] = [
    { menu_id: 'dashboard', path: '/dashboard' },
    { menu_id: 'deviceList', path: '/device/deviceList' },
    { menu_id: 'alarmList', path: '/alarmList/alarmList' },
    // strategy templates: both roles (an end user keeps templates for their own plant)
    { menu_id: 'strategyTemplates', path: '/strategy/templates' },
  ];
  if (roleId === RoleId.installer) {
    menu.push({ menu_id: 'upgradeTasks', path: '/upgrade/tasks' });
    if (isOperator) menu.push({ menu_id: 'firmwareCatalogue', path: '/upgrade/firmware' });
    menu.push({ menu_id: 'myUser', path: '/myUser/myUser' });
  }
  menu.push({ menu_id: 'myLog', path: '/myLog/myLog' });
  menu.push({ menu_id: 'dataStatistics', path: '/statistics' });
  return menu;
}
