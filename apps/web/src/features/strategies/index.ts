/**
 * What the strategy screens offer the others: their page's address, and the views the device
 * detail's Strategy tab shows (handed in by the app): a strategy's slots on the 24-hour bar and
 * the dialog that applies a template to devices; and the EMS 5000 console's Modes tab's pieces: a
 * kind's checked fields (slots included), a mode applied with its own settings and its progress.
 */

export { type ApplyRequest, useApplyTemplate, useBatch } from './api/apply.ts';
export { ApplyDialog, type ApplyDialogProps } from './components/apply-dialog.tsx';
export { StrategySlotsBar, type StrategySlotsBarProps } from './components/strategy-slots-bar.tsx';
export { TemplateFields, type TemplateFieldsProps } from './components/template-fields.tsx';
export { type TemplateForm, useTemplateForm } from './hooks/use-template-form.ts';
export { STRATEGY_TEMPLATES_PATH } from './lib/paths.ts';
export {
  bodyOf as templateBody,
  formValuesOf as templateFormValues,
  type TemplateFormValues,
} from './lib/template-form.ts';
