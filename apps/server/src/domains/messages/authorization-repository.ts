import { type AuthorizationState, message, type Page, type RequestItem } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PageWindow } from '../../platform/search.ts';
import { violatedUniqueIndex } from '../../platform/unique-violation.ts';
import type { Scope } from '../tenancy/tenancy.ts';

const requestRow = z.object({
  request_id: column.int,
  state: message.requestItem.shape.state,
  sn: column.text,
  station_id: column.int,
  station_name: column.text,
  requester_id: column.int,
  requester_name: column.text,
  note: column.text.nullable(),
  created_at: column.isoInstant,
  answered_at: column.isoInstant.nullable(),
  answered_by_name: column.text.nullable(),
});
type RequestRow = z.output<typeof requestRow>;
const requestIdRow = z.object({ request_id: column.int });
const total = z.object({ total: column.int });

function requestSelect(where: SQL): SQL {
  return sql`select r.request_id, r.state, r.sn, r.station_id, s.station_name, r.requester_id,
      rq.user_name as requester_name, r.note, r.created_at, r.answered_at, an.user_name as answered_by_name
    from authorization_requests r
    join stations s on s.station_id = r.station_id
    join users rq on rq.user_id = r.requester_id
    left join users an on an.user_id = r.answered_by
    where ${where}`;
}

/** A request as one side sees it: the requester learns the station only once access is granted. */
function toRequestItem(row: RequestRow, direction: 'sent' | 'received'): RequestItem {
  const shown = direction === 'received' || row.state === 'pass';
  return {
    request_id: row.request_id,
    direction,
    state: row.state,
    sn: row.sn,
    station_id: shown ? row.station_id : null,
    station_name: shown ? row.station_name : null,
    requester_id: row.requester_id,
    requester_name: row.requester_name,
    note: row.note,
    created_at: row.created_at,
    answered_at: row.answered_at,
    answered_by_name: row.answered_by_name,
  };
}

/** Where an SN is registered, seen from the scopes of a caller asking for it. */
export interface SnStanding {
  stationId: number;
  stationName: string;
  installerId: number | null;
  endUserId: number | null;
  /** The station is in the caller's own (held) scope. */
  owned: boolean;
  /** The caller sees the station: held, or given to its tree by a passed request. */
  seen: boolean;
}

/** All SQL of authorization requests. */
export function authorizationRepository(db: Database) {
  return {
    /** The station holding `sn`, and whether it lies in the caller's `held` and `seen` scopes. */
    async standing(scopes: { held: Scope; seen: Scope }, sn: string): Promise<SnStanding | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({
          station_id: column.int,
          station_name: column.text,
          installer_id: column.int.nullable(),
          end_user_id: column.int.nullable(),
          owned: column.bool,
          seen: column.bool,
        }),
        sql`select s.station_id, s.station_name, s.installer_id, s.end_user_id,
                   -- a condition on a null binding is null, not false
                   coalesce((${scopes.held.stations('s')}), false) as owned,
                   coalesce((${scopes.seen.stations('s')}), false) as seen
            from devices d join stations s on s.station_id = d.station_id where d.sn = ${sn}`,
      );
      return (
        row && {
          stationId: row.station_id,
          stationName: row.station_name,
          installerId: row.installer_id,
          endUserId: row.end_user_id,
          owned: row.owned,
          seen: row.seen,
        }
      );
    },

    /** The states of the requester's earlier requests for the station. */
    async earlierStates(requesterId: number, stationId: number): Promise<AuthorizationState[]> {
      const rows = await queryParsed(
        db,
        z.object({ state: message.requestItem.shape.state }),
        sql`select state from authorization_requests where requester_id = ${requesterId} and station_id = ${stationId}`,
      );
      return rows.map((row) => row.state);
    },

    /** A new pending request; undefined when one is pending already (two sent at once). */
    async insert(values: { requesterId: number; stationId: number; sn: string; note: string | null }) {
      try {
        const [row] = await queryParsed(
          db,
          requestIdRow,
          sql`insert into authorization_requests (requester_id, station_id, sn, note)
              values (${values.requesterId}, ${values.stationId}, ${values.sn}, ${values.note}) returning request_id`,
        );
        return row!.request_id;
      } catch (error) {
        if (violatedUniqueIndex(error, ['authorization_requests_pending_key'])) return undefined;
        throw error;
      }
    },

    /** A request sent by an account of `scope`. */
    async sent(scope: Scope, requestId: number): Promise<RequestItem | undefined> {
      const [row] = await queryParsed(
        db,
        requestRow,
        requestSelect(sql`r.request_id = ${requestId} and r.requester_id in ${scope.accounts}`),
      );
      return row && toRequestItem(row, 'sent');
    },

    /** A request for a station of `scope`. */
    async received(
      scope: Scope,
      requestId: number,
    ): Promise<(RequestItem & { stationId: number }) | undefined> {
      const [row] = await queryParsed(
        db,
        requestRow,
        requestSelect(sql`r.request_id = ${requestId} and ${scope.stations('s')}`),
      );
      return row && { ...toRequestItem(row, 'received'), stationId: row.station_id };
    },

    /** Requests sent by the accounts of `scope`, or received for its stations. */
    async list(
      scope: Scope,
      direction: 'sent' | 'received',
      state: AuthorizationState | undefined,
      page: PageWindow,
    ): Promise<Page<RequestItem>> {
      const conditions = [
        direction === 'sent' ? sql`r.requester_id in ${scope.accounts}` : scope.stations('s'),
      ];
      if (state) conditions.push(sql`r.state = ${state}`);
      const where = sql.join(conditions, sql` and `);
      const rows = await queryParsed(
        db,
        requestRow,
        sql`${requestSelect(where)} order by r.created_at desc, r.request_id desc limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryParsed(
        db,
        total,
        sql`select count(*)::int as total from authorization_requests r join stations s on s.station_id = r.station_id
            where ${where}`,
      );
      return { total: count?.total ?? 0, list: rows.map((row) => toRequestItem(row, direction)) };
    },

    /** Moves a pending request to its answer; false when it was answered already. */
    async answer(requestId: number, state: 'pass' | 'permanent_rejection', userId: number): Promise<boolean> {
      const rows = await queryParsed(
        db,
        requestIdRow,
        sql`update authorization_requests set state = ${state}, answered_at = now(), answered_by = ${userId}
            where request_id = ${requestId} and state = 'pending_review' returning request_id`,
      );
      return rows.length > 0;
    },

    async userName(userId: number): Promise<string> {
      const [row] = await queryParsed(
        db,
        z.object({ user_name: column.text }),
        sql`select user_name from users where user_id = ${userId}`,
      );
      return row?.user_name ?? '';
    },
  };
}

export type AuthorizationRepository = ReturnType<typeof authorizationRepository>;
