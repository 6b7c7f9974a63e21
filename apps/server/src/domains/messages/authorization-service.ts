import type { AuthorizationState, RequestItem } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { AuthorizationRepository } from './authorization-repository.ts';
import type { MessagesRepository } from './repository.ts';

/**
 * Authorization requests (SPEC.md §3–4; README.md "Alarms and messages"). When registering an SN
 * answers 2001, an installer may ask for the station that holds it. Every account holding that
 * station (its scope reaches it) sees the request and may answer once: `pass` gives the requester's
 * tree read and service access to the station (alarms, processing, reports; never ownership),
 * `permanent_rejection` refuses this and every later request of that installer for it.
 */
export function authorizationService(
  repo: AuthorizationRepository,
  messages: MessagesRepository,
  tenancy: Tenancy,
  log: OperationLog,
) {
  return {
    async add(caller: Caller, input: { sn: string; note: string | undefined }): Promise<RequestItem> {
      tenancy.assertInstaller(caller);
      const standing = await repo.standing(
        { held: tenancy.held(caller), seen: tenancy.seen(caller) },
        input.sn,
      );
      if (!standing) throw new Refusal('2004');
      if (standing.owned) throw new Refusal('200306');
      // seen but not held: a passed request gave it already
      if (standing.seen) throw new Refusal('4003');
      const earlier = await repo.earlierStates(caller.userId, standing.stationId);
      if (earlier.includes('permanent_rejection')) throw new Refusal('9001');
      if (earlier.includes('pending_review')) throw new Refusal('7005');
      const requestId = await repo.insert({
        requesterId: caller.userId,
        stationId: standing.stationId,
        sn: input.sn,
        note: input.note ?? null,
      });
      if (requestId === undefined) throw new Refusal('7005');
      const holders = [...new Set([standing.installerId, standing.endUserId])].filter(
        (id): id is number => id !== null,
      );
      await messages.send(holders, {
        kind: 'authorization',
        event: 'request_received',
        params: {
          request_id: requestId,
          sn: input.sn,
          station_id: standing.stationId,
          station_name: standing.stationName,
          actor_name: await repo.userName(caller.userId),
        },
      });
      // the requester's log names only the SN: the station is not its to know yet
      await log.recordBy(caller, 'auth_request_add', { target: input.sn });
      return (await repo.sent(tenancy.held(caller), requestId))!;
    },

    async list(
      caller: Caller,
      direction: 'sent' | 'received',
      state: AuthorizationState | undefined,
      page: number,
      pageSize: number,
    ) {
      return repo.list(tenancy.held(caller), direction, state, pageWindow(page, pageSize));
    },

    /** The holder's answer; a request already answered is 200001, one for a station not held 9001. */
    async answer(
      caller: Caller,
      input: { requestId: number; answer: 'pass' | 'permanent_rejection' },
    ): Promise<RequestItem> {
      const request = await repo.received(tenancy.held(caller), input.requestId);
      if (!request) throw new Refusal('9001');
      if (!(await repo.answer(input.requestId, input.answer, caller.userId))) throw new Refusal('200001');
      const passed = input.answer === 'pass';
      await messages.send([request.requester_id], {
        kind: 'authorization',
        event: passed ? 'request_passed' : 'request_rejected',
        params: {
          request_id: input.requestId,
          sn: request.sn,
          ...(passed ? { station_id: request.stationId, station_name: request.station_name } : {}),
          actor_name: await repo.userName(caller.userId),
        },
      });
      await log.recordBy(caller, 'auth_request_answer', {
        stationId: request.stationId,
        target: request.sn,
        detail: { answer: input.answer, requester: request.requester_name },
      });
      const { stationId: _stationId, ...item } = (await repo.received(
        tenancy.held(caller),
        input.requestId,
      ))!;
      return item;
    },
  };
}

export type AuthorizationService = ReturnType<typeof authorizationService>;
