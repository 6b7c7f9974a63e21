import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { languages } from '../src/i18n.ts';
import {
  devicePassword,
  devicePasswordCheck,
  dns,
  email,
  gateway,
  ipv4Address,
  loadValidationMessages,
  netmask,
  password,
  price,
  retrievePassword,
  selectionLimit,
  timeOfDay,
  timeRange,
  userForm,
  userFormForMode,
  userName,
  validationMessageKeys,
  verificationCode,
} from '../src/validation/index.ts';

/** The issues of a failed parse as "path: message" lines; [] when the input is accepted. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** The messages of a failed parse of a single field. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('userName', () => {
  it.each(['12abc', 'ab', '用户名', 'user_01', 'a'.repeat(50), '  alice  '])('accepts %s', (input) => {
    expect(messages(userName, input)).toEqual([]);
  });

  it('trims surrounding blanks', () => {
    expect(userName.parse('  alice ')).toBe('alice');
  });

  it.each([
    ['', 'validation.userNameRequired'],
    ['   ', 'validation.userNameRequired'],
    [undefined, 'validation.userNameRequired'],
    ['a', 'validation.userNameLength'],
    ['a'.repeat(51), 'validation.userNameLength'],
    ['ab-c', 'validation.userNameCharacters'],
    ['ab c', 'validation.userNameCharacters'],
    ['名字!', 'validation.userNameCharacters'],
  ])('rejects %j with %s', (input, key) => {
    expect(messages(userName, input)).toEqual([key]);
  });
});

describe('email', () => {
  it.each(['user@example.com', 'first.last+tag@mail.example.co.uk', '13800138000'])('accepts %s', (input) => {
    expect(messages(email, input)).toEqual([]);
  });

  it.each([
    ['', 'validation.emailRequired'],
    [undefined, 'validation.emailRequired'],
    ['user@', 'validation.emailFormat'],
    ['user.example.com', 'validation.emailFormat'],
    // phone-style ids are 11 digits starting with 1
    ['23800138000', 'validation.emailFormat'],
    ['1380013800', 'validation.emailFormat'],
    ['138001380001', 'validation.emailFormat'],
    [`${'a'.repeat(250)}@example.com`, 'validation.emailFormat'],
  ])('rejects %j with %s', (input, key) => {
    expect(messages(email, input)).toEqual([key]);
  });
});

describe('password', () => {
  it('accepts 6 characters and keeps blanks as typed', () => {
    expect(messages(password, 'abcdef')).toEqual([]);
    expect(password.parse(' abcde ')).toBe(' abcde ');
    expect(messages(password, 'a'.repeat(128))).toEqual([]);
  });

  it.each([
    ['', 'validation.passwordRequired'],
    [undefined, 'validation.passwordRequired'],
    ['abcde', 'validation.passwordTooShort'],
    ['a'.repeat(129), 'validation.passwordTooLong'],
  ])('rejects %j with %s', (input, key) => {
    expect(messages(password, input)).toEqual([key]);
  });
});

describe('verificationCode', () => {
  it.each([
    ['123456', 123456],
    [123456, 123456],
    [' 000042 ', 42],
    [0, 0],
    [999999, 999999],
  ])('accepts %j as %d', (input, code) => {
    expect(verificationCode.parse(input)).toBe(code);
  });

  it.each([1000000, -1, 12.5, Number.NaN, 'abc', '', '1234567', '12 34', '1e3', undefined, null])(
    'rejects %j',
    (input) => {
      expect(messages(verificationCode, input)).toEqual(['validation.verificationCode']);
    },
  );
});

describe('devicePassword and devicePasswordCheck', () => {
  it('requires the device password', () => {
    expect(messages(devicePassword, '')).toEqual(['validation.devicePasswordRequired']);
    expect(messages(devicePassword, '1')).toEqual([]);
  });

  it('requires the device SN', () => {
    expect(devicePasswordCheck.parse({ equ_sn: ' SN001 ', pwd: 'x' })).toEqual({ equ_sn: 'SN001', pwd: 'x' });
    expect(issues(devicePasswordCheck, { equ_sn: '', pwd: '' })).toEqual([
      'equ_sn: validation.deviceSnRequired',
      'pwd: validation.devicePasswordRequired',
    ]);
  });
});

describe('retrievePassword', () => {
  it('accepts a reset request, with form-encoded numbers', () => {
    expect(
      retrievePassword.parse({ email: 'a@b.cn', language: '0', code: '012345', password: 'secret' }),
    ).toEqual({ email: 'a@b.cn', language: 0, code: 12345, password: 'secret' });
  });

  it('reports each wrong field', () => {
    expect(issues(retrievePassword, { email: 'x', language: 2, code: 'abc', password: '123' })).toEqual([
      'email: validation.emailFormat',
      'language: validation.invalidValue',
      'code: validation.verificationCode',
      'password: validation.passwordTooShort',
    ]);
  });
});

const newUser = {
  user_name: 'alice',
  email: 'alice@example.com',
  pwd: 'secret1',
  pwd_again: 'secret1',
};

describe('userForm (modes 1–3)', () => {
  it('accepts a new user and makes it an end user by default', () => {
    expect(userForm.parse(newUser)).toEqual({ ...newUser, role_id: 2 });
    expect(userForm.parse({ ...newUser, role_id: '1', installer_id: '7' })).toMatchObject({
      role_id: 1,
      installer_id: 7,
    });
  });

  it('rejects a role other than installer or end user', () => {
    expect(issues(userForm, { ...newUser, role_id: 3 })).toEqual(['role_id: validation.roleInvalid']);
    expect(issues(userForm, { ...newUser, user_id: 'x' })).toEqual(['user_id: validation.invalidValue']);
  });

  it('reports differing passwords on pwd_again with the message of code 1005', () => {
    expect(issues(userForm, { ...newUser, pwd_again: 'secret2' })).toEqual([
      'pwd_again: validation.passwordsDiffer',
    ]);
  });

  it('shows the mismatch together with the problems of other fields', () => {
    expect(issues(userForm, { ...newUser, user_name: '', pwd_again: 'other' })).toEqual([
      'user_name: validation.userNameRequired',
      'pwd_again: validation.passwordsDiffer',
    ]);
  });

  it('asks for the confirmation rather than calling an empty one different', () => {
    expect(issues(userForm, { ...newUser, pwd_again: '' })).toEqual([
      'pwd_again: validation.passwordConfirmationRequired',
    ]);
  });

  it.each([1, 2, 3] as const)('mode %d checks name, email, password and confirmation', (mode) => {
    expect(issues(userFormForMode(mode), {})).toEqual([
      'user_name: validation.userNameRequired',
      'email: validation.emailRequired',
      'pwd: validation.passwordRequired',
      'pwd_again: validation.passwordConfirmationRequired',
    ]);
  });
});

describe('userFormForMode', () => {
  it('mode 4 checks only email and name, and drops the password fields', () => {
    const form = userFormForMode(4);
    expect(form.parse({ ...newUser, pwd: '1', pwd_again: '2', role_id: 1 })).toEqual({
      user_name: 'alice',
      email: 'alice@example.com',
    });
    expect(issues(form, { user_name: 'a', email: 'nope', pwd: '1' })).toEqual([
      'user_name: validation.userNameLength',
      'email: validation.emailFormat',
    ]);
  });

  it('mode 5 checks only the password fields, including the current password', () => {
    const form = userFormForMode(5);
    expect(
      form.parse({
        user_name: '',
        email: 'nope',
        role_id: 1,
        old_pwd: 'old',
        pwd: 'secret1',
        pwd_again: 'secret1',
      }),
    ).toEqual({
      old_pwd: 'old',
      pwd: 'secret1',
      pwd_again: 'secret1',
    });
    expect(issues(form, { user_name: '', email: 'nope' })).toEqual([
      'old_pwd: validation.oldPasswordRequired',
      'pwd: validation.passwordRequired',
      'pwd_again: validation.passwordConfirmationRequired',
    ]);
    expect(issues(form, { old_pwd: 'old', pwd: 'abcde', pwd_again: 'abcdef' })).toEqual([
      'pwd: validation.passwordTooShort',
      'pwd_again: validation.passwordsDiffer',
    ]);
  });
});

describe('network settings', () => {
  it.each([
    [ipv4Address, 'validation.ipRequired'],
    [gateway, 'validation.gatewayRequired'],
    [dns, 'validation.dnsRequired'],
  ])('takes a dotted IPv4 address (%#)', (schema, required) => {
    expect(messages(schema, '192.168.1.10')).toEqual([]);
    expect(messages(schema, '')).toEqual([required]);
    expect(messages(schema, undefined)).toEqual([required]);
    expect(messages(schema, '256.1.1.1')).toEqual(['validation.ipFormat']);
    expect(messages(schema, '192.168.1')).toEqual(['validation.ipFormat']);
  });

  it.each(['255.255.255.0', '255.255.0.0', '255.255.255.252', '128.0.0.0', '255.255.255.255'])(
    'accepts the mask %s',
    (mask) => {
      expect(messages(netmask, mask)).toEqual([]);
    },
  );

  it.each([
    ['', 'validation.maskRequired'],
    ['255.0.255.0', 'validation.maskFormat'],
    ['0.0.0.0', 'validation.maskFormat'],
    ['255.255.255.1', 'validation.maskFormat'],
    ['255.255.256.0', 'validation.maskFormat'],
  ])('rejects the mask %j with %s', (mask, key) => {
    expect(messages(netmask, mask)).toEqual([key]);
  });
});

describe('price', () => {
  it.each([
    [0, 0],
    [0.1234, 0.1234],
    ['1.5', 1.5],
    [' 12 ', 12],
  ])('accepts %j', (input, value) => {
    expect(price.parse(input)).toBe(value);
  });

  it.each([
    ['', 'validation.priceRequired'],
    [undefined, 'validation.priceRequired'],
    [-0.5, 'validation.priceFormat'],
    [0.12345, 'validation.priceFormat'],
    ['1.23456', 'validation.priceFormat'],
    ['abc', 'validation.priceFormat'],
    ['-1', 'validation.priceFormat'],
  ])('rejects %j with %s', (input, key) => {
    expect(messages(price, input)).toEqual([key]);
  });
});

/** A list of `count` numbers. */
const items = (count: number) => Array.from({ length: count }, (_, i) => i);

