import { type TemplateItem, templateFieldsOf } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { daySlotsOf, kindUses, templateValues } from '../lib/template-form.ts';
import { useStrategyTexts } from '../lib/use-strategy-texts.ts';
import { DaySlotBar } from './day-slot-bar.tsx';

/**
 * What a template does, in a line and, for the kinds with slots, on the 24-hour bar: its SOC window,
 * its grid limit or manual power, its cycle.
 */
export function TemplateSummary({ item }: { item: TemplateItem }) {
  const { t } = useTranslation();
  const texts = useStrategyTexts();
  const fields = templateFieldsOf(item);
  const kind = item.kind;
  const parts = [
    t('strategies.summary.soc', {
      min: texts.percent(fields.min_soc_pct),
      max: texts.percent(fields.max_soc_pct),
    }),
    kindUses(kind, 'max_grid_w') && fields.max_grid_w != null
      ? t('strategies.summary.gridLimit', { power: texts.power(fields.max_grid_w) })
      : null,
    kindUses(kind, 'manual_power_w') && fields.manual_power_w != null
      ? t('strategies.summary.manual', { power: texts.power(fields.manual_power_w) })
      : null,
    kindUses(kind, 'grid_charge') && fields.grid_charge ? t('strategies.summary.gridCharge') : null,
    kindUses(kind, 'days') ? texts.days(fields.days) : null,
  ].filter(Boolean);
  const hasSlots = kindUses(kind, 'charge_slots');
  return (
    <div className="strategy-summary">
      <span>{parts.join(' · ')}</span>
      {hasSlots && (
        <DaySlotBar
          slots={daySlotsOf(templateValues(item), kind, texts.slotDetail)}
          caption={t('strategies.bar.captionOf', { name: item.name })}
          testId={`strategy-template-bar-${item.template_id}`}
        />
      )}
    </div>
  );
}
