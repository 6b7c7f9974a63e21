import { languages, mailLanguage } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import { mailLanguageCode } from '../src/features/auth/lib/password-reset.ts';
import { countdownDeadline, RESEND_COUNTDOWN_S, secondsLeft } from '../src/lib/countdown.ts';

describe('the mail language of a password reset', () => {
  it('is 0 for Chinese and 1 for every other interface language', () => {
    expect(languages.map((language) => [language, mailLanguageCode(language)])).toEqual([
      ['en', 1],
      ['zh-CN', 0],
      ['pl', 1],
      ['cs', 1],
      ['it', 1],
    ]);
  });

  it('is the code the server reads back as the language of the mail', () => {
    expect(mailLanguage(mailLanguageCode('zh-CN'))).toBe('zh-CN');
    expect(mailLanguage(mailLanguageCode('pl'))).toBe('en');
  });
});

describe('the resend countdown', () => {
  const start = 1_700_000_000_000;

  it('counts 60 seconds by default, or what the server says', () => {
    expect(RESEND_COUNTDOWN_S).toBe(60);
    expect(countdownDeadline(start)).toBe(start + 60_000);
    expect(countdownDeadline(start, 45)).toBe(start + 45_000);
    expect(countdownDeadline(start, 0)).toBe(start + 60_000);
    expect(countdownDeadline(start, Number.NaN)).toBe(start + 60_000);
  });

  it('shows whole seconds rounded up, and 0 once the deadline has passed', () => {
    const deadline = countdownDeadline(start);
    expect(secondsLeft(deadline, start)).toBe(60);
    expect(secondsLeft(deadline, start + 1)).toBe(60);
    expect(secondsLeft(deadline, start + 999)).toBe(60);
    expect(secondsLeft(deadline, start + 1000)).toBe(59);
    expect(secondsLeft(deadline, start + 59_001)).toBe(1);
    expect(secondsLeft(deadline, start + 60_000)).toBe(0);
    expect(secondsLeft(deadline, start + 120_000)).toBe(0);
  });

  it('is 0 before any code was asked', () => {
    expect(secondsLeft(null, start)).toBe(0);
  });
});
