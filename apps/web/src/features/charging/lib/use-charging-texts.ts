import {
  type ChargingMode,
  type ChargingPlan,
  type ChargingWarning,
  localClock,
  localDate,
  type PhaseMode,
  type SessionStart,
} from '@helio/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { energyText, weekdaysText } from '../../stations/index.ts';

/** A target as the plan has it: an energy or a car SOC by a departure. */
interface TargetAmount {
  energy_kwh: number | null;
  soc_pct: number | null;
}

/**
 * How the charging screens say modes, phases, warnings, how a session started, currents and a
 * plan's targets, in the interface language (texts in src/locales/charging).
 */
export function useChargingTexts() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const number = (value: number, digits = 0) =>
      new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
    const amount = (target: TargetAmount) =>
      target.soc_pct !== null
        ? t('charging.target.soc', { soc: number(target.soc_pct) })
        : energyText(target.energy_kwh);
    /** A departure instant as the station's weekday, date and time. */
    const when = (iso: string, zone: string) => {
      const ms = Date.parse(iso);
      try {
        return new Intl.DateTimeFormat(language, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
          timeZone: zone,
        }).format(ms);
      } catch {
        return `${localDate(ms, zone)} ${localClock(ms, zone)}`;
      }
    };
    const texts = {
      mode: (mode: ChargingMode) => t(`charging.mode.${mode}`),
      modeHelp: (mode: ChargingMode) => t(`charging.modeHelp.${mode}`),
      phases: (phases: PhaseMode) => t(`charging.phases.${phases}`),
      warning: (warning: ChargingWarning) => t(`charging.warning.${warning}`),
      start: (start: SessionStart | null) =>
        start ? t(`charging.start.${start}`) : t('charging.start.unknown'),
      current: (amps: number | null | undefined) => (typeof amps === 'number' ? `${number(amps)} A` : '--'),
      amount,
      when,
      weekly: (target: ChargingPlan['weekly'][number]) =>
        t('charging.target.weekly', {
          days: weekdaysText(target.days, language),
          time: target.departure,
          amount: amount(target),
        }),
      override: (target: NonNullable<ChargingPlan['override']>, zone: string) =>
        t('charging.target.override', { when: when(target.departure_at, zone), amount: amount(target) }),
      /** The plan in one sentence: what the confirmation says will be sent. */
      plan: (plan: ChargingPlan, zone: string) => {
        const targets = [
          ...plan.weekly.map((target) => texts.weekly(target)),
          ...(plan.override ? [texts.override(plan.override, zone)] : []),
        ];
        return t('charging.plan.sentence', {
          mode: texts.mode(plan.mode),
          min: texts.current(plan.min_current_a),
          max: texts.current(plan.max_current_a),
          phases: texts.phases(plan.phases),
          targets: targets.length > 0 ? targets.join('; ') : t('charging.plan.noTargets'),
        });
      },
    };
    return texts;
  }, [t, language]);
}

export type ChargingTexts = ReturnType<typeof useChargingTexts>;
