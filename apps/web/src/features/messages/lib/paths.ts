import {
  type AuthorizationState,
  authorizationStates,
  type MessageKind,
  messageKinds,
} from '@helio/contracts';

/** The messages screen's route (SPEC.md §2) and its tabs, the open one kept in `?tab=`. */
export const MESSAGES_PATH = '/myLog/myLog';
export const messageTabs = ['messages', 'requests', 'log'] as const;
export type MessageTab = (typeof messageTabs)[number];

export type RequestDirection = 'sent' | 'received';

/** The tab of an address; the messages when absent or unknown. */
export function readMessageTab(search: URLSearchParams): MessageTab {
  const tab = search.get('tab');
  return (messageTabs as readonly string[]).includes(tab ?? '') ? (tab as MessageTab) : 'messages';
}

/** The messages tab's filters: one kind, and unread ones only. */
export interface MessageFilters {
  kind?: MessageKind;
  unreadOnly: boolean;
}

export function readMessageFilters(search: URLSearchParams): MessageFilters {
  const kind = search.get('kind');
  return {
    ...((messageKinds as readonly string[]).includes(kind ?? '') ? { kind: kind as MessageKind } : {}),
    unreadOnly: search.get('unread') === '1',
  };
}

/** The authorization tab's filters: the direction (received by default) and a state. */
export interface RequestFilters {
  direction: RequestDirection;
  state?: AuthorizationState;
}

export function readRequestFilters(search: URLSearchParams): RequestFilters {
  const state = search.get('state');
  return {
    direction: search.get('direction') === 'sent' ? 'sent' : 'received',
    ...((authorizationStates as readonly string[]).includes(state ?? '')
      ? { state: state as AuthorizationState }
      : {}),
  };
}

/** The address of a tab with some of its filters; the others' parameters are dropped. */
export function messagesTabPath(tab: MessageTab, params: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  if (tab !== 'messages') search.set('tab', tab);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  const query = search.toString();
  return query ? `${MESSAGES_PATH}?${query}` : MESSAGES_PATH;
}
