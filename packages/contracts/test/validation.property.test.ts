import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { password, userForm, userName, verificationCode } from '../src/validation/user.ts';

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_太阳能电站储能'.split('');
const digits = '0123456789'.split('');
const specials = ' -.@!#$%^&*()+=[]{};:\'",<>/?\\|`~'.split('');

const allowedName = fc
  .tuple(
    fc.array(fc.constantFrom(...digits), { maxLength: 5 }),
    fc.array(fc.constantFrom(...letters, ...digits), { minLength: 1, maxLength: 44 }),
  )
  .map(([lead, rest]) => lead.join('') + rest.join(''))
  .filter((name) => name.length >= 2);

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe('validation rules hold for any input', () => {
  it('a name of 2–50 allowed characters is accepted', () => {
    fc.assert(fc.property(allowedName, (name) => userName.safeParse(name).success));
  });

  it('a name with any special character is refused as such', () => {
    fc.assert(
      fc.property(allowedName, fc.constantFrom(...specials), fc.nat(), (name, special, at) => {
        const position = at % (name.length + 1);
        const spoiled = `${name.slice(0, position)}${special}${name.slice(position)}`;
        const messages = messagesOf(userName.safeParse(spoiled));
        return messages.includes('validation.userNameCharacters') || spoiled.trim() !== spoiled;
      }),
    );
  });

  it('a name longer than 50 is refused with the length message', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { minLength: 51, maxLength: 80 }), (chars) =>
        messagesOf(userName.safeParse(chars.join(''))).includes('validation.userNameLength'),
      ),
    );
  });

  it('passwords of 6–128 characters pass, shorter ones are refused', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 6, maxLength: 128 }), (pwd) => password.safeParse(pwd).success),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 5 }), (pwd) =>
        messagesOf(password.safeParse(pwd)).includes('validation.passwordTooShort'),
      ),
    );
  });

  it('any code 0–999999, as a number or as digits, reads back as the same number; larger ones are refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (code) => {
        expect(verificationCode.parse(code)).toBe(code);
        expect(verificationCode.parse(String(code).padStart(6, '0'))).toBe(code);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000 }), (code) => !verificationCode.safeParse(code).success),
    );
  });

  it('two different passwords are always refused on pwd_again with 1005', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6, maxLength: 30 }),
        fc.string({ minLength: 6, maxLength: 30 }),
        (pwd, again) => {
          fc.pre(pwd !== again);
          const result = userForm.safeParse({
            user_name: 'solar_1',
            email: 'a@example.com',
            pwd,
            pwd_again: again,
          });
          return (
            !result.success &&
            result.error.issues.some(
              (i) => i.path[0] === 'pwd_again' && i.message === 'validation.passwordsDiffer',
            )
          );
        },
      ),
    );
  });
});
