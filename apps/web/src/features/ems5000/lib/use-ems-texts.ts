import { DeviceType, formatPower, type StrategyMode } from '@helio/contracts';
import type { EmsPart, EmsStateSet } from '@helio/contracts/device-link';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadingTexts } from '../../devices/index.ts';
import { type ConsoleTab, type ModeFigure, stateLook } from './console.ts';

/**
 * How the console names its tabs, parts, states, values and modes in the interface language
 * (texts in src/locales/ems5000; states, modes and value labels are the device screens' own,
 * src/locales/devices, so a reading says the same on both; the parameters are named by the
 * Settings tab's texts, src/locales/control, as every parameter of the catalogue is).
 */
export function useEmsTexts() {
  const { t, i18n } = useTranslation();
  const reading = useReadingTexts();
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const power = (watts: number) => {
      const figure = formatPower(watts);
      return `${figure.value} ${figure.unit}`;
    };
    return {
      tab: (tab: ConsoleTab) => t(`ems5000.tab.${tab}`),
      partName: (part: EmsPart) => t(`devices.reading.group.${part}`),
      /** A state of a set by its number, with its colour; a number outside the set says so. */
      state: (set: EmsStateSet, code: number | null) => {
        const look = stateLook(set, code);
        const text =
          code === null
            ? t('ems5000.noState')
            : look.name
              ? t(`devices.reading.emsState.${set}.${look.name}`)
              : t('devices.reading.unknownState', { value: code });
        return { ...look, text };
      },
      mode: (mode: StrategyMode | null) => (mode ? t(`devices.reading.mode.${mode}`) : t('ems5000.noMode')),
      /** A part's value (unprefixed) by its label and its text with the unit (SPEC.md §9). */
      valueLabel: (part: EmsPart, field: string) => reading.fieldLabel(`${part}.${field}`),
      valueText: (part: EmsPart, field: string, value: number | string | null | undefined) =>
        reading.valueText(`${part}.${field}`, value, DeviceType.energyManagementBox),
      power,
      figure: (figure: ModeFigure): string => {
        switch (figure.kind) {
          case 'charge':
          case 'discharge':
          case 'demandLimit':
          case 'importLimit':
            return t(`ems5000.figure.${figure.kind}`, { power: power(figure.power_w) });
          case 'idle':
            return t('ems5000.figure.idle');
          case 'reserve':
            return t('ems5000.figure.reserve', { soc: number.format(figure.soc_pct) });
          case 'slots':
            return t('ems5000.figure.slots', { charge: figure.charge, discharge: figure.discharge });
          case 'socBand':
            return t('ems5000.figure.socBand', {
              min: number.format(figure.min),
              max: number.format(figure.max),
            });
        }
      },
    };
  }, [t, language, reading]);
}
