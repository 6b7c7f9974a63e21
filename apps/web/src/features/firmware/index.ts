/**
 * What the firmware screens offer the others: their pages' addresses and the tag of a SPEC §4
 * upgrade status, which a device's upgrade records show too.
 */

export { UpgradeStatusTag } from './components/status-tag.tsx';
export { FIRMWARE_CATALOGUE_PATH, UPGRADE_TASKS_PATH, upgradeTaskPath } from './lib/paths.ts';