describe('selectionLimit', () => {
  it('allows 15 items by default, and another limit when given', () => {
    const fifteen = z.array(z.number()).check(selectionLimit());
    expect(messages(fifteen, items(15))).toEqual([]);
    expect(messages(fifteen, items(16))).toEqual(['validation.selectionLimit']);
    const ten = z.array(z.number()).check(selectionLimit(10));
    const result = ten.safeParse(items(11));
    expect(result.error?.issues[0]).toMatchObject({ message: 'validation.selectionLimit', maximum: 10 });
  });
});

describe('timeOfDay and timeRange', () => {
  it('takes HH:mm and defaults to 00:00', () => {
    expect(timeOfDay.parse(undefined)).toBe('00:00');
    expect(timeOfDay.parse('23:59')).toBe('23:59');
    expect(messages(timeOfDay, '24:00')).toEqual(['validation.timeFormat']);
    expect(messages(timeOfDay, '7:30')).toEqual(['validation.timeFormat']);
  });

  it('lets the end equal but not precede the start', () => {
    expect(timeRange.parse({})).toEqual({ start: '00:00', end: '00:00' });
    expect(messages(timeRange, { start: '08:00', end: '08:00' })).toEqual([]);
    expect(issues(timeRange, { start: '08:00', end: '07:59' })).toEqual(['end: validation.timeRangeOrder']);
  });
});

describe('validation messages', () => {
  it('has a non-empty text for every key in every language', async () => {
    for (const language of languages) {
      const texts = await loadValidationMessages(language);
      expect(Object.keys(texts).sort()).toEqual([...validationMessageKeys].sort());
      for (const key of validationMessageKeys) {
        expect(texts[key].trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('is translated, not copied from English', async () => {
    const english = await loadValidationMessages('en');
    for (const language of languages.filter((candidate) => candidate !== 'en')) {
      const texts = await loadValidationMessages(language);
      const copied = validationMessageKeys.filter((key) => texts[key] === english[key]);
      expect(copied, language).toEqual([]);
    }
  });

  it('keeps the interpolation of the selection limit in every language', async () => {
    for (const language of languages) {
      expect((await loadValidationMessages(language))['validation.selectionLimit']).toContain('{{maximum}}');
    }
  });

  it('gives only known keys as messages', () => {
    const given = [
      ...messages(userName, ''),
      ...messages(verificationCode, 'x'),
      ...messages(netmask, '1.1.1.1'),
      ...issues(userForm, { pwd: 'a', pwd_again: 'b' }).map((line) => line.split(': ')[1]),
    ];
    for (const message of given) expect(validationMessageKeys).toContain(message);
  });
});
