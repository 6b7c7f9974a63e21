/** The five interface languages of SPEC.md §1; English is the default. */
export const languages = ['en', 'zh-CN', 'pl', 'cs', 'it'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Each language's own name, as shown in the language selector. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  pl: 'Polski',
  cs: 'Čeština',
  it: 'Italiano',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Mail language of the password-reset calls (SPEC.md §3): 0 is Chinese, anything else English.
 */
export function mailLanguage(code: number): Language {
  return code === 0 ? 'zh-CN' : 'en';
}

/** One dynamic import per language, so bundlers emit one chunk per language. */
export type LanguageImporters<T> = Record<Language, () => Promise<{ default: T }>>;

/** Loads one language's texts through its importer; a client downloads only the language it shows. */
export async function loadForLanguage<T>(importers: LanguageImporters<T>, language: Language): Promise<T> {
  return (await importers[language]()).default;
}
