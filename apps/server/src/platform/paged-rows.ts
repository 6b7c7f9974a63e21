import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PageWindow } from './search.ts';

const counted = z.object({ total: column.int });

/**
 * One page of a list and how many rows the whole list has: `from` is the list's `<table> <alias>
 * where …`, counted; `select` selects its rows with the same where and an order, and gets the page's
 * limit and offset.
 */
export async function pagedRows<Row extends z.ZodType>(
  db: Database,
  row: Row,
  { from, select, page }: { from: SQL; select: SQL; page: PageWindow },
): Promise<{ total: number; list: z.output<Row>[] }> {
  const [count] = await queryParsed(db, counted, sql`select count(*) as total from ${from}`);
  const list = await queryParsed(db, row, sql`${select} limit ${page.limit} offset ${page.offset}`);
  return { total: count?.total ?? 0, list };
}
