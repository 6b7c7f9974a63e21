import { isLanguage, type Language } from '@helio/contracts';
import type { FaultText } from '@helio/contracts/fault-texts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { faultText } from '../lib/fault-texts.ts';

/** A fault's texts; `loading` while the language's texts are on their way, undefined for an unknown key. */
export type FaultTextLookup = (key: string | null) => FaultText | 'loading' | undefined;

/**
 * The fault catalogue's texts in the interface language, downloaded once per language (English is
 * bundled with the screens that show alarms, the others are chunks of their own), as a lookup by
 * fault key. The portal's own fault and unknown keys are answered at once.
 */
export function useFaultTexts(): FaultTextLookup {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const texts = useQuery({
    queryKey: ['fault-texts', language],
    queryFn: async () => (await import('@helio/contracts/fault-texts')).loadFaultTexts(language),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const data = texts.data;
  return useCallback(
    (key: string | null) => {
      const found = faultText(data, key, language);
      // A catalogue key not found yet may be one the texts still coming hold.
      return found ?? (key !== null && data === undefined ? 'loading' : undefined);
    },
    [data, language],
  );
}
