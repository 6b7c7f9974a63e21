import { describe, expect, it } from 'vitest';
import { type ClientMessageKey, clientMessageKeys, type ErrorCode, errorCodes } from '../src/errors/codes.ts';
import { enMessages, loadCatalogueMessages } from '../src/errors/messages/index.ts';
import { type Language, languages } from '../src/i18n.ts';

const keys: readonly (ErrorCode | ClientMessageKey)[] = [...errorCodes, ...clientMessageKeys];
const otherLanguages = languages.filter((language) => language !== 'en');

/** A letter each language writes and English never does. */
const ownScript: Record<Exclude<Language, 'en'>, RegExp> = {
  'zh-CN': /[\u4e00-\u9fff]/,
  pl: /[ąćęłńóśźż]/i,
  cs: /[áčďéěíňóřšťúůýž]/i,
  it: /[àèéìíòóù]/i,
};

describe('error catalogue messages', () => {
  it.each(languages)(
    '%s has a non-empty message for every code and client key, and no others',
    async (language) => {
      const messages = await loadCatalogueMessages(language);
      for (const key of keys) {
        const message: unknown = messages[key];
        expect(typeof message, `${language} ${key}`).toBe('string');
        expect((message as string).trim(), `${language} ${key}`).not.toBe('');
      }
      expect(Object.keys(messages).sort()).toEqual([...keys].sort());
    },
  );

  it.each(languages)('%s has no message with leading or trailing whitespace', async (language) => {
    const messages = await loadCatalogueMessages(language);
    for (const key of keys) {
      expect(messages[key], `${language} ${key}`).toBe(messages[key].trim());
    }
  });

  it.each(otherLanguages)('%s is a translation, not a copy of English', async (language) => {
    const messages = await loadCatalogueMessages(language);
    const copies = keys.filter((key) => messages[key] === enMessages[key]);
    expect(copies.length / keys.length, `copied from English: ${copies.join(', ')}`).toBeLessThan(0.05);
  });

  it('the loader answers English with the bundled English texts', async () => {
    expect(await loadCatalogueMessages('en')).toBe(enMessages);
    expect(enMessages['1000']).toBe('Your session has expired. Please sign in again.');
  });

  it.each(otherLanguages)('the loader answers %s in its own language', async (language) => {
    const messages = await loadCatalogueMessages(language);
    expect(messages['1000']).not.toBe(enMessages['1000']);
    expect(keys.some((key) => ownScript[language].test(messages[key]))).toBe(true);
  });

  it('zh-CN writes session expiry in Chinese characters', async () => {
    const zh = await loadCatalogueMessages('zh-CN');
    expect(zh['1000']).toMatch(ownScript['zh-CN']);
  });

  it('1002 covers both an unknown user name and a wrong password in English', () => {
    expect(enMessages['1002']).toBe('User name or password is incorrect.');
  });
});
