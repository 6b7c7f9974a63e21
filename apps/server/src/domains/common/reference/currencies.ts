import type { Language } from '@helio/contracts';
import { type CurrencyCodeRecord, data as iso4217 } from 'currency-codes';
import { keywordMatcher, languageOf } from './text.ts';
import type { CurrencyItem } from './types.ts';

export interface ListCurrenciesInput {
  language?: Language;
  keyword?: string;
}

/**
 * ISO 4217 lists precious metals, bond-market units, the test code and "no currency" under
 * pseudo-countries named `ZZnn_…`; they are not money a station can be priced in.
 */
function isPseudoEntry(record: CurrencyCodeRecord): boolean {
  return record.countries.length > 0 && record.countries.every((country) => /^zz\d/i.test(country));
}

const displayNames = new Map<Language, Intl.DisplayNames>();

function currencyNames(language: Language): Intl.DisplayNames {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames(language, { type: 'currency', fallback: 'none' });
    displayNames.set(language, names);
  }
  return names;
}

/**
 * The active ISO 4217 currencies (package `currency-codes`), named in the requested language by
 * the runtime's ICU data, the ISO English name where ICU has none; sorted by code. The keyword
 * matches the code or the name.
 */
export function listCurrencies(input: ListCurrenciesInput = {}): CurrencyItem[] {
  const names = currencyNames(languageOf(input.language));
  const matches = keywordMatcher(input.keyword);
  const items: CurrencyItem[] = [];
  for (const record of iso4217) {
    if (isPseudoEntry(record)) continue;
    const name = names.of(record.code) ?? record.currency;
    if (!matches(record.code, name)) continue;
    items.push({ currency_code: record.code, name, digits: record.digits });
  }
  return items.sort((a, b) =>
    a.currency_code < b.currency_code ? -1 : a.currency_code > b.currency_code ? 1 : 0,
  );
}

let currencyCodes: ReadonlySet<string> | undefined;

/** True for an active ISO 4217 code that api/com/currency offers (a station's price currency). */
export function isCurrencyCode(code: string): boolean {
  currencyCodes ??= new Set(iso4217.filter((record) => !isPseudoEntry(record)).map((record) => record.code));
  return currencyCodes.has(code);
}
