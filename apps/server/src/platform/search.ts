import { pageOffset } from '@helio/contracts';

/** LIMIT/OFFSET of one page of a list call. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The rows of page `page` (from 1) of `pageSize` rows. */
export function pageWindow(page: number, pageSize: number): PageWindow {
  return { limit: pageSize, offset: pageOffset(page, pageSize) };
}

/** A lower-case LIKE pattern matching `keyword` anywhere, its `%`, `_` and `\` taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}
