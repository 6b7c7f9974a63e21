import { message } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { AuthorizationService } from './authorization-service.ts';
import type { MessagesService } from './service.ts';

/** /myLog/myLog: the caller's messages and authorization requests. */
export function messagesRoutes(
  calls: CallRegistry,
  messages: MessagesService,
  authorization: AuthorizationService,
): void {
  calls.handle(message.list, ({ body, caller }) =>
    messages.list(caller, { kind: body.kind, read: body.read }, body.page, body.page_size),
  );
  calls.handle(message.read, ({ body, caller }) => messages.markRead(caller, body.message_ids));
  calls.handle(message.readAll, ({ body, caller }) => messages.markAllRead(caller, body.kind));
  calls.handle(message.unreadCount, ({ caller }) => messages.unread(caller));
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
