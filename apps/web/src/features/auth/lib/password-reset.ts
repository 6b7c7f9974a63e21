import type { Language } from '@helio/contracts';

/**
 * The `language` of api/user/sendEmailCode and api/user/forgetpwd (SPEC.md §3): 0 asks for the mail
 * in Chinese, 1 in English; the interface language decides.
 */
export function mailLanguageCode(language: Language | string): 0 | 1 {
  return language === 'zh-CN' ? 0 : 1;
}
