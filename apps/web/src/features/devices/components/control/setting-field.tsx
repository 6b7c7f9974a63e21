import type { GridStandard, SettingParameter } from '@helio/contracts';
import { Form, type FormRule, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { rangeOf, typedTime } from '../../lib/control-settings.ts';
import { useSettingTexts } from '../../lib/use-control-texts.ts';

/**
 * Numbers as they are (603, 0.2), not padded to the step's decimals (603.00): what was typed stays
 * as typed while typing.
 */
const asTyped = (value: number | string | undefined, info: { userTyping: boolean; input: string }) =>
  info.userTyping ? info.input : value === undefined ? '' : String(value);

export interface SettingFieldProps {
  parameter: SettingParameter;
  /** The client's check of the whole change set, reporting this field's problem. */
  rule: FormRule;
  /** The standard chosen in the form (the protection fields' ranges are its). */
  standard?: GridStandard | undefined;
  ratedPowerW: number | null;
  /** A label other than the parameter's name (a slot's start or end). */
  label?: string;
}

/**
 * One parameter of the catalogue as a labelled form field: a number with its unit and the range it
 * takes under it, a choice, a switch, an HH:mm time or a value the device only reports. Numbers are
 * not clamped while typed: a value out of range stays as typed and the check says why it is refused.
 */
export function SettingField({ parameter, rule, standard, ratedPowerW, label }: SettingFieldProps) {
  const { t } = useTranslation();
  const texts = useSettingTexts();
  const name = parameter.name;
  const common = {
    name,
    label: label ?? texts.label(name),
    rules: parameter.access === 'rw' ? [rule] : [],
    className: `control-field control-field-${parameter.kind}`,
  };
  const testId = `control-field-${name}`;
  const readOnly = parameter.access === 'r';

  switch (parameter.kind) {
    case 'number': {
      const range = rangeOf(parameter, standard, ratedPowerW);
      const unit = texts.unit(parameter.unit);
      return (
        <Form.Item
          {...common}
          extra={
            readOnly
              ? t('control.field.reported')
              : t('control.field.range', {
                  min: texts.number(range.min, parameter.decimals),
                  max: texts.number(range.max, parameter.decimals),
                  unit,
                })
          }
        >
          <InputNumber<number>
            className="control-number"
            suffix={unit || undefined}
            step={10 ** -parameter.decimals}
            formatter={asTyped}
            readOnly={readOnly}
            controls={!readOnly}
            data-testid={testId}
          />
        </Form.Item>
      );
    }
    case 'choice':
      if (readOnly)
        return (
          <Form.Item
            {...common}
            getValueProps={(value) => ({ value: value == null ? '' : texts.choice(name, value) })}
          >
            <Input readOnly data-testid={testId} />
          </Form.Item>
        );
      return (
        <Form.Item {...common}>
          <Select
            options={parameter.options.map((option) => ({
              value: option,
              label: texts.choice(name, option),
            }))}
            popupMatchSelectWidth={false}
            data-testid={testId}
          />
        </Form.Item>
      );
    case 'switch':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch disabled={readOnly ? true : undefined} data-testid={testId} />
        </Form.Item>
      );
    case 'time':
      return (
        <Form.Item {...common} normalize={(value: string) => typedTime(value)}>
          <Input
            className="control-time"
            inputMode="numeric"
            placeholder={t('control.field.timePlaceholder')}
            maxLength={5}
            autoComplete="off"
            data-testid={testId}
          />
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item {...common}>
          <Input readOnly={readOnly} maxLength={parameter.maxLength} data-testid={testId} />
        </Form.Item>
      );
  }
}
