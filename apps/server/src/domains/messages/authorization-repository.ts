import type { AuthorizationState, Page, RequestItem } from '@helio/contracts';
import { type Database, queryRows } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../http/calls.ts';
import type { PageWindow } from '../../platform/search.ts';
import { violatedUniqueIndex } from '../../platform/unique-violation.ts';
import { grantedStationIds, scopeUserIds, stationScope } from '../tenancy/tenancy.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

interface RequestRow {
  request_id: number;
  state: AuthorizationState;
  sn: string;
  station_id: number;
  station_name: string;
  requester_id: number;
  requester_name: string;
  note: string | null;
  created_at: string | Date;
  answered_at: string | Date | null;
  answered_by_name: string | null;
}

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
    created_at: iso(row.created_at),
    answered_at: row.answered_at === null ? null : iso(row.answered_at),
    answered_by_name: row.answered_by_name,
  };
}

/** Where an SN is registered, seen from a caller asking for it. */
export interface SnStanding {
  stationId: number;
  stationName: string;
  installerId: number | null;
  endUserId: number | null;
  /** The station is in the caller's own scope. */
  owned: boolean;
  /** A passed request already gives the caller's tree the station. */
  granted: boolean;
}

/** All SQL of authorization requests. */
export function authorizationRepository(db: Database) {
  return {
    async standing(caller: Caller, sn: string): Promise<SnStanding | undefined> {
      const [row] = await queryRows<{
        station_id: number;
        station_name: string;
        installer_id: number | null;
        end_user_id: number | null;
        owned: boolean;
        granted: boolean;
      }>(
        db,
        sql`select s.station_id, s.station_name, s.installer_id, s.end_user_id, (${stationScope(caller, 's')}) as owned,
                   (s.station_id in ${grantedStationIds(caller)}) as granted
            from devices d join stations s on s.station_id = d.station_id where d.sn = ${sn}`,
      );
      return (
        row && {
          stationId: row.station_id,
          stationName: row.station_name,
          installerId: row.installer_id,
          endUserId: row.end_user_id,
          owned: row.owned === true,
          granted: row.granted === true,
        }
      );
    },

    /** The states of the requester's earlier requests for the station. */
    async earlierStates(requesterId: number, stationId: number): Promise<AuthorizationState[]> {
      const rows = await queryRows<{ state: AuthorizationState }>(
        db,
        sql`select state from authorization_requests where requester_id = ${requesterId} and station_id = ${stationId}`,
      );
      return rows.map((row) => row.state);
    },

    /** A new pending request; undefined when one is pending already (two sent at once). */
    async insert(values: { requesterId: number; stationId: number; sn: string; note: string | null }) {
      try {
        const [row] = await queryRows<{ request_id: number }>(
          db,
          sql`insert into authorization_requests (requester_id, station_id, sn, note)
              values (${values.requesterId}, ${values.stationId}, ${values.sn}, ${values.note}) returning request_id`,
        );
        return row!.request_id;
      } catch (error) {
        if (violatedUniqueIndex(error, ['authorization_requests_pending_key'])) return undefined;
        throw error;
      }
    },

    /** A request the caller's tree sent. */
    async sent(caller: Caller, requestId: number): Promise<RequestItem | undefined> {
      const [row] = await queryRows<RequestRow>(
        db,
        requestSelect(sql`r.request_id = ${requestId} and r.requester_id in ${scopeUserIds(caller)}`),
      );
      return row && toRequestItem(row, 'sent');
    },

    /** A request for a station the caller holds. */
    async received(
      caller: Caller,
      requestId: number,
    ): Promise<(RequestItem & { stationId: number }) | undefined> {
      const [row] = await queryRows<RequestRow>(
        db,
        requestSelect(sql`r.request_id = ${requestId} and ${stationScope(caller, 's')}`),
      );
      return row && { ...toRequestItem(row, 'received'), stationId: row.station_id };
    },

    async list(
      caller: Caller,
      direction: 'sent' | 'received',
      state: AuthorizationState | undefined,
      page: PageWindow,
    ): Promise<Page<RequestItem>> {
      const conditions = [
        direction === 'sent' ? sql`r.requester_id in ${scopeUserIds(caller)}` : stationScope(caller, 's'),
      ];
      if (state) conditions.push(sql`r.state = ${state}`);
      const where = sql.join(conditions, sql` and `);
      const rows = await queryRows<RequestRow>(
        db,
        sql`${requestSelect(where)} order by r.created_at desc, r.request_id desc limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from authorization_requests r join stations s on s.station_id = r.station_id
            where ${where}`,
      );
      return { total: count?.total ?? 0, list: rows.map((row) => toRequestItem(row, direction)) };
    },

    /** Moves a pending request to its answer; false when it was answered already. */
    async answer(requestId: number, state: 'pass' | 'permanent_rejection', userId: number): Promise<boolean> {
      const rows = await queryRows<{ request_id: number }>(
        db,
        sql`update authorization_requests set state = ${state}, answered_at = now(), answered_by = ${userId}
            where request_id = ${requestId} and state = 'pending_review' returning request_id`,
      );
      return rows.length > 0;
    },

    async userName(userId: number): Promise<string> {
      const [row] = await queryRows<{ user_name: string }>(
        db,
        sql`select user_name from users where user_id = ${userId}`,
      );
      return row?.user_name ?? '';
    },
  };
}

export type AuthorizationRepository = ReturnType<typeof authorizationRepository>;
