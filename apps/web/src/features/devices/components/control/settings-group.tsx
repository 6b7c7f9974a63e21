import { gridStandardOf, type SettingGroup, type SettingsView, type SettingValue } from '@helio/contracts';
import { Alert, Button, Card, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../lib/api.ts';
import { useSaveSettings } from '../../api/control.ts';
import { useSettingsForm } from '../../hooks/use-settings-form.ts';
import { type GroupFormValues, groupParameters, standardDefaults } from '../../lib/control-settings.ts';
import { BatteryFields } from './battery-fields.tsx';
import { CommandProgress } from './command-progress.tsx';
import { GridFields } from './grid-fields.tsx';
import { SettingField } from './setting-field.tsx';

export interface SettingsGroupProps {
  group: SettingGroup;
  view: SettingsView;
  /** The caller may change this group and the device is unlocked. */
  editable: boolean;
  /** More of the group below its form (the system group's actions and upgrade records). */
  children?: ReactNode;
}

/**
 * One group of a device's settings as a card with its form: the catalogue's fields, read-only when
 * the caller may not change them now. Save sends only what changed, as one command, once the
 * catalogue's check passes on the form (the server's own rule: nothing refused is sent); then the
 * command is followed until the device has applied it.
 */
export function SettingsGroup({ group, view, editable, children }: SettingsGroupProps) {
  const { t } = useTranslation();
  const settings = useSettingsForm(group, view);
  const { form, changes } = settings;
  const save = useSaveSettings(view.equ_sn);
  const [commandId, setCommandId] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [filledFrom, setFilledFrom] = useState<string>();
  const changeCount = Object.keys(changes).length;
  const titleId = `control-group-${group}-title`;

  const onValuesChange = (changed: Partial<GroupFormValues>) => {
    setFailure(undefined);
    // Another standard: its protection defaults are filled in, for the user to see before saving.
    if (group === 'grid' && typeof changed.grid_standard === 'string') {
      const standard = gridStandardOf(changed.grid_standard);
      if (standard) {
        form.setFieldsValue(standardDefaults(standard));
        setFilledFrom(standard.name);
      }
    }
    settings.recheck();
  };

  const submit = () => {
    if (changeCount === 0) return;
    setFailure(undefined);
    save.mutate(changes as Record<string, SettingValue>, {
      onSuccess: (answer) => {
        setCommandId(answer.command_id);
        setFilledFrom(undefined);
      },
      onError: (error) => {
        if (!settings.showServerProblems(error)) setFailure(describeError(error));
      },
    });
  };

  const fields =
    group === 'grid' ? (
      <GridFields settings={settings} ratedPowerW={view.rated_power_w} />
    ) : group === 'battery' ? (
      <BatteryFields settings={settings} ratedPowerW={view.rated_power_w} />
    ) : (
      <div className="control-fields">
        {groupParameters(group).map((parameter) => (
          <SettingField
            key={parameter.name}
            parameter={parameter}
            rule={settings.rule(parameter.name)}
            ratedPowerW={view.rated_power_w}
          />
        ))}
      </div>
    );

  return (
    <Card
      className="control-group"
      data-testid={`control-group-${group}`}
      title={
        <h2 id={titleId} className="control-group-title">
          {t(`control.group.${group}.title`)}
        </h2>
      }
    >
      <section aria-labelledby={titleId}>
        <p className="control-group-description">{t(`control.group.${group}.description`)}</p>
        <Form<GroupFormValues>
          form={form}
          name={`control-${group}`}
          layout="vertical"
          initialValues={settings.initial}
          disabled={!editable}
          validateTrigger="onBlur"
          onValuesChange={onValuesChange}
          onFinish={submit}
          scrollToFirstError={{ focus: true }}
        >
          {filledFrom && (
            <Alert
              type="info"
              showIcon
              className="control-note"
              title={t('control.grid.defaultsFilled', { standard: filledFrom })}
              data-testid="control-defaults-filled"
            />
          )}
          {fields}
          {failure && (
            <Alert
              type="error"
              showIcon
              className="control-note"
              title={failure}
              data-testid="control-save-error"
            />
          )}
          {editable && (
            <div className="control-group-actions">
              <Button
                type="primary"
                htmlType="submit"
                disabled={changeCount === 0}
                loading={save.isPending}
                data-testid={`control-save-${group}`}
              >
                {t('control.save')}
              </Button>
              <Button
                htmlType="button"
                disabled={changeCount === 0 || save.isPending}
                onClick={() => {
                  settings.undo();
                  setFilledFrom(undefined);
                  setFailure(undefined);
                }}
                data-testid={`control-undo-${group}`}
              >
                {t('control.undo')}
              </Button>
              <span className="control-change-count" aria-live="polite">
                {changeCount > 0 ? t('control.changeCount', { count: changeCount }) : t('control.noChanges')}
              </span>
            </div>
          )}
        </Form>
        <CommandProgress sn={view.equ_sn} commandId={commandId} testId={`control-command-${group}`} />
        {children}
      </section>
    </Card>
  );
}
