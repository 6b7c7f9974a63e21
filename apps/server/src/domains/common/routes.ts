import { common, type Page, pageOffset } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import { listAreas, listCurrencies, listTimezones } from './reference/index.ts';

/** Cuts one page out of a whole reference list. */
function pageOfList<T>(items: T[], page: number, pageSize: number): Page<T> {
  const start = pageOffset(page, pageSize);
  return { total: items.length, list: items.slice(start, start + pageSize) };
}

export function commonRoutes(calls: CallRegistry, options: { version: string }): void {
  calls.handle(common.getWebVer, async () => `v${options.version}`);

  calls.handle(common.currency, async ({ body, language }) =>
    pageOfList(
      listCurrencies({ language: body.language ?? language, keyword: body.keyword }),
      body.page,
      body.page_size,
    ),
  );

  calls.handle(common.timezone, async ({ body }) =>
    pageOfList(listTimezones({ keyword: body.keyword }), body.page, body.page_size),
  );

  calls.handle(common.areainfo, async ({ body, language }) =>
    pageOfList(
      listAreas({
        language: body.language ?? language,
        countryCode: body.country_code,
        provinceCode: body.province_code,
        keyword: body.keyword,
      }),
      body.page,
      body.page_size,
    ),
  );
}
