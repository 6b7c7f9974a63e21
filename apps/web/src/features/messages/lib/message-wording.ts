import type { MessageItem, user } from '@helio/contracts';
import { openAlarmPath } from '../../alarms/index.ts';
import { USER_LIST_PATH } from '../../users/index.ts';
import { messagesTabPath } from './paths.ts';

/** A text to translate: a key of the messages texts and its values. */
export interface Wording {
  key: string;
  values: Record<string, string | number>;
}

/** What a message says, as keys (system messages carry their own words, in `text`). */
export type MessageWording =
  | { kind: 'worded'; title: Wording; detail: Wording | undefined }
  | { kind: 'text'; title: string; detail: string | undefined };

/** A value the server could not name (an account or station removed since): a dash. */
const unnamed = '—';

/**
 * The words of a message by what happened (`event`): an alarm opened on a device of a station, a
 * request for access received, passed or refused, an invitation into an installer's tree received or
 * accepted. `faultName` names the alarm's fault in the interface language. The requester of a
 * refused request never learns the station: it is left out.
 */
export function messageWording(item: MessageItem, faultName: (item: MessageItem) => string): MessageWording {
  const station = item.station_name ?? unnamed;
  const sn = item.sn ?? unnamed;
  const actor = item.actor_name ?? unnamed;
  switch (item.event) {
    case 'alarm_opened':
      return {
        kind: 'worded',
        title: { key: 'messages.event.alarm_opened.title', values: { fault: faultName(item), sn } },
        detail: {
          key: 'messages.event.alarm_opened.detail',
          values: { station, code: item.code ?? unnamed },
        },
      };
    case 'request_received':
      return {
        kind: 'worded',
        title: { key: 'messages.event.request_received.title', values: { actor } },
        detail: { key: 'messages.event.request_received.detail', values: { station, sn } },
      };
    case 'request_passed':
      return {
        kind: 'worded',
        title: { key: 'messages.event.request_passed.title', values: { station } },
        detail: { key: 'messages.event.request_passed.detail', values: { actor, sn } },
      };
    case 'request_rejected':
      return {
        kind: 'worded',
        title: { key: 'messages.event.request_rejected.title', values: { sn } },
        detail: { key: 'messages.event.request_rejected.detail', values: { actor } },
      };
    case 'invitation_received':
      return {
        kind: 'worded',
        title: { key: 'messages.event.invitation_received.title', values: { actor } },
        detail: { key: 'messages.event.invitation_received.detail', values: { actor } },
      };
    case 'invitation_accepted':
      return {
        kind: 'worded',
        title: { key: 'messages.event.invitation_accepted.title', values: { actor } },
        detail: { key: 'messages.event.invitation_accepted.detail', values: { actor } },
      };
    case 'system':
      return { kind: 'text', title: item.title ?? unnamed, detail: item.body ?? undefined };
  }
}

/**
 * Where a message leads: the alarm's detail, the requests it is about, the user list where an
 * accepted invitation's account now is; none for system messages and received invitations (they
 * are answered in place).
 */
export function messageLink(item: MessageItem): string | undefined {
  switch (item.event) {
    case 'alarm_opened':
      return item.alarm_id === null ? undefined : openAlarmPath(item.alarm_id);
    case 'request_received':
      return messagesTabPath('requests', { direction: 'received' });
    case 'request_passed':
    case 'request_rejected':
      return messagesTabPath('requests', { direction: 'sent' });
    case 'invitation_accepted':
      return USER_LIST_PATH;
    case 'invitation_received':
    case 'system':
      return undefined;
  }
}

/**
 * What the reader of an invitation can do: answer it while it is pending (and its id is known),
 * else see what became of it. Undefined for every other message.
 */
export type InvitationView =
  | { answerable: true; invitationId: number; installer: string }
  | { answerable: false; state: user.InvitationState };

export function invitationView(item: MessageItem): InvitationView | undefined {
  if (item.event !== 'invitation_received' || item.invitation_state === null) return undefined;
  if (item.invitation_state === 'pending') {
    return item.invitation_id === null
      ? undefined
      : { answerable: true, invitationId: item.invitation_id, installer: item.actor_name ?? unnamed };
  }
  return { answerable: false, state: item.invitation_state };
}
