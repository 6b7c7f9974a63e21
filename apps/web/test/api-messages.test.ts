import { describe, expect, it } from 'vitest';
import { describeApiError, type MessageLookup } from '../src/lib/api-messages.ts';

const texts: Record<string, Record<string, string>> = {
  errors: { '1002': 'Wrong password', '200005': 'Parameter error', network: 'Network interrupted' },
  validation: { 'validation.userNameRequired': 'Please enter a user name' },
  translation: { 'common.unknownError': 'Something went wrong ({{code}})' },
};

const lookup: MessageLookup = {
  has: (ns, key) => key in (texts[ns] ?? {}),
  text: (ns, key, params) =>
    (texts[ns]?.[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params?.[name] ?? ''),
};

describe('describeApiError', () => {
  it('translates a catalogue code', () => {
    expect(describeApiError('1002', [], lookup)).toBe('Wrong password');
    expect(describeApiError('network', [], lookup)).toBe('Network interrupted');
  });

  it('shows the first field issue of a parameter error when it names a validation rule', () => {
    const issues = [
      { path: 'user_name', message: 'validation.userNameRequired' },
      { path: 'pwd', message: 'validation.passwordRequired' },
    ];
    expect(describeApiError('200005', issues, lookup)).toBe('Please enter a user name');
  });

  it('falls back to the catalogue text when the issue is not a validation key', () => {
    const issues = [{ path: 'page', message: 'Expected number, received string' }];
    expect(describeApiError('200005', issues, lookup)).toBe('Parameter error');
  });

  it('uses issues only for a parameter error', () => {
    const issues = [{ path: 'user_name', message: 'validation.userNameRequired' }];
    expect(describeApiError('1002', issues, lookup)).toBe('Wrong password');
  });

  it('names an unknown code rather than showing nothing', () => {
    expect(describeApiError('777777', [], lookup)).toBe('Something went wrong (777777)');
  });
});
