import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlCharacterPath, hasControlCharacter } from '../src/validation/control-characters.ts';

describe('control characters', () => {
  it('finds NUL, C0 controls, DEL and C1 controls; keeps tab, line feed and carriage return', () => {
    for (const code of [0, 1, 7, 8, 11, 12, 14, 27, 31, 127, 128, 155, 159]) {
      expect(hasControlCharacter(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(true);
    }
    for (const text of ['plain', 'tab\there', 'two\nlines', 'crlf\r\n', 'Łódź 北京 ✓', '\u00a0nbsp']) {
      expect(hasControlCharacter(text), text).toBe(false);
    }
  });

  it('names the path of the first text holding one, keys included', () => {
    expect(controlCharacterPath({ a: 'ok', b: ['x', 'y\u0000'] })).toBe('b.1');
    expect(controlCharacterPath({ outer: { 'k\u0007': 1 } })).toBe('outer.k\u0007');
    expect(controlCharacterPath({ a: 1, b: true, c: null, d: ['fine'] })).toBeUndefined();
  });

  it('any body with a control character somewhere is found; one without never is', () => {
    const control = fc
      .integer({ min: 0, max: 0x9f })
      .filter((c) => c < 9 || (c > 13 && c < 32) || c > 126 || c === 11 || c === 12);
    const clean = fc.string({ unit: fc.constantFrom('a', 'Z', '9', ' ', '\t', '\n', 'é', '中') });
    const body = fc.dictionary(clean, fc.oneof(clean, fc.array(clean), fc.integer()));
    fc.assert(fc.property(body, (value) => controlCharacterPath(value) === undefined));
    fc.assert(
      fc.property(body, clean, control, (value, prefix, code) => {
        const withOne = { ...value, zz: [prefix + String.fromCharCode(code)] };
        return controlCharacterPath(withOne) === 'zz.0';
      }),
    );
  });
});
