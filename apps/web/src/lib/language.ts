import type { Language } from '@helio/contracts';
import type { Locale } from 'antd/es/locale';
import { useSyncExternalStore } from 'react';
import { activateLanguage, loadLanguage } from './i18n.ts';
import { readLanguage, saveLanguage } from './session.ts';

export interface LanguageState {
  language: Language;
  /** antd's texts for the same language, for the ConfigProvider. */
  antdLocale: Locale | undefined;
}

let state: LanguageState = { language: readLanguage(localStorage), antdLocale: undefined };
const listeners = new Set<() => void>();
let latestRequest = 0;

function publish(next: LanguageState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Loads the stored language (curLang, English by default) before the first render. */
export async function startLanguage(): Promise<void> {
  const { language } = state;
  const antdLocale = await loadLanguage(language);
  await activateLanguage(language);
  publish({ language, antdLocale });
}

/**
 * Switches the interface language and remembers it in curLang. When the user picks twice in
 * quick succession, the last pick wins even if the first one's files arrive later.
 */
export async function changeLanguage(language: Language): Promise<void> {
  const request = ++latestRequest;
  const antdLocale = await loadLanguage(language);
  if (request !== latestRequest) return;
  await activateLanguage(language);
  saveLanguage(localStorage, language);
  publish({ language, antdLocale });
}

/**
 * Shows a language without remembering it in curLang: the fleet dashboard follows its link's
 * language, which must not change the portal's language in the user's other tabs.
 */
export async function showLanguage(language: Language): Promise<void> {
  if (state.language === language && state.antdLocale) return;
  const request = ++latestRequest;
  const antdLocale = await loadLanguage(language);
  if (request !== latestRequest) return;
  await activateLanguage(language);
  publish({ language, antdLocale });
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLanguage(): LanguageState {
  return useSyncExternalStore(subscribeLanguage, () => state);
}
