import type { DeviceType } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import {
  fieldCluster,
  fieldLabelKey,
  fieldPart,
  isPileState,
  numberText,
  type ReadingGroupId,
  stateTextKey,
  valueKind,
} from './reading-fields.ts';

/** The texts of a reading's fields, values and groups, in the interface language. */
export function useReadingTexts() {
  const { t, i18n } = useTranslation();

  /**
   * A field's label, a BMS cluster's naming its cluster ("Cluster 2 · SOC"); with `withPart`, an
   * EMS 5000 field names its part too ("BMS · SOC").
   */
  const fieldLabel = (field: string, withPart = false): string => {
    const key = fieldLabelKey(field);
    // A field this portal has no text for yet (a newer device) is shown by its name.
    const own = i18n.exists(key) ? t(key) : field;
    const cluster = fieldCluster(field);
    const label =
      cluster !== undefined && own !== field
        ? `${t('devices.reading.cluster', { number: cluster })} · ${own}`
        : own;
    const part = fieldPart(field);
    return withPart && part && own !== field ? `${t(`devices.reading.group.${part}`)} · ${label}` : label;
  };

  /**
   * A value as text with its unit; working states by their names (an EMS 5000's parts and system
   * by their own sets: `type` says whether a bare `state` is the EMS's), pile states, running
   * modes, a wallbox's plan mode and how its session started by theirs, a remote stop as on or off.
   */
  const valueText = (field: string, value: number | string | null | undefined, type?: DeviceType): string => {
    const kind = valueKind(field);
    if (kind === 'state' && typeof value === 'number') {
      const key = stateTextKey(type, field, value);
      return key ? t(key) : t('devices.reading.unknownState', { value });
    }
    if (kind === 'pileState' && isPileState(value)) return t(`devices.reading.pileState.${value}`);
    if (kind === 'mode' && typeof value === 'string') {
      const key = `devices.reading.mode.${value}`;
      return i18n.exists(key) ? t(key) : value;
    }
    if ((kind === 'chargingMode' || kind === 'sessionStart') && typeof value === 'string') {
      const key = `devices.reading.${kind}.${value}`;
      return i18n.exists(key) ? t(key) : value;
    }
    if (kind === 'flag' && typeof value === 'number')
      return t(`devices.reading.flag.${value ? 'on' : 'off'}`);
    if (typeof value === 'string') return value;
    return numberText(kind, value);
  };

  const groupLabel = (id: ReadingGroupId): string => t(`devices.reading.group.${id}`);

  return { fieldLabel, valueText, groupLabel, language: i18n.language };
}
