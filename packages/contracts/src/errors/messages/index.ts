import type { Language } from '../../i18n.ts';
import type { CatalogueMessages } from '../codes.ts';
import enMessages from './en.ts';

/** English, the default language, is always bundled: it is the fallback of every lookup. */
export { enMessages };

/**
 * Loads one language's error-catalogue texts. Every other language is a dynamic import of its
 * own file, so bundlers emit one chunk per language and a client downloads only the one it shows.
 */
export async function loadCatalogueMessages(language: Language): Promise<CatalogueMessages> {
  switch (language) {
    case 'en':
      return enMessages;
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
