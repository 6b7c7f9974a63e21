import { COMMUNICATION_LOST_KEY, communicationLostTexts, type Language } from '@helio/contracts';
import type { FaultKey, FaultText, FaultTexts } from '@helio/contracts/fault-texts';

/**
 * What an alarm's fault is called and what it means, in the interface language: the device
 * catalogue's texts (`@helio/contracts/fault-texts`), the portal's own "communication lost", or
 * nothing for a code the catalogue does not know (a firmware newer than the portal): then the
 * screens name it by its code.
 */
export function faultText(
  texts: FaultTexts | undefined,
  key: string | null,
  language: Language,
): FaultText | undefined {
  if (key === null) return undefined;
  if (key === COMMUNICATION_LOST_KEY) return communicationLostTexts[language];
  return texts?.[key as FaultKey];
}
