import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { addDays, chargingLimits, localDate } from '@helio/contracts';
import { Button, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusSoon } from '../../../hooks/use-focus-return.ts';
import { typedTime } from '../../devices/index.ts';
import { weekdayName } from '../../stations/index.ts';
import { type AmountKind, newWeekly, quickChoices } from '../lib/plan-form.ts';
import type { PlanFieldsForm } from './use-plan-form.ts';

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** A departure time typed as HH:mm (the colon comes by itself). */
function TimeInput(props: React.ComponentProps<typeof Input>) {
  return (
    <Input
      inputMode="numeric"
      placeholder="HH:mm"
      maxLength={5}
      autoComplete="off"
      className="charging-time"
      {...props}
    />
  );
}

interface AmountFieldsProps {
  form: PlanFieldsForm;
  /** The form's name path of the target (`['weekly', 0]` inside its list: `[0]`), and its dotted field. */
  name: (string | number)[];
  path: (string | number)[];
  testId: string;
}

/** What a target asks: an energy (kWh) or the car's SOC (%), one of the two. */
function AmountFields({ form, name, path, testId }: AmountFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const at = path.join('.');
  const amount = Form.useWatch([...path, 'amount'], { form: form.form, preserve: true }) as
    | AmountKind
    | undefined;
  return (
    <div className="charging-amount">
      <fieldset className="charging-fieldset charging-inline">
        <legend id={`${id}-amount`}>{t('charging.form.amount')}</legend>
        <Form.Item name={[...name, 'amount']}>
          <Radio.Group optionType="button" aria-labelledby={`${id}-amount`}>
            {(['energy', 'soc'] as const).map((kind) => (
              <Radio.Button key={kind} value={kind} data-testid={`${testId}-amount-${kind}`}>
                {t(`charging.form.amountKind.${kind}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </fieldset>
      {amount === 'soc' ? (
        <Form.Item
          name={[...name, 'soc_pct']}
          label={t('charging.form.soc')}
          rules={[form.rule(`${at}.soc_pct`)]}
        >
          <InputNumber<number>
            min={chargingLimits.minSocPct}
            max={chargingLimits.maxSocPct}
            step={5}
            precision={0}
            suffix="%"
            data-testid={`${testId}-soc`}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name={[...name, 'energy_kwh']}
          label={t('charging.form.energy')}
          rules={[form.rule(`${at}.energy_kwh`)]}
        >
          <InputNumber<number>
            min={0.5}
            max={chargingLimits.maxEnergyKwh}
            step={1}
            precision={1}
            suffix="kWh"
            data-testid={`${testId}-energy`}
          />
        </Form.Item>
      )}
    </div>
  );
}

/** The weekly targets: weekdays, a departure time and what the car should have by then. */
export function WeeklyTargets({ form }: { form: PlanFieldsForm }) {
  const { t, i18n } = useTranslation();
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <Form.List name="weekly">
      {(targets, { add, remove }) => (
        <div className="charging-targets-edit" data-testid="charging-weekly">
          {targets.map((target, index) => {
            const title = t('charging.form.weeklyTitle', { index: index + 1 });
            const testId = `charging-weekly-${index}`;
            return (
              <fieldset key={target.key} className="charging-target" data-testid={testId}>
                <legend>{title}</legend>
                <Form.Item
                  name={[target.name, 'days']}
                  label={t('charging.form.days')}
                  rules={[form.rule(`weekly.${index}.days`)]}
                >
                  <Select
                    mode="multiple"
                    options={ALL_DAYS.map((day) => ({ value: day, label: weekdayName(day, i18n.language) }))}
                    optionFilterProp="label"
                    data-testid={`${testId}-days`}
                  />
                </Form.Item>
                <Form.Item
                  name={[target.name, 'departure']}
                  label={t('charging.form.departure')}
                  normalize={(value: string) => typedTime(value)}
                  rules={[form.rule(`weekly.${index}.departure`)]}
                >
                  <TimeInput data-testid={`${testId}-departure`} />
                </Form.Item>
                <AmountFields form={form} name={[target.name]} path={['weekly', index]} testId={testId} />
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  onClick={() => {
                    remove(target.name);
                    focusSoon(addRef.current);
                  }}
                  aria-label={t('charging.form.removeWeekly', { target: title })}
                  title={t('charging.form.removeWeekly', { target: title })}
                  data-testid={`${testId}-remove`}
                />
              </fieldset>
            );
          })}
          <Button
            ref={addRef}
            icon={<PlusOutlined aria-hidden />}
            disabled={targets.length >= chargingLimits.weeklyTargets}
            onClick={() => {
              add(newWeekly());
              // the new target's energy takes the focus: the one thing it still needs
              requestAnimationFrame(() => {
                const field = form.form.getFieldInstance(['weekly', targets.length, 'energy_kwh']) as
                  | { focus?: () => void }
                  | undefined;
                field?.focus?.();
              });
            }}
            data-testid="charging-weekly-add"
          >
            {t('charging.form.addWeekly')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** A one-off target that wins until it departs: quick choices, or a date and time in the station's zone. */
export function OverrideTarget({ form, zone }: { form: PlanFieldsForm; zone: string }) {
  const { t } = useTranslation();
  const on = Form.useWatch('use_override', { form: form.form, preserve: true }) as boolean | undefined;
  const nowMs = Date.now();
  const today = localDate(nowMs, zone);
  return (
    <div className="charging-override" data-testid="charging-override">
      <Form.Item name="use_override" valuePropName="checked" label={t('charging.form.override')}>
        <Switch data-testid="charging-override-on" />
      </Form.Item>
      {on && (
        <fieldset className="charging-target">
          <legend>{t('charging.form.overrideTitle')}</legend>
          <fieldset className="charging-quick">
            <legend className="charging-muted">{t('charging.form.quick')}</legend>
            {quickChoices(zone, nowMs).map((choice) => (
              <Button
                key={choice.key}
                size="small"
                onClick={() => {
                  const { key: _key, ...values } = choice;
                  form.form.setFieldsValue({ override: values });
                  form.recheck();
                }}
                data-testid={`charging-quick-${choice.key}`}
              >
                {t(`charging.form.quickChoice.${choice.key}`, { time: choice.time })}
              </Button>
            ))}
          </fieldset>
          <div className="charging-field-row">
            <Form.Item
              name={['override', 'date']}
              label={t('charging.form.date')}
              rules={[form.rule('override.date')]}
            >
              <Input
                type="date"
                min={today}
                max={addDays(today, 7)}
                className="charging-date"
                data-testid="charging-override-date"
              />
            </Form.Item>
            <Form.Item
              name={['override', 'time']}
              label={t('charging.form.time')}
              normalize={(value: string) => typedTime(value)}
              rules={[form.rule('override.time')]}
            >
              <TimeInput data-testid="charging-override-time" />
            </Form.Item>
          </div>
          <AmountFields form={form} name={['override']} path={['override']} testId="charging-override" />
          <p className="charging-muted">{t('charging.form.zone', { zone })}</p>
        </fieldset>
      )}
    </div>
  );
}
