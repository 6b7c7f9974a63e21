import { useTranslation } from 'react-i18next';
import {
  fieldLabelKey,
  fieldPart,
  isPileState,
  numberText,
  partStateName,
  type ReadingGroupId,
  valueKind,
} from './reading-fields.ts';

/** The texts of a reading's fields, values and groups, in the interface language. */
export function useReadingTexts() {
  const { t, i18n } = useTranslation();

  /** A field's label; with `withPart`, an EMS 5000 field names its part too ("BMS · SOC"). */
  const fieldLabel = (field: string, withPart = false): string => {
    const key = fieldLabelKey(field);
    // A field this portal has no text for yet (a newer device) is shown by its name.
    const label = i18n.exists(key) ? t(key) : field;
    const part = fieldPart(field);
    return withPart && part && label !== field ? `${t(`devices.reading.group.${part}`)} · ${label}` : label;
  };

  /** A value as text with its unit; working states and pile states by their names. */
  const valueText = (field: string, value: number | string | null | undefined): string => {
    const kind = valueKind(field);
    if (kind === 'state' && typeof value === 'number') {
      const name = partStateName(value);
      return name ? t(`devices.reading.partState.${name}`) : t('devices.reading.unknownState', { value });
    }
    if (kind === 'pileState' && isPileState(value)) return t(`devices.reading.pileState.${value}`);
    if (typeof value === 'string') return value;
    return numberText(kind, value);
  };

  const groupLabel = (id: ReadingGroupId): string => t(`devices.reading.group.${id}`);

  return { fieldLabel, valueText, groupLabel, language: i18n.language };
}
