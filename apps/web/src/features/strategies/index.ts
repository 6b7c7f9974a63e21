/**
 * What the strategy screens offer the others: their page's address, and the views the device
 * detail's Strategy tab shows (handed in by the app): a strategy's slots on the 24-hour bar and
 * the dialog that applies a template to devices.
 */

export { ApplyDialog, type ApplyDialogProps } from './components/apply-dialog.tsx';
export { StrategySlotsBar, type StrategySlotsBarProps } from './components/strategy-slots-bar.tsx';
export { STRATEGY_TEMPLATES_PATH } from './lib/paths.ts';
