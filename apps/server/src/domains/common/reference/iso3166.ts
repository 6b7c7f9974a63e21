import { type ISO31662Entry, iso31661, iso31662 } from 'iso-3166';
import { fold } from './text.ts';

/** A first-level ISO 3166-2 subdivision. */
export interface Subdivision {
  code: string;
  name: string;
}

interface Candidate {
  /** Code of the first-level subdivision this entry belongs to (itself when first-level). */
  top: string;
  firstLevel: boolean;
  /** Folded word forms of the entry's name and of the parts of a compound name. */
  variants: string[];
  /** The variants without genitive or plural "s", for containment. */
  stems: string[];
}

interface Index {
  countries: readonly string[];
  firstLevel: Map<string, Subdivision[]>;
  candidates: Map<string, Candidate[]>;
}

let index: Index | undefined;

const words = (text: string) =>
  fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Drops a genitive or plural "s" ("Stockholms län" holds "Stockholm"). */
const stem = (text: string) => text.replace(/(\p{L}{4,})s\b/gu, '$1');

/**
 * "Praha, Hlavní město" → itself, "Hlavní město Praha", "Praha", "Hlavní město";
 * "Guyane (française)" → also "Guyane".
 */
function nameVariants(name: string): string[] {
  const parts = name.split(/,\s*|\s+\/\s+/);
  const inverted = parts.length === 2 ? `${parts[1]} ${parts[0]}` : '';
  const variants = [name, name.replace(/\s*[([].*?[)\]]/g, ''), inverted, ...parts];
  return [...new Set(variants.map(words).filter((variant) => variant !== ''))];
}

function build(): Index {
  const byCode = new Map<string, ISO31662Entry>(iso31662.map((entry) => [entry.code, entry]));
  const topOf = (entry: ISO31662Entry): string => {
    let current = entry;
    for (let depth = 0; current.parent.length > 2 && depth < 5; depth++) {
      const parent = byCode.get(current.parent);
      if (!parent) break;
      current = parent;
    }
    return current.code;
  };
  const firstLevel = new Map<string, Subdivision[]>();
  const candidates = new Map<string, Candidate[]>();
  for (const entry of iso31662) {
    const country = entry.code.slice(0, 2);
    const isFirst = entry.parent === country;
    if (isFirst) {
      const list = firstLevel.get(country) ?? [];
      list.push({ code: entry.code, name: entry.name });
      firstLevel.set(country, list);
    }
    const list = candidates.get(country) ?? [];
    const variants = nameVariants(entry.name);
    list.push({ top: topOf(entry), firstLevel: isFirst, variants, stems: variants.map(stem) });
    candidates.set(country, list);
  }
  const countries = iso31661.filter((entry) => entry.state === 'assigned').map((entry) => entry.alpha2);
  return { countries, firstLevel, candidates };
}

function getIndex(): Index {
  index ??= build();
  return index;
}

/** ISO 3166-1 alpha-2 codes of the assigned countries. */
export function countryCodes(): readonly string[] {
  return getIndex().countries;
}

export function isCountryCode(code: string): boolean {
  return getIndex().countries.includes(code);
}

/** The first-level subdivisions of a country; empty for an unknown country or one without. */
export function firstLevelSubdivisions(countryCode: string): readonly Subdivision[] {
  return getIndex().firstLevel.get(countryCode) ?? [];
}

const unique = (codes: Iterable<string>): string | undefined => {
  const set = new Set(codes);
  return set.size === 1 ? set.values().next().value : undefined;
};

/** Equal but for one inserted, deleted or replaced letter ("cataluna" ~ "catalunya"), seven letters or more. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.min(a.length, b.length) < 7 || Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const rest = (x: string, skip: number) => x.slice(i + skip);
  return rest(a, 1) === rest(b, 1) || rest(a, 0) === rest(b, 1) || rest(a, 1) === rest(b, 0);
}

/** Whole-word containment either way of stemmed names, the shorter at least four letters long. */
const contains = (a: string, b: string) => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && ` ${long} `.includes(` ${short} `);
};

const matched = new Map<string, string | undefined>();

/** "Buenos Aires, Ciudad Autónoma de" → also "Ciudad Autónoma de Buenos Aires", then its parts. */
function regionNameForms(regionName: string): string[][] {
  const parts = regionName.split(/,\s*/);
  const inverted = parts.length === 2 ? words(`${parts[1]} ${parts[0]}`) : '';
  return [[words(regionName), inverted], parts.length > 1 ? parts.map(words) : []].map((forms) =>
    forms.filter((form) => form !== ''),
  );
}

/**
 * The first-level ISO 3166-2 code that a free-text region name of another data set denotes, or
 * undefined when it is not unambiguous. Tried in order: the exact name (or its inverted form), the
 * exact name of one of its comma-separated parts, whole-word containment either way
 * ("Guangdong" in "Guangdong Sheng"), then a spelling one letter apart ("Cataluña", "Catalunya");
 * each against the first-level subdivisions first, then against every subdivision mapped up to
 * its first-level ancestor (a province names its region). Names are compared folded (case,
 * accents, punctuation).
 */
export function matchSubdivision(countryCode: string, regionName: string): string | undefined {
  const key = `${countryCode}|${regionName}`;
  if (matched.has(key)) return matched.get(key);
  const [names = [], parts = []] = regionNameForms(regionName);
  const whole = names[0] ?? '';
  const wholeStem = stem(whole);
  const tests: ((candidate: Candidate) => boolean)[] = [
    (candidate) => candidate.variants.some((variant) => names.includes(variant)),
    (candidate) => candidate.variants.some((variant) => parts.includes(variant)),
    (candidate) => candidate.stems.some((variant) => contains(variant, wholeStem)),
    (candidate) => candidate.variants.some((variant) => oneEditApart(variant, whole)),
  ];
  const candidates = getIndex().candidates.get(countryCode) ?? [];
  let code: string | undefined;
  for (const test of tests) {
    const hits = candidates.filter(test);
    code =
      unique(hits.filter((hit) => hit.firstLevel).map((hit) => hit.top)) ??
      unique(hits.map((hit) => hit.top));
    if (code) break;
  }
  matched.set(key, code);
  return code;
}
