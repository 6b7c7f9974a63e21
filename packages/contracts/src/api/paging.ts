import { z } from 'zod';

/** Largest page a list call answers; larger asks are refused rather than silently cut. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 10;

/** Paging fields every list call takes: `page` counts from 1. */
export const pageRequest = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** Every list call answers `{total, list}`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int().min(0), list: z.array(item) });
}

export type Page<T> = { total: number; list: T[] };

/** Row offset of a page, for the repositories' LIMIT/OFFSET. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
