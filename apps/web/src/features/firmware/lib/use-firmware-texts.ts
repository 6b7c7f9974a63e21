import type {
  DeviceType,
  UpgradePauseReason,
  UpgradeRowState,
  UpgradeStatus,
  UpgradeTaskRow,
  UpgradeTaskState,
} from '@helio/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { byteSize } from './task-view.ts';

/**
 * How the firmware screens say statuses, states, sizes and times in the interface language. The
 * SPEC §4 statuses and the rows' states are the upgrade records' words (locales/control, shared
 * with a device's Settings tab); the rest is locales/firmware.
 */
export function useFirmwareTexts() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
    return {
      language,
      status: (status: UpgradeStatus) => t(`control.upgrades.statusName.${status}`),
      rowState: (state: UpgradeRowState) => t(`control.upgrades.state.${state}`),
      taskState: (state: UpgradeTaskState) => t(`firmware.taskState.${state}`),
      pauseReason: (reason: UpgradePauseReason) => t(`firmware.pauseReason.${reason}`),
      waitingFor: (reason: NonNullable<UpgradeTaskRow['waiting_for']>) => t(`firmware.waitingFor.${reason}`),
      deviceType: (type: DeviceType) => t(`devices.type.${type}`),
      bytes: (bytes: number) => byteSize(bytes, language),
      /** A time in the browser's zone: tasks and files span stations of several zones. */
      time: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—'),
      number: (value: number) => new Intl.NumberFormat(language).format(value),
      /** A validation key (contracts validation/keys.ts) in the interface language. */
      issue: (key: string) => {
        const options = { ns: 'validation', keySeparator: false, maximum: 1000 } as const;
        return i18n.exists(key, options) ? t(key, options) : t('validation.invalidValue', options);
      },
    };
  }, [t, i18n, language]);
}

export type FirmwareTexts = ReturnType<typeof useFirmwareTexts>;
