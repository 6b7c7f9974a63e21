import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { languages } from '@helio/contracts';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../src/locales/', import.meta.url));

/**
 * The texts of a language: src/locales/<language>.json, loaded before the first screen, and the
 * parts loaded with the screens that need them (src/locales/<part>/<language>.json, see i18n.ts).
 * Together they are the `translation` namespace, so no key may be in two of them.
 */
const parts = [
  '',
  'accounts/',
  'devices/',
  'control/',
  'stations/',
  'alarms/',
  'messages/',
  'statistics/',
  'strategies/',
  'tariffs/',
  'firmware/',
  'ems5000/',
  'charging/',
];

type Texts = { [key: string]: string | Texts };

function load(part: string, language: string): Texts {
  return JSON.parse(readFileSync(`${dir}${part}${language}.json`, 'utf8')) as Texts;
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

/** Every text of a language, from all its parts. */
function allTexts(language: string): Map<string, string> {
  return new Map(parts.flatMap((part) => [...flatten(load(part, language))]));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Words that really are the same in that language. */
const sameAsEnglish: Record<string, string[]> = {
  // the EMS 5000's parts are named by their abbreviations everywhere, as is the SOC
  'zh-CN': [
    'ems5000.tab.pcs',
    'ems5000.tab.pvs',
    'ems5000.tab.bms',
    'ems5000.tab.sts',
    'ems5000.cluster.soc',
  ],
  it: [
    'ems5000.tab.pcs',
    'ems5000.tab.pvs',
    'ems5000.tab.bms',
    'ems5000.tab.sts',
    'ems5000.cluster.soc',
    'login.password',
    'userDialog.password',
    'devices.type.1',
    'devices.credentials.password',
    'control.battery.letter.charge',
    'control.debug.minutesUnit',
  ],
  cs: [
    'ems5000.tab.pcs',
    'ems5000.tab.pvs',
    'ems5000.tab.bms',
    'ems5000.tab.sts',
    'ems5000.cluster.soc',
    'users.columnRole',
    'devices.field.model',
    'devices.dialog.model',
    'devices.status.alarm',
    'stations.status.alarm',
    'alarms.detail.title',
  ],
  pl: [
    'ems5000.tab.pcs',
    'ems5000.tab.pvs',
    'ems5000.tab.bms',
    'ems5000.tab.sts',
    'ems5000.cluster.soc',
    'ems5000.tab.system',
    'ems5000.tab.generator',
    'control.group.generator.title',
    'devices.field.model',
    'devices.dialog.model',
    'devices.status.alarm',
    'stations.status.alarm',
    'alarms.detail.title',
    'alarms.reports.field.status',
    'control.group.system.title',
    'control.report.test',
  ],
};

const english = allTexts('en');

describe('locales', () => {
  it.each(parts.map((part) => [part || '(first screen)', part]))(
    'has a file for each of the five languages and nothing else in %s',
    (_name, part) => {
      const files = readdirSync(`${dir}${part}`).filter((file) => file.endsWith('.json'));
      expect(files.sort()).toEqual(languages.map((language) => `${language}.json`).sort());
    },
  );

  it('puts each top-level group of texts in one part only', () => {
    const groups = parts.flatMap((part) => Object.keys(load(part, 'en')));
    expect(new Set(groups).size).toBe(groups.length);
  });

  for (const language of languages.filter((code) => code !== 'en')) {
    describe(language, () => {
      it('has exactly the keys of the English files, part by part', () => {
        for (const part of parts) {
          expect([...flatten(load(part, language)).keys()].sort(), part).toEqual(
            [...flatten(load(part, 'en')).keys()].sort(),
          );
        }
      });

      it('fills every text, with the placeholders of the English one', () => {
        for (const [key, text] of allTexts(language)) {
          expect(text.trim(), key).not.toBe('');
          expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
        }
      });

      it('is translated, not copied from English', () => {
        const copies = [...allTexts(language)].filter(
          ([key, text]) => text === english.get(key) && !sameAsEnglish[language]?.includes(key),
        );
        expect(copies.map(([key]) => key)).toEqual([]);
      });
    });
  }
});
