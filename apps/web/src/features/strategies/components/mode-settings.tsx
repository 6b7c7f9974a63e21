import type { ModeKind } from '@helio/contracts';
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateForm } from '../hooks/use-template-form.ts';
import type { TemplateFormValues } from '../lib/template-form.ts';
import { TemplateFields } from './template-fields.tsx';

export interface ModeSettingsProps {
  kind: ModeKind;
  /** The mode's name as shown (the system template's). */
  name: string;
  form: TemplateForm;
  /** The values the form starts from: the template the dialog opened on. */
  initial?: TemplateFormValues | undefined;
  /** Whether the mode goes with these settings rather than the system template's. */
  on: boolean;
  onToggle: (on: boolean) => void;
  disabled: boolean;
}

/**
 * A mode's own settings in the apply dialog (PRODUCT.md §8: manual, max self-consumption, backup
 * and cut-off are modes with parameters): a box to set them, then the fields the kind uses
 * (contracts `kindFields`), the editor's own fields, started from the system template's values and
 * checked as they change by `templateIssues` against the chosen devices' lowest rating.
 */
export function ModeSettings({ kind, name, form, initial, on, onToggle, disabled }: ModeSettingsProps) {
  const { t } = useTranslation();
  return (
    <section className="strategy-apply-settings" aria-labelledby="strategy-apply-settings-heading">
      <h3 className="strategy-apply-heading" id="strategy-apply-settings-heading">
        {t('strategies.apply.settings.title')}
      </h3>
      <Checkbox
        checked={on}
        onChange={(event) => onToggle(event.target.checked)}
        disabled={disabled}
        data-testid="strategy-apply-with-settings"
      >
        {t('strategies.apply.settings.toggle', { name })}
      </Checkbox>
      {/* mounted while the box is clear too: the values typed stay when it is ticked again */}
      <Form<TemplateFormValues>
        form={form.form}
        name="strategy-mode"
        initialValues={initial}
        layout="vertical"
        disabled={disabled}
        onValuesChange={() => form.recheck()}
        className="strategy-apply-settings-form"
        data-testid="strategy-apply-settings"
        hidden={!on}
      >
        {on && (
          <>
            <p className="strategy-help">{t(`strategies.kindHelp.${kind}`)}</p>
            <TemplateFields kind={kind} form={form} />
          </>
        )}
      </Form>
    </section>
  );
}
