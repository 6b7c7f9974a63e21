import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { languages } from '@helio/contracts';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../src/locales/', import.meta.url));

type Texts = { [key: string]: string | Texts };

function load(language: string): Texts {
  return JSON.parse(readFileSync(`${dir}${language}.json`, 'utf8')) as Texts;
}

/** `{"a": {"b": "x"}}` → `{"a.b": "x"}`. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') flat.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix + key}.`)) flat.set(inner, text);
  }
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Words that really are the same in that language. */
const sameAsEnglish: Record<string, string[]> = { it: ['login.password'] };

const english = flatten(load('en'));

describe('locales', () => {
  it('has a file for each of the five languages and nothing else', () => {
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(languages.map((language) => `${language}.json`).sort());
  });

  for (const language of languages.filter((code) => code !== 'en')) {
    describe(language, () => {
      const texts = flatten(load(language));

      it('has exactly the keys of en.json', () => {
        expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('fills every text, with the placeholders of the English one', () => {
        for (const [key, text] of texts) {
          expect(text.trim(), key).not.toBe('');
          expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
        }
      });

      it('is translated, not copied from English', () => {
        const copies = [...texts].filter(
          ([key, text]) => text === english.get(key) && !sameAsEnglish[language]?.includes(key),
        );
        expect(copies.map(([key]) => key)).toEqual([]);
      });
    });
  }
});
