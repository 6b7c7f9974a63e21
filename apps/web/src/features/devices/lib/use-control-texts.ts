import {
  type CommandItem,
  type CommandStateName,
  gridStandardOf,
  type NumberParameter,
} from '@helio/contracts';
import type { CommandName } from '@helio/contracts/device-link';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './zoned-time.ts';

/** Choices written as a number with a unit rather than translated. */
const unitChoices: Record<string, string> = { output_voltage_v: 'V', output_frequency_hz: 'Hz' };

/**
 * How the Settings tab names parameters, their units and choices, and writes numbers, in the
 * interface language (texts in src/locales/control).
 */
export function useSettingTexts() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      label: (name: string) => t(`control.parameter.${name}`),
      unit: (unit: NumberParameter['unit']) => unit,
      number: (value: number, decimals: number) =>
        new Intl.NumberFormat(language, { maximumFractionDigits: decimals, useGrouping: false }).format(
          value,
        ),
      choice: (name: string, option: string): string => {
        if (name === 'grid_standard') return gridStandardOf(option)?.name ?? option;
        if (name === 'report_interval_s') {
          const seconds = Number(option);
          return seconds % 60 === 0
            ? formatDuration({ value: seconds / 60, unit: 'minute' }, language)
            : formatDuration({ value: seconds, unit: 'second' }, language);
        }
        const unit = unitChoices[name];
        if (unit) return `${option} ${unit}`;
        return t(`control.choice.${name}.${option}`);
      },
    }),
    [t, language],
  );
}

/** How commands are named and their states and failures said (the Settings and Log tabs). */
export function useCommandTexts() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      name: (name: CommandName) => t(`control.command.name.${name}`),
      stateName: (state: CommandStateName) => t(`control.command.stateName.${state}`),
      /** Why a command failed or expired: the portal's name for it, then the device's own words. */
      reason: (item: Pick<CommandItem, 'state' | 'error' | 'message'>): string => {
        if (item.state === 'expired') return t('control.command.expiredReason');
        const parts = [item.error ? t(`control.command.error.${item.error}`) : null, item.message];
        return parts.filter((part): part is string => !!part).join(' ') || t('control.command.noReason');
      },
      lost: t('control.command.lost'),
    }),
    [t],
  );
}
