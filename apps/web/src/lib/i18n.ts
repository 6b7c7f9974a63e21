/// <reference types="dayjs/locale" />
import type { Language } from '@helio/contracts';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadCatalogueMessages, loadValidationMessages } from './catalogues.ts';

/**
 * i18next namespaces: `translation` holds the web app's own texts (src/locales), `errors` the
 * error catalogue and `validation` the validation messages, both from `@helio/contracts`.
 */
export const i18n = i18next.createInstance();

type Texts = Record<string, unknown>;

const appTexts: Record<Language, () => Promise<{ default: Texts }>> = {
  en: () => import('../locales/en.json'),
  'zh-CN': () => import('../locales/zh-CN.json'),
  pl: () => import('../locales/pl.json'),
  cs: () => import('../locales/cs.json'),
  it: () => import('../locales/it.json'),
};

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  pl: () => import('antd/es/locale/pl_PL'),
  cs: () => import('antd/es/locale/cs_CZ'),
  it: () => import('antd/es/locale/it_IT'),
};

let dayjsUsed = false;

/** dayjs locale names; English is built in. */
const dayjsLocales: Record<Language, { name: string; load?: () => Promise<unknown> }> = {
  en: { name: 'en' },
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  pl: { name: 'pl', load: () => import('dayjs/locale/pl') },
  cs: { name: 'cs', load: () => import('dayjs/locale/cs') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
};

/**
 * Downloads everything one language needs (texts, catalogues, antd and dayjs locales) in
 * parallel and hands its texts to i18next; answers antd's locale for the ConfigProvider.
 * Nothing changes on screen until `activateLanguage`.
 */
export async function loadLanguage(language: Language): Promise<Locale> {
  const [texts, errors, validation, antdLocale] = await Promise.all([
    appTexts[language](),
    loadCatalogueMessages(language),
    loadValidationMessages(language),
    antdLocales[language](),
    dayjsLocales[language].load?.(),
  ]);
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      // Every language carries every key (checked by test/locales.test.ts): no fallback downloads.
      fallbackLng: false,
      ns: ['translation', 'errors', 'validation'],
      defaultNS: 'translation',
      resources: {},
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  i18n.addResourceBundle(language, 'translation', texts.default, true, true);
  i18n.addResourceBundle(language, 'errors', errors, true, true);
  i18n.addResourceBundle(language, 'validation', validation, true, true);
  return antdLocale.default;
}

/**
 * Shows a loaded language: i18next, dayjs and `<html lang>` follow it. dayjs starts in English,
 * so English alone does not download it (the login page needs no dates).
 */
export async function activateLanguage(language: Language): Promise<void> {
  const { name, load } = dayjsLocales[language];
  if (load || dayjsUsed) {
    dayjsUsed = true;
    const { default: dayjs } = await import('dayjs');
    dayjs.locale(name);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
