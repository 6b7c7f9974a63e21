import type { MessageItem, MessageKind, Page } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import type { MessagesRepository, UnreadCounts } from './repository.ts';

/**
 * /myLog/myLog: the caller's messages. Each account reads and marks only its own: a message id of
 * another account is 9001, like one that does not exist, and then nothing is marked.
 */
export function messagesService(repo: MessagesRepository) {
  return {
    list(
      caller: Caller,
      filter: { kind: MessageKind | undefined; read: boolean | undefined },
      page: number,
      pageSize: number,
    ): Promise<Page<MessageItem>> {
      return repo.list(caller.userId, filter, pageWindow(page, pageSize));
    },

    /** Marks the caller's messages read (all of `messageIds` its own, or 9001); answers the unread counts. */
    async markRead(caller: Caller, messageIds: readonly number[]): Promise<UnreadCounts> {
      const ids = [...new Set(messageIds)];
      if ((await repo.countOwn(caller.userId, ids)) !== ids.length) throw new Refusal('9001');
      await repo.markRead(caller.userId, ids);
      return repo.unread(caller.userId);
    },

    /** Marks every message of the caller read, or those of one kind. */
    async markAllRead(caller: Caller, kind: MessageKind | undefined): Promise<UnreadCounts> {
      await repo.markRead(caller.userId, 'all', kind);
      return repo.unread(caller.userId);
    },

    unread: (caller: Caller): Promise<UnreadCounts> => repo.unread(caller.userId),
  };
}

export type MessagesService = ReturnType<typeof messagesService>;
