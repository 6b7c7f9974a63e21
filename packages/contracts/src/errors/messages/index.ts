import { type Language, loadForLanguage } from '../../i18n.ts';
import type { CatalogueMessages } from '../codes.ts';
import enMessages from './en.ts';

/** English, the default language, is always bundled: it is the fallback of every lookup. */
export { enMessages };

/** Loads one language's error-catalogue texts (English at once, the others as their own chunks). */
export function loadCatalogueMessages(language: Language): Promise<CatalogueMessages> {
  return loadForLanguage(
    {
      en: async () => ({ default: enMessages }),
      'zh-CN': () => import('./zh-CN.ts'),
      pl: () => import('./pl.ts'),
      cs: () => import('./cs.ts'),
      it: () => import('./it.ts'),
    },
    language,
  );
}
