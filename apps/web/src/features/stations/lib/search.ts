/** Letters that Unicode does not decompose into a base letter and a mark. */
const standalone: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i' };

/**
 * A name folded for searching as the server does (README of the reference data): case- and
 * accent-insensitive, so "lodz" finds "Łódź" and "cesky" finds "Český Krumlov".
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/[łøđßæœı]/g, (letter) => standalone[letter] ?? letter);
}

/** True when every word typed is part of the name (in any order). */
export function matchesSearch(name: string, typed: string): boolean {
  const folded = foldForSearch(name);
  return foldForSearch(typed)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => folded.includes(word));
}
