/** The operator's firmware catalogue (menu `firmwareCatalogue`). */
export const FIRMWARE_CATALOGUE_PATH = '/upgrade/firmware';
/** Installers' upgrade tasks (menu `upgradeTasks`). */
export const UPGRADE_TASKS_PATH = '/upgrade/tasks';

/** One upgrade task's page. */
export function upgradeTaskPath(taskId: number): string {
  return `${UPGRADE_TASKS_PATH}/${taskId}`;
}
