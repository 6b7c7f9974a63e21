import { type ChargingMode, chargingLimits, chargingModes, phaseModes } from '@helio/contracts';
import { Form, InputNumber, Radio, type RadioChangeEvent } from 'antd';
import { type Ref, useId, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChargingTexts } from '../lib/use-charging-texts.ts';
import type { PlanFieldsForm } from './use-plan-form.ts';

interface ModeChoiceProps {
  /** The form item's id: a refusal scrolls to it. */
  id?: string;
  value?: ChargingMode;
  onChange?: (mode: ChargingMode) => void;
  hasTariff: boolean;
  labelledBy: string;
  describedBy?: string;
  ref?: Ref<{ focus: () => void }>;
}

/**
 * The modes as radios, each with its one-line explanation; off-peak without the station's tariff
 * is disabled and says why. Focused (a refusal of the plan's check) on the mode chosen.
 */
function ModeChoice({ id, value, onChange, hasTariff, labelledBy, describedBy, ref }: ModeChoiceProps) {
  const texts = useChargingTexts();
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({
    focus: () =>
      (
        group.current?.querySelector<HTMLInputElement>('input:checked') ??
        group.current?.querySelector<HTMLInputElement>('input:not(:disabled)')
      )?.focus(),
  }));
  return (
    <Radio.Group
      ref={group}
      id={id}
      value={value}
      onChange={(event: RadioChangeEvent) => onChange?.(event.target.value as ChargingMode)}
      className="charging-modes"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid="charging-mode"
    >
      {chargingModes.map((mode) => {
        const disabled = mode === 'off_peak' && !hasTariff;
        return (
          <Radio key={mode} value={mode} disabled={disabled} data-testid={`charging-mode-${mode}`}>
            <span className="charging-mode-name">{texts.mode(mode)}</span>
            <span className="charging-mode-help">
              {disabled ? t('charging.form.offPeakNeedsTariff') : texts.modeHelp(mode)}
            </span>
          </Radio>
        );
      })}
    </Radio.Group>
  );
}

/**
 * The plan's mode and how the charger may draw: the current range per phase (6–32 A), one, three
 * or automatic phases, and the car's capacity (which a SOC target needs).
 */
export function PlanFields({ form, hasTariff }: { form: PlanFieldsForm; hasTariff: boolean }) {
  const { t } = useTranslation();
  const texts = useChargingTexts();
  const id = useId();
  const current = { min: chargingLimits.minCurrentA, max: chargingLimits.maxCurrentA, step: 1, precision: 0 };
  return (
    <>
      <fieldset className="charging-fieldset">
        <legend id={`${id}-mode`}>{t('charging.form.mode')}</legend>
        <Form.Item name="mode" rules={[form.rule('mode')]}>
          <ModeChoice hasTariff={hasTariff} labelledBy={`${id}-mode`} />
        </Form.Item>
      </fieldset>
      <div className="charging-field-row">
        <Form.Item
          name="min_current_a"
          label={t('charging.form.minCurrent')}
          rules={[form.rule('min_current_a')]}
        >
          <InputNumber<number> {...current} suffix="A" data-testid="charging-min-current" />
        </Form.Item>
        <Form.Item
          name="max_current_a"
          label={t('charging.form.maxCurrent')}
          rules={[form.rule('max_current_a')]}
        >
          <InputNumber<number> {...current} suffix="A" data-testid="charging-max-current" />
        </Form.Item>
        <Form.Item
          name="car_capacity_kwh"
          label={t('charging.form.capacity')}
          extra={t('charging.form.capacityHint')}
          rules={[form.rule('car_capacity_kwh')]}
        >
          <InputNumber<number>
            min={chargingLimits.minCapacityKwh}
            max={chargingLimits.maxCapacityKwh}
            step={1}
            suffix="kWh"
            data-testid="charging-capacity"
          />
        </Form.Item>
      </div>
      <fieldset className="charging-fieldset">
        <legend id={`${id}-phases`}>{t('charging.form.phases')}</legend>
        <Form.Item name="phases" rules={[form.rule('phases')]}>
          <Radio.Group optionType="button" aria-labelledby={`${id}-phases`}>
            {phaseModes.map((phases) => (
              <Radio.Button key={phases} value={phases} data-testid={`charging-phases-${phases}`}>
                {texts.phases(phases)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </fieldset>
    </>
  );
}
