import { message } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import { Refusal } from '../../http/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import type { AuthorizationService } from './authorization-service.ts';
import type { MessagesRepository } from './repository.ts';

/** /myLog/myLog: the caller's messages (only its own: another account's id is 9001) and authorization requests. */
export function messagesRoutes(
  calls: CallRegistry,
  messages: MessagesRepository,
  authorization: AuthorizationService,
): void {
  calls.handle(message.list, ({ body, caller }) =>
    messages.list(caller.userId, { kind: body.kind, read: body.read }, pageWindow(body.page, body.page_size)),
  );
  calls.handle(message.read, async ({ body, caller }) => {
    const ids = [...new Set(body.message_ids)];
    if ((await messages.countOwn(caller.userId, ids)) !== ids.length) throw new Refusal('9001');
    await messages.markRead(caller.userId, ids);
    return messages.unread(caller.userId);
  });
  calls.handle(message.readAll, async ({ body, caller }) => {
    await messages.markRead(caller.userId, 'all', body.kind);
    return messages.unread(caller.userId);
  });
  calls.handle(message.unreadCount, ({ caller }) => messages.unread(caller.userId));
  calls.handle(message.requestAdd, ({ body, caller }) =>
    authorization.add(caller, { sn: body.sn, note: body.note }),
  );
  calls.handle(message.requestList, ({ body, caller }) =>
    authorization.list(caller, body.direction, body.state, body.page, body.page_size),
  );
  calls.handle(message.requestAnswer, ({ body, caller }) =>
    authorization.answer(caller, { requestId: body.request_id, answer: body.answer }),
  );
}
