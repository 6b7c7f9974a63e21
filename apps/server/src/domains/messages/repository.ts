import type { MessageItem, MessageKind, message, Page } from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import type { PageWindow } from '../../platform/search.ts';

type MessageEvent = (typeof message.messageEvents)[number];

/** What a message is about, kept as it was when it was sent. */
export interface MessageParams {
  alarm_id?: number;
  code?: number;
  fault_key?: string | null;
  severity?: FaultSeverity;
  raised_at?: string;
  request_id?: number;
  station_id?: number;
  station_name?: string | null;
  device_id?: number;
  sn?: string;
  actor_name?: string;
}

export interface NewMessage {
  kind: MessageKind;
  event: MessageEvent;
  title?: string | null;
  body?: string | null;
  params: MessageParams;
}

export interface UnreadCounts {
  total: number;
  alarm: number;
  authorization: number;
  system: number;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** All SQL of the caller's messages (/myLog/myLog). */
export function messagesRepository(db: Database) {
  async function unread(userId: number): Promise<UnreadCounts> {
    const [row] = await queryRows<UnreadCounts>(
      db,
      sql`select count(*)::int as total,
            (count(*) filter (where kind = 'alarm'))::int as alarm,
            (count(*) filter (where kind = 'authorization'))::int as authorization,
            (count(*) filter (where kind = 'system'))::int as system
          from messages where user_id = ${userId} and read_at is null`,
    );
    return row ?? { total: 0, alarm: 0, authorization: 0, system: 0 };
  }

  return {
    unread,

    /** Sends one message to each of `userIds` (in the caller's transaction when given one). */
    async send(userIds: readonly number[], messageToSend: NewMessage, tx: Database = db): Promise<void> {
      if (userIds.length === 0) return;
      await tx.execute(
        sql`insert into messages (user_id, kind, event, title, body, params)
            select u.user_id, ${messageToSend.kind}, ${messageToSend.event}, ${messageToSend.title ?? null},
                   ${messageToSend.body ?? null}, ${JSON.stringify(messageToSend.params)}::jsonb
            from users u where u.user_id in (${sql.join(
              userIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    },

    async list(
      userId: number,
      filter: { kind?: MessageKind | undefined; read?: boolean | undefined },
      page: PageWindow,
    ): Promise<Page<MessageItem>> {
      const conditions = [sql`user_id = ${userId}`];
      if (filter.kind) conditions.push(sql`kind = ${filter.kind}`);
      if (filter.read === true) conditions.push(sql`read_at is not null`);
      if (filter.read === false) conditions.push(sql`read_at is null`);
      const where = sql.join(conditions, sql` and `);
      const rows = await queryRows<{
        message_id: string | number;
        kind: MessageKind;
        event: MessageEvent;
        title: string | null;
        body: string | null;
        params: MessageParams;
        read_at: string | Date | null;
        created_at: string | Date;
      }>(
        db,
        sql`select message_id, kind, event, title, body, params, read_at, created_at from messages
            where ${where} order by created_at desc, message_id desc limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from messages where ${where}`,
      );
      return {
        total: count?.total ?? 0,
        list: rows.map((row) => ({
          message_id: Number(row.message_id),
          kind: row.kind,
          event: row.event,
          read: row.read_at !== null,
          created_at: iso(row.created_at),
          title: row.title,
          body: row.body,
          alarm_id: row.params.alarm_id ?? null,
          code: row.params.code ?? null,
          fault_key: row.params.fault_key ?? null,
          severity: row.params.severity ?? null,
          raised_at: row.params.raised_at ?? null,
          request_id: row.params.request_id ?? null,
          station_id: row.params.station_id ?? null,
          station_name: row.params.station_name ?? null,
          device_id: row.params.device_id ?? null,
          sn: row.params.sn ?? null,
          actor_name: row.params.actor_name ?? null,
        })),
      };
    },

    /** How many of `messageIds` are the user's. */
    async countOwn(userId: number, messageIds: readonly number[]): Promise<number> {
      const [row] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from messages
            where user_id = ${userId} and message_id in (${sql.join(
              messageIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      return row?.total ?? 0;
    },

    async markRead(userId: number, messageIds: readonly number[] | 'all', kind?: MessageKind): Promise<void> {
      const which =
        messageIds === 'all'
          ? sql`true`
          : sql`message_id in (${sql.join(
              messageIds.map((id) => sql`${id}`),
              sql`, `,
            )})`;
      await db.execute(
        sql`update messages set read_at = now()
            where user_id = ${userId} and read_at is null and ${which}
              ${kind ? sql`and kind = ${kind}` : sql``}`,
      );
    },
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
