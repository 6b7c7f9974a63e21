import { defaultLanguage, type Language } from '@helio/contracts';

/**
 * Latin letters that Unicode does not decompose into a base letter and a mark, so NFD alone
 * would leave them in place ("Łódź" must be found with "lodz").
 */
const undecomposed: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

/** Folds a text for comparison: lower case, diacritics removed ("Český" → "cesky"). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøđħıßæœþ]/g, (letter) => undecomposed[letter] ?? letter);
}

/**
 * A predicate for the optional `keyword` of the reference calls: case- and accent-insensitive
 * substring search in any of the given texts. No keyword (or a blank one) accepts everything.
 */
export function keywordMatcher(keyword: string | undefined): (...texts: string[]) => boolean {
  const needle = fold(keyword?.trim() ?? '');
  if (needle === '') return () => true;
  return (...texts) => texts.some((text) => fold(text).includes(needle));
}

export function languageOf(language: Language | undefined): Language {
  return language ?? defaultLanguage;
}

const collators = new Map<Language, Intl.Collator>();

/** Sorts by name in the order of the language (Ł after L in Polish, pinyin order in Chinese). */
export function sortByName<T extends { name: string }>(items: T[], language: Language): T[] {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language);
    collators.set(language, collator);
  }
  const compare = collator.compare;
  return items.sort((a, b) => compare(a.name, b.name));
}
