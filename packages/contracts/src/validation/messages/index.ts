import { type Language, loadForLanguage } from '../../i18n.ts';
import type { ValidationMessages } from '../keys.ts';

/** Loads one language's validation texts; each language is its own chunk in the web build. */
export function loadValidationMessages(language: Language): Promise<ValidationMessages> {
  return loadForLanguage(
    {
      en: () => import('./en.ts'),
      'zh-CN': () => import('./zh-CN.ts'),
      pl: () => import('./pl.ts'),
      cs: () => import('./cs.ts'),
      it: () => import('./it.ts'),
    },
    language,
  );
}
