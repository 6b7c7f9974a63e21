import type { Language, SlotKind, TemplateFields, TemplateKind } from '@helio/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** ISO weekdays, Monday first. */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** 2024-01-01 was a Monday: day `n` of that week names ISO weekday `n`. */
const weekdayDate = (isoDay: number) => new Date(Date.UTC(2024, 0, isoDay, 12));

/**
 * How the strategy screens name kinds, priorities, weekdays, powers and SOC targets, and say a
 * validation key, in the interface language (texts in src/locales/strategies).
 */
export function useStrategyTexts() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return useMemo(() => {
    const weekday = (isoDay: number, width: 'short' | 'long') =>
      new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(weekdayDate(isoDay));
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const power = (watts: number) =>
      Math.abs(watts) >= 1000 ? `${number.format(watts / 1000)} kW` : `${number.format(watts)} W`;
    return {
      language,
      kind: (kind: TemplateKind) => t(`strategies.kind.${kind}`),
      priority: (priority: TemplateFields['priority']) => t(`strategies.priority.${priority}`),
      weekday,
      /** The cycle in words: "every day", else the days' short names. */
      days: (days: readonly number[]) =>
        days.length === 7
          ? t('strategies.days.every')
          : [...days]
              .sort()
              .map((day) => weekday(day, 'short'))
              .join(', '),
      power,
      percent: (value: number) => `${number.format(value)} %`,
      /** What a slot does besides its times: its SOC target and its power. */
      slotDetail: (kind: SlotKind, slot: { power_w?: number | null; soc_pct?: number | null }) =>
        [
          slot.soc_pct == null
            ? null
            : t(`strategies.slot.target.${kind}`, { soc: number.format(slot.soc_pct) }),
          slot.power_w == null ? null : power(slot.power_w),
        ]
          .filter(Boolean)
          .join(', ') || undefined,
      /** A validation key (contracts validation/keys.ts) in the interface language. */
      issue: (key: string, params?: Record<string, unknown>) => {
        const options = { ns: 'validation', keySeparator: false, ...params } as const;
        return i18n.exists(key, options) ? t(key, options) : t('validation.invalidValue', options);
      },
    };
  }, [t, i18n, language]);
}

export type StrategyTexts = ReturnType<typeof useStrategyTexts>;
