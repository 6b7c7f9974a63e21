import type { MessageItem } from '@helio/contracts';
import { openAlarmPath } from '../../alarms/index.ts';
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
 * request for access received, passed or refused. `faultName` names the alarm's fault in the
 * interface language. The requester of a refused request never learns the station: it is left out.
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
    case 'system':
      return { kind: 'text', title: item.title ?? unnamed, detail: item.body ?? undefined };
  }
}

/** Where a message leads: the alarm's detail, or the requests it is about; none for system messages. */
export function messageLink(item: MessageItem): string | undefined {
  switch (item.event) {
    case 'alarm_opened':
      return item.alarm_id === null ? undefined : openAlarmPath(item.alarm_id);
    case 'request_received':
      return messagesTabPath('requests', { direction: 'received' });
    case 'request_passed':
    case 'request_rejected':
      return messagesTabPath('requests', { direction: 'sent' });
    case 'system':
      return undefined;
  }
}
