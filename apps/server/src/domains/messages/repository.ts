import { type MessageItem, type MessageKind, message, type Page } from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
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
  invitation_id?: number;
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

const item = message.messageItem.shape;
/** What a message is about, as stored: each field optional (messages keep what their kind needs). */
const storedParams = z.object({
  alarm_id: item.alarm_id.nullish(),
  code: item.code.nullish(),
  fault_key: item.fault_key.nullish(),
  severity: item.severity.nullish(),
  raised_at: item.raised_at.nullish(),
  request_id: item.request_id.nullish(),
  station_id: item.station_id.nullish(),
  station_name: item.station_name.nullish(),
  device_id: item.device_id.nullish(),
  sn: item.sn.nullish(),
  actor_name: item.actor_name.nullish(),
  invitation_id: item.invitation_id.nullish(),
});
const messageRow = z.object({
  message_id: column.int,
  kind: item.kind,
  event: item.event,
  title: column.text.nullable(),
  body: column.text.nullable(),
  params: storedParams,
  read_at: column.instant.nullable(),
  created_at: column.isoInstant,
  invitation_state: item.invitation_state,
});
const unreadCounts = z.object({
  total: column.int,
  alarm: column.int,
  authorization: column.int,
  system: column.int,
});
const total = z.object({ total: column.int });

/** All SQL of the caller's messages (/myLog/myLog). */
export function messagesRepository(db: Database) {
  async function unread(userId: number): Promise<UnreadCounts> {
    const [row] = await queryParsed(
      db,
      unreadCounts,
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
      const rows = await queryParsed(
        db,
        messageRow,
        // an invitation's message shows where the invitation stands now (expired: pending past its days)
        sql`select m.message_id, m.kind, m.event, m.title, m.body, m.params, m.read_at, m.created_at,
                   (select case when i.state = 'pending' and i.expires_at <= now() then 'expired' else i.state end
                    from user_invitations i
                    where i.invitation_id = (m.params->>'invitation_id')::int) as invitation_state
            from messages m
            where ${where} order by created_at desc, message_id desc limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryParsed(
        db,
        total,
        sql`select count(*)::int as total from messages where ${where}`,
      );
      return {
        total: count?.total ?? 0,
        list: rows.map((row) => ({
          message_id: row.message_id,
          kind: row.kind,
          event: row.event,
          read: row.read_at !== null,
          created_at: row.created_at,
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
          invitation_id: row.params.invitation_id ?? null,
          invitation_state: row.invitation_state,
        })),
      };
    },

    /** How many of `messageIds` are the user's. */
    async countOwn(userId: number, messageIds: readonly number[]): Promise<number> {
      const [row] = await queryParsed(
        db,
        total,
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
