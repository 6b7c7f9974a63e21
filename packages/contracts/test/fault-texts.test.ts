import { describe, expect, it } from 'vitest';
import {
  enFaultTexts,
  type FaultText,
  type FaultTexts,
  faultKeys,
  loadFaultTexts,
} from '../src/device-link/fault-texts/index.ts';
import { faultCatalogue } from '../src/device-link/faults.ts';
import { type Language, languages } from '../src/i18n.ts';

const catalogueKeys = faultCatalogue.map((fault) => fault.key);
const fields = ['name', 'details', 'cause', 'advice'] as const satisfies readonly (keyof FaultText)[];
const otherLanguages = languages.filter((language) => language !== 'en');

/** A letter each language writes and English never does. */
const ownScript: Record<Exclude<Language, 'en'>, RegExp> = {
  'zh-CN': /[\u4e00-\u9fff]/,
  pl: /[ąćęłńóśźż]/i,
  cs: /[áčďéěíňóřšťúůýž]/i,
  it: /[àèéìíòóù]/i,
};

/** Texts a translation may keep exactly as in English: technical terms written alike everywhere. */
const sameInEveryLanguage = new Set(['BMS', 'RS485', 'AFCI', 'EMS', 'STS', 'PCS']);

/** Interpolation marks, printf codes and drafting notes: the texts are complete sentences. */
const placeholder = /[{}<>]|\$\{|%[sdif]|\b(TODO|TBD|FIXME|XXX|lorem)\b|\.\.\.|…/i;

const load = (language: Language): Promise<FaultTexts> => loadFaultTexts(language);

describe('fault texts', () => {
  it('the key list is the catalogue: every fault, no other, no duplicate', () => {
    expect(new Set(catalogueKeys).size).toBe(catalogueKeys.length);
    expect([...faultKeys].sort()).toEqual([...catalogueKeys].sort());
  });

  it.each(languages)('%s has all four texts for every fault and no other fault', async (language) => {
    const texts = await load(language);
    expect(Object.keys(texts).sort()).toEqual([...catalogueKeys].sort());
    for (const key of catalogueKeys) {
      const text = texts[key as keyof FaultTexts];
      expect(Object.keys(text).sort(), `${language} ${key}`).toEqual([...fields].sort());
      for (const field of fields) {
        const value: unknown = text[field];
        expect(typeof value, `${language} ${key}.${field}`).toBe('string');
        expect((value as string).trim(), `${language} ${key}.${field}`).not.toBe('');
        expect(value, `${language} ${key}.${field} has outer whitespace`).toBe((value as string).trim());
      }
    }
  });

  it.each(languages)('%s names are short, without a full stop', async (language) => {
    const texts = await load(language);
    for (const key of faultKeys) {
      const { name } = texts[key];
      expect([...name].length, `${language} ${key}: ${name}`).toBeLessThanOrEqual(40);
      expect(name, `${language} ${key}`).not.toMatch(/[.。]$/);
    }
  });

  it.each(languages)('%s details, cause and advice are sentences', async (language) => {
    const texts = await load(language);
    for (const key of faultKeys) {
      for (const field of ['details', 'cause', 'advice'] as const) {
        expect(texts[key][field], `${language} ${key}.${field}`).toMatch(/[.。]$/);
      }
    }
  });

  it.each(languages)('%s has no placeholders', async (language) => {
    const texts = await load(language);
    for (const key of faultKeys) {
      for (const field of fields) {
        expect(texts[key][field], `${language} ${key}.${field}`).not.toMatch(placeholder);
      }
    }
  });

  it('the English names are the catalogue names', () => {
    for (const fault of faultCatalogue) {
      expect(enFaultTexts[fault.key as keyof FaultTexts].name, fault.key).toBe(fault.name);
    }
  });

  it('the English advice says it clears by itself exactly for the faults that do', () => {
    for (const fault of faultCatalogue) {
      const { advice } = enFaultTexts[fault.key as keyof FaultTexts];
      expect(/by itself|automatically/.test(advice), fault.key).toBe(fault.clearsItself);
    }
  });

  it('the English advice of a critical fault sends the owner to the installer', () => {
    for (const fault of faultCatalogue.filter((entry) => entry.severity === 'critical')) {
      expect(enFaultTexts[fault.key as keyof FaultTexts].advice, fault.key).toMatch(
        /contact your installer/i,
      );
    }
  });

  it.each(otherLanguages)('%s is a translation, not a copy of English', async (language) => {
    const texts = await load(language);
    for (const key of faultKeys) {
      for (const field of fields) {
        const text = texts[key][field];
        if (sameInEveryLanguage.has(text)) continue;
        expect(text, `${language} ${key}.${field} is the English text`).not.toBe(enFaultTexts[key][field]);
      }
    }
  });

  it.each(otherLanguages)('%s writes every fault in its own script', async (language) => {
    const texts = await load(language);
    for (const key of faultKeys) {
      const { details, cause, advice } = texts[key];
      for (const text of language === 'zh-CN'
        ? [texts[key].name, details, cause, advice]
        : [details + advice]) {
        expect(text, `${language} ${key}`).toMatch(ownScript[language]);
      }
    }
  });

  it('the loader answers English with the bundled English texts', async () => {
    expect(await loadFaultTexts('en')).toBe(enFaultTexts);
    expect(enFaultTexts.grid_over_voltage.name).toBe('Grid over-voltage');
  });

  it.each(otherLanguages)('the loader answers %s with its own file', async (language) => {
    const texts = await loadFaultTexts(language);
    expect(texts).not.toBe(enFaultTexts);
    expect(texts.grid_over_voltage.name).not.toBe(enFaultTexts.grid_over_voltage.name);
    expect(await loadFaultTexts(language)).toBe(texts);
  });
});
