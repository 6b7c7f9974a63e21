import type { Language } from '../../i18n.ts';
import type { ValidationMessages } from '../keys.ts';

/** Loads one language's validation texts; each language is its own chunk in the web build. */
export async function loadValidationMessages(language: Language): Promise<ValidationMessages> {
  switch (language) {
    case 'en':
      return (await import('./en.ts')).default;
    case 'zh-CN':
      return (await import('./zh-CN.ts')).default;
    case 'pl':
      return (await import('./pl.ts')).default;
    case 'cs':
      return (await import('./cs.ts')).default;
    case 'it':
      return (await import('./it.ts')).default;
  }
}
