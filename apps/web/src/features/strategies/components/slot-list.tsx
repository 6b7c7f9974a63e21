import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type SlotKind, templateSlotMax } from '@helio/contracts';
import { Button, Form, Input, InputNumber } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusSoon } from '../../../hooks/use-focus-return.ts';
import { typedTime } from '../../devices/index.ts';
import type { TemplateForm } from '../hooks/use-template-form.ts';
import { emptySlot, slotListName } from '../lib/template-form.ts';

/** A slot's two times, each typed as HH:mm in the same kind of field. */
const slotEnds = ['start', 'end'] as const;

export interface SlotListProps {
  kind: SlotKind;
  form: TemplateForm;
  /** The slot's power is the fixed power it holds (TOU fixed power), not a cap: required. */
  fixedPower: boolean;
  disabled?: boolean;
}

/**
 * One direction's timed slots (at most three, SPEC.md §9): each its own group named "Charge slot
 * 2", its start and end typed as HH:mm, its SOC target and power; added and removed by buttons that
 * say which slot. Each field's problem is the template check's (`templateIssues`).
 */
export function SlotList({ kind, form, fixedPower, disabled }: SlotListProps) {
  const { t } = useTranslation();
  const list = slotListName(kind);
  const kindName = t(`strategies.bar.kind.${kind}`);
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <Form.List name={list} rules={[form.rule(list)]}>
      {(slots, { add, remove }, { errors }) => (
        <fieldset className="strategy-fieldset" data-testid={`strategy-slots-${kind}`}>
          <legend>{t(`strategies.editor.slots.${kind}`)}</legend>
          {slots.length === 0 && (
            <p className="strategy-help" data-testid={`strategy-slots-${kind}-none`}>
              {t('strategies.editor.slots.none')}
            </p>
          )}
          {slots.map((slot, index) => {
            const at = `${list}.${index}`;
            const name = t('strategies.editor.slots.name', { kind: kindName, index: index + 1 });
            return (
              <fieldset
                key={slot.key}
                className="strategy-slot"
                data-testid={`strategy-slot-${kind}-${index}`}
              >
                <legend className="strategy-slot-legend">{name}</legend>
                {slotEnds.map((end) => (
                  <Form.Item
                    key={end}
                    name={[slot.name, end]}
                    label={t(`strategies.editor.slots.${end}`)}
                    rules={[form.rule(`${at}.${end}`)]}
                    normalize={(value: string) => typedTime(value)}
                  >
                    <Input
                      className="strategy-time"
                      inputMode="numeric"
                      placeholder={t('strategies.editor.timePlaceholder')}
                      maxLength={5}
                      autoComplete="off"
                      data-testid={`strategy-slot-${kind}-${index}-${end}`}
                    />
                  </Form.Item>
                ))}
                <Form.Item
                  name={[slot.name, 'soc_pct']}
                  label={t(`strategies.editor.slots.soc.${kind}`)}
                  rules={[form.rule(`${at}.soc_pct`)]}
                >
                  <InputNumber<number>
                    suffix="%"
                    className="strategy-number"
                    data-testid={`strategy-slot-${kind}-${index}-soc`}
                  />
                </Form.Item>
                <Form.Item
                  name={[slot.name, 'power_w']}
                  label={t(
                    fixedPower ? 'strategies.editor.slots.powerFixed' : 'strategies.editor.slots.powerCap',
                  )}
                  rules={[form.rule(`${at}.power_w`)]}
                  required={fixedPower}
                >
                  <InputNumber<number>
                    suffix="W"
                    className="strategy-number"
                    data-testid={`strategy-slot-${kind}-${index}-power`}
                  />
                </Form.Item>
                {!disabled && (
                  <Button
                    className="strategy-slot-remove"
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => {
                      remove(slot.name);
                      // the button has gone with its slot: the list's add button takes the focus
                      focusSoon(addRef.current);
                    }}
                    aria-label={t('strategies.editor.slots.remove', { slot: name })}
                    title={t('strategies.editor.slots.remove', { slot: name })}
                    data-testid={`strategy-slot-${kind}-${index}-remove`}
                  />
                )}
              </fieldset>
            );
          })}
          <Form.ErrorList errors={errors} />
          {!disabled && (
            <div className="strategy-slot-add">
              <Button
                icon={<PlusOutlined aria-hidden />}
                ref={addRef}
                onClick={() => {
                  add(emptySlot());
                  // the new slot's start takes the focus (and the add button may now be disabled)
                  requestAnimationFrame(() => {
                    const field = form.form.getFieldInstance([list, slots.length, 'start']) as
                      | { focus?: () => void }
                      | undefined;
                    field?.focus?.();
                  });
                }}
                disabled={slots.length >= templateSlotMax}
                data-testid={`strategy-slot-${kind}-add`}
              >
                {t('strategies.editor.slots.add', { kind: kindName })}
              </Button>
              <span className="strategy-help" aria-live="polite">
                {slots.length >= templateSlotMax
                  ? t('strategies.editor.slots.full', { max: templateSlotMax })
                  : t('strategies.editor.slots.count', { count: slots.length, max: templateSlotMax })}
              </span>
            </div>
          )}
        </fieldset>
      )}
    </Form.List>
  );
}
