import { type TemplateKind, templateFields } from '@helio/contracts';
import { Checkbox, Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateForm } from '../hooks/use-template-form.ts';
import { kindUses } from '../lib/template-form.ts';
import { isoWeekdays, useStrategyTexts } from '../lib/use-strategy-texts.ts';
import { SlotList } from './slot-list.tsx';

/** The on-grid priorities, as the template's field takes them. */
const priorities = templateFields.shape.priority.unwrap().options;

export interface TemplateFieldsProps {
  kind: TemplateKind;
  form: TemplateForm;
}

/**
 * The fields a kind uses (contracts `kindFields`): on-grid priority, the SOC limit and floor, grid
 * charging, the grid and consumption powers, the manual power, the cycle's weekdays and the
 * charge and discharge slots. Numbers are not clamped while typed: the check says why one is refused.
 * A kind may name a field its own way (`strategies.fieldOf.<kind>.<field>`: backup's reserve).
 */
export function TemplateFields({ kind, form }: TemplateFieldsProps) {
  const { t } = useTranslation();
  const texts = useStrategyTexts();
  const uses = (field: Parameters<typeof kindUses>[1]) => kindUses(kind, field);
  const number = (
    name: 'max_soc_pct' | 'min_soc_pct' | 'max_grid_w' | 'max_consumption_w' | 'manual_power_w',
  ) =>
    uses(name) && (
      <Form.Item
        name={name}
        label={t([`strategies.fieldOf.${kind}.${name}`, `strategies.field.${name}`])}
        extra={t([`strategies.fieldHelpOf.${kind}.${name}`, `strategies.fieldHelp.${name}`])}
        rules={[form.rule(name)]}
        required={name === 'max_grid_w' || name === 'manual_power_w' || name.endsWith('soc_pct')}
      >
        <InputNumber<number>
          className="strategy-number"
          suffix={name.endsWith('_pct') ? '%' : 'W'}
          data-testid={`strategy-field-${name}`}
        />
      </Form.Item>
    );

  return (
    <>
      <div className="strategy-fields">
        {uses('priority') && (
          <Form.Item name="priority" label={t('strategies.field.priority')} rules={[form.rule('priority')]}>
            <Select
              options={priorities.map((priority) => ({
                value: priority,
                label: texts.priority(priority),
              }))}
              popupMatchSelectWidth={false}
              data-testid="strategy-field-priority"
            />
          </Form.Item>
        )}
        {number('max_soc_pct')}
        {number('min_soc_pct')}
        {number('max_grid_w')}
        {number('max_consumption_w')}
        {number('manual_power_w')}
        {uses('grid_charge') && (
          <Form.Item
            name="grid_charge"
            label={t('strategies.field.grid_charge')}
            valuePropName="checked"
            rules={[form.rule('grid_charge')]}
          >
            <Switch data-testid="strategy-field-grid_charge" />
          </Form.Item>
        )}
      </div>
      {uses('days') && (
        <fieldset className="strategy-fieldset">
          <legend>{t('strategies.field.days')}</legend>
          <Form.Item name="days" rules={[form.rule('days')]}>
            <Checkbox.Group
              className="strategy-days"
              options={isoWeekdays.map((day) => ({
                value: day,
                label: (
                  <>
                    <span aria-hidden="true">{texts.weekday(day, 'short')}</span>
                    <span className="visually-hidden">{texts.weekday(day, 'long')}</span>
                  </>
                ),
              }))}
              data-testid="strategy-field-days"
            />
          </Form.Item>
        </fieldset>
      )}
      {uses('charge_slots') && <SlotList kind="charge" form={form} fixedPower={kind === 'tou_power'} />}
      {uses('discharge_slots') && <SlotList kind="discharge" form={form} fixedPower={kind === 'tou_power'} />}
    </>
  );
}
