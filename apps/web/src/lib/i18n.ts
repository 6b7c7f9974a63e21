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

/**
 * Parts of the `translation` texts that the first screen does without, downloaded with the code
 * that shows them (src/locales/<part>/<language>.json): `accounts` for the user dialogs, password
 * recovery and user management, `devices`, `control` (a device's Settings and Log tabs), `stations`, `alarms` (alarm list, abnormal reports, the
 * alarms of a device or station), `messages` (messages, authorization requests, operation log,
 * notification settings), `statistics` (the fleet dashboard), `firmware` (the firmware catalogue and
 * upgrade tasks), `ems5000` (the EMS 5000 console) and `charging` (a station's wallbox plans,
 * remote control and charging records). Once a part is loaded, a language
 * switch loads it too.
 */
const textParts = {
  accounts: {
    en: () => import('../locales/accounts/en.json'),
    'zh-CN': () => import('../locales/accounts/zh-CN.json'),
    pl: () => import('../locales/accounts/pl.json'),
    cs: () => import('../locales/accounts/cs.json'),
    it: () => import('../locales/accounts/it.json'),
  },
  control: {
    en: () => import('../locales/control/en.json'),
    'zh-CN': () => import('../locales/control/zh-CN.json'),
    pl: () => import('../locales/control/pl.json'),
    cs: () => import('../locales/control/cs.json'),
    it: () => import('../locales/control/it.json'),
  },
  firmware: {
    en: () => import('../locales/firmware/en.json'),
    'zh-CN': () => import('../locales/firmware/zh-CN.json'),
    pl: () => import('../locales/firmware/pl.json'),
    cs: () => import('../locales/firmware/cs.json'),
    it: () => import('../locales/firmware/it.json'),
  },
  devices: {
    en: () => import('../locales/devices/en.json'),
    'zh-CN': () => import('../locales/devices/zh-CN.json'),
    pl: () => import('../locales/devices/pl.json'),
    cs: () => import('../locales/devices/cs.json'),
    it: () => import('../locales/devices/it.json'),
  },
  stations: {
    en: () => import('../locales/stations/en.json'),
    'zh-CN': () => import('../locales/stations/zh-CN.json'),
    pl: () => import('../locales/stations/pl.json'),
    cs: () => import('../locales/stations/cs.json'),
    it: () => import('../locales/stations/it.json'),
  },
  alarms: {
    en: () => import('../locales/alarms/en.json'),
    'zh-CN': () => import('../locales/alarms/zh-CN.json'),
    pl: () => import('../locales/alarms/pl.json'),
    cs: () => import('../locales/alarms/cs.json'),
    it: () => import('../locales/alarms/it.json'),
  },
  messages: {
    en: () => import('../locales/messages/en.json'),
    'zh-CN': () => import('../locales/messages/zh-CN.json'),
    pl: () => import('../locales/messages/pl.json'),
    cs: () => import('../locales/messages/cs.json'),
    it: () => import('../locales/messages/it.json'),
  },
  statistics: {
    en: () => import('../locales/statistics/en.json'),
    'zh-CN': () => import('../locales/statistics/zh-CN.json'),
    pl: () => import('../locales/statistics/pl.json'),
    cs: () => import('../locales/statistics/cs.json'),
    it: () => import('../locales/statistics/it.json'),
  },
  ems5000: {
    en: () => import('../locales/ems5000/en.json'),
    'zh-CN': () => import('../locales/ems5000/zh-CN.json'),
    pl: () => import('../locales/ems5000/pl.json'),
    cs: () => import('../locales/ems5000/cs.json'),
    it: () => import('../locales/ems5000/it.json'),
  },
  strategies: {
    en: () => import('../locales/strategies/en.json'),
    'zh-CN': () => import('../locales/strategies/zh-CN.json'),
    pl: () => import('../locales/strategies/pl.json'),
    cs: () => import('../locales/strategies/cs.json'),
    it: () => import('../locales/strategies/it.json'),
  },
  charging: {
    en: () => import('../locales/charging/en.json'),
    'zh-CN': () => import('../locales/charging/zh-CN.json'),
    pl: () => import('../locales/charging/pl.json'),
    cs: () => import('../locales/charging/cs.json'),
    it: () => import('../locales/charging/it.json'),
  },
  tariffs: {
    en: () => import('../locales/tariffs/en.json'),
    'zh-CN': () => import('../locales/tariffs/zh-CN.json'),
    pl: () => import('../locales/tariffs/pl.json'),
    cs: () => import('../locales/tariffs/cs.json'),
    it: () => import('../locales/tariffs/it.json'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: Texts }>>>;

export type TextPart = keyof typeof textParts;

const partsInUse = new Set<TextPart>();
const partsLoaded = new Set<string>();

async function loadPart(part: TextPart, language: Language): Promise<void> {
  const id = `${part}:${language}`;
  if (partsLoaded.has(id)) return;
  const texts = await textParts[part][language]();
  i18n.addResourceBundle(language, 'translation', texts.default, true, true);
  partsLoaded.add(id);
}

/** Loads a part of the texts in the language shown (and from now on in every language switched to). */
export function loadTextPart(part: TextPart): Promise<void> {
  partsInUse.add(part);
  return loadPart(part, i18n.language as Language);
}

/** `import()` of a lazily loaded component together with the texts it shows (one part or several). */
export function withTexts<M>(part: TextPart | readonly TextPart[], load: () => Promise<M>): () => Promise<M> {
  const parts: readonly TextPart[] = typeof part === 'string' ? [part] : part;
  return () => Promise.all([load(), ...parts.map(loadTextPart)]).then(([module]) => module);
}

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
  await Promise.all([...partsInUse].map((part) => loadPart(part, language)));
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
  // A part first asked for while this language was loading.
  await Promise.all([...partsInUse].map((part) => loadPart(part, language)));
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
