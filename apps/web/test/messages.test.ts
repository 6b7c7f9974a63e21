import {
  DEFAULT_PAGE_SIZE,
  type MessageItem,
  message as messageCalls,
  operationActions,
} from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import { logDetailEntries, logDetailLabelKey } from '../src/features/messages/lib/log-detail.ts';
import {
  changeLogFilters,
  logListBody,
  logRangeRefusal,
  readLogFilters,
  writeLogFilters,
} from '../src/features/messages/lib/log-filters.ts';
import { invitationView, messageLink, messageWording } from '../src/features/messages/lib/message-wording.ts';
import {
  messagesTabPath,
  readMessageFilters,
  readMessageTab,
  readRequestFilters,
} from '../src/features/messages/lib/paths.ts';
import { requestRefusalKey } from '../src/features/messages/lib/request-refusals.ts';
import en from '../src/locales/messages/en.json' with { type: 'json' };

const params = (query: string) => new URLSearchParams(query);

const message = (fields: Partial<MessageItem>): MessageItem => ({
  message_id: 1,
  kind: 'alarm',
  event: 'alarm_opened',
  read: false,
  created_at: '2026-11-20T08:00:00Z',
  title: null,
  body: null,
  alarm_id: 42,
  code: 301,
  fault_key: 'over_temperature',
  severity: 'fault',
  raised_at: '2026-11-20T08:00:00Z',
  request_id: null,
  station_id: 7,
  station_name: 'Home',
  device_id: 3,
  sn: 'INV2024A0000001',
  actor_name: null,
  invitation_id: null,
  invitation_state: null,
  ...fields,
});

const faultName = (item: MessageItem) => `fault:${item.fault_key}`;

describe('what a message says and where it leads', () => {
  it('an alarm notice names the fault, the device and the station, and opens the alarm', () => {
    const item = message({});
    expect(messageWording(item, faultName)).toEqual({
      kind: 'worded',
      title: {
        key: 'messages.event.alarm_opened.title',
        values: { fault: 'fault:over_temperature', sn: 'INV2024A0000001' },
      },
      detail: { key: 'messages.event.alarm_opened.detail', values: { station: 'Home', code: 301 } },
    });
    expect(messageLink(item)).toBe('/alarmList/alarmList?alarm=42');
    expect(messageLink(message({ alarm_id: null }))).toBeUndefined();
  });

  it('requests lead to the requests received or sent', () => {
    const received = message({
      kind: 'authorization',
      event: 'request_received',
      alarm_id: null,
      actor_name: 'north_installer',
    });
    const wording = messageWording(received, faultName);
    expect(wording.kind === 'worded' && wording.title.values).toEqual({ actor: 'north_installer' });
    expect(messageLink(received)).toBe('/myLog/myLog?tab=requests&direction=received');
    expect(messageLink(message({ kind: 'authorization', event: 'request_passed' }))).toBe(
      '/myLog/myLog?tab=requests&direction=sent',
    );
  });

  it('a refused request does not name the station, and a removed account reads as a dash', () => {
    const refused = messageWording(
      message({ kind: 'authorization', event: 'request_rejected', station_name: null, actor_name: null }),
      faultName,
    );
    expect(refused).toEqual({
      kind: 'worded',
      title: { key: 'messages.event.request_rejected.title', values: { sn: 'INV2024A0000001' } },
      detail: { key: 'messages.event.request_rejected.detail', values: { actor: '—' } },
    });
  });

  it('an invitation names the inviting installer, is answered in place and leads nowhere', () => {
    const invitation = message({
      kind: 'authorization',
      event: 'invitation_received',
      alarm_id: null,
      code: null,
      fault_key: null,
      severity: null,
      station_id: null,
      station_name: null,
      device_id: null,
      sn: null,
      actor_name: 'north_installer',
      invitation_id: 1001,
      invitation_state: 'pending',
    });
    expect(messageWording(invitation, faultName)).toEqual({
      kind: 'worded',
      title: { key: 'messages.event.invitation_received.title', values: { actor: 'north_installer' } },
      detail: { key: 'messages.event.invitation_received.detail', values: { actor: 'north_installer' } },
    });
    expect(messageLink(invitation)).toBeUndefined();
    expect(invitationView(invitation)).toEqual({
      answerable: true,
      invitationId: 1001,
      installer: 'north_installer',
    });
  });

  it('an answered or expired invitation shows its state and can no longer be answered', () => {
    for (const state of ['accepted', 'declined', 'expired'] as const) {
      const item = message({
        kind: 'authorization',
        event: 'invitation_received',
        actor_name: 'north_installer',
        invitation_id: 1001,
        invitation_state: state,
      });
      expect(invitationView(item)).toEqual({ answerable: false, state });
    }
    // Without its invitation's id or state there is nothing to answer or show.
    const pendingWithoutId = { event: 'invitation_received', invitation_state: 'pending' } as const;
    expect(invitationView(message({ ...pendingWithoutId, invitation_id: null }))).toBeUndefined();
    expect(invitationView(message({ event: 'invitation_received', invitation_id: 7 }))).toBeUndefined();
    // A removed installer reads as a dash in the buttons' names too.
    expect(
      invitationView(
        message({ event: 'invitation_received', invitation_id: 7, invitation_state: 'pending' }),
      ),
    ).toEqual({ answerable: true, invitationId: 7, installer: '—' });
    expect(invitationView(message({}))).toBeUndefined();
  });

  it('the installer learns that an invitation was accepted, and is led to its user list', () => {
    const accepted = message({
      kind: 'authorization',
      event: 'invitation_accepted',
      alarm_id: null,
      actor_name: 'sunny_home',
    });
    expect(messageWording(accepted, faultName)).toEqual({
      kind: 'worded',
      title: { key: 'messages.event.invitation_accepted.title', values: { actor: 'sunny_home' } },
      detail: { key: 'messages.event.invitation_accepted.detail', values: { actor: 'sunny_home' } },
    });
    expect(messageLink(accepted)).toBe('/myUser/myUser');
    expect(invitationView(accepted)).toBeUndefined();
  });

  it('a system message carries its own words and leads nowhere', () => {
    const system = message({ kind: 'system', event: 'system', title: 'Maintenance', body: 'Tonight 22:00' });
    expect(messageWording(system, faultName)).toEqual({
      kind: 'text',
      title: 'Maintenance',
      detail: 'Tonight 22:00',
    });
    expect(messageLink(system)).toBeUndefined();
  });
});

describe('the texts of messages and log lines', () => {
  /** The English text of a key of the messages texts, undefined when there is none. */
  const text = (key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

  it('word every event a message can be about (the other languages have the same keys)', () => {
    for (const event of messageCalls.messageEvents) {
      const wording = messageWording(message({ event, title: 'Own title' }), faultName);
      if (wording.kind === 'text') continue;
      expect(typeof text(wording.title.key), event).toBe('string');
      if (wording.detail) expect(typeof text(wording.detail.key), event).toBe('string');
    }
  });

  it('name every action of the operation log', () => {
    for (const action of operationActions) {
      expect(typeof text(`messages.log.action.${action}`), action).toBe('string');
    }
  });

  it('label the details of invitations and email changes, and show others by their name', () => {
    for (const name of ['invitation_id', 'installer_id', 'user_id', 'new_email', 'by']) {
      const key = logDetailLabelKey(name);
      expect(key, name).toBe(`messages.log.detail.${name}`);
      expect(typeof text(key ?? ''), name).toBe('string');
    }
    expect(logDetailLabelKey('sn')).toBeUndefined();
    expect(logDetailLabelKey('answer')).toBeUndefined();
  });
});

describe('the messages screen’s address', () => {
  it('reads the tab, the messages’ and the requests’ filters', () => {
    expect(readMessageTab(params(''))).toBe('messages');
    expect(readMessageTab(params('tab=log'))).toBe('log');
    expect(readMessageTab(params('tab=admin'))).toBe('messages');
    expect(readMessageFilters(params('kind=alarm&unread=1'))).toEqual({ kind: 'alarm', unreadOnly: true });
    expect(readMessageFilters(params('kind=spam&unread=yes'))).toEqual({ unreadOnly: false });
    expect(readRequestFilters(params(''))).toEqual({ direction: 'received' });
    expect(readRequestFilters(params('direction=sent&state=pending_review'))).toEqual({
      direction: 'sent',
      state: 'pending_review',
    });
    expect(readRequestFilters(params('direction=up&state=maybe'))).toEqual({ direction: 'received' });
  });

  it('writes a tab’s address with its filters only', () => {
    expect(messagesTabPath('messages')).toBe('/myLog/myLog');
    expect(messagesTabPath('requests', { direction: 'sent', state: undefined })).toBe(
      '/myLog/myLog?tab=requests&direction=sent',
    );
  });
});

describe('the operation log’s filters', () => {
  it('reads, writes beside the tab and reads back', () => {
    const filters = readLogFilters(
      params(
        'tab=log&action=alarm_process&start_time=2026-11-01T00:00:00Z&end_time=2026-11-02T00:00:00Z&page=2',
      ),
    );
    expect(filters).toEqual({
      action: 'alarm_process',
      startTime: '2026-11-01T00:00:00Z',
      endTime: '2026-11-02T00:00:00Z',
      page: 2,
      pageSize: DEFAULT_PAGE_SIZE,
    });
    const written = writeLogFilters(filters, params('tab=log&page=5'));
    expect(written.get('tab')).toBe('log');
    expect(readLogFilters(written)).toEqual(filters);
    expect(readLogFilters(params('action=hack&page=-1&page_size=7'))).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
  });

  it('starts again at page 1 after a change, and asks with the API’s names', () => {
    const next = changeLogFilters({ page: 3, pageSize: 20, action: 'sign_in' }, { action: undefined });
    expect(next).toEqual({ page: 1, pageSize: 20 });
    expect(logListBody({ page: 1, pageSize: 20, action: 'sign_in', startTime: 'a', endTime: 'b' })).toEqual({
      page: 1,
      page_size: 20,
      action: 'sign_in',
      start_time: 'a',
      end_time: 'b',
    });
  });

  it('refuses a range over 30 days before asking', () => {
    const base = { page: 1, pageSize: 10 };
    expect(logRangeRefusal(base)).toBeUndefined();
    expect(
      logRangeRefusal({ ...base, startTime: '2026-10-01T00:00:00Z', endTime: '2026-11-20T00:00:00Z' }),
    ).toBe('200603');
  });

  it('shows a line’s detail by name, without empty values', () => {
    expect(logDetailEntries({ sn: 'INV1', count: 2, done: true, note: null, empty: '' })).toEqual([
      ['count', '2'],
      ['done', 'true'],
      ['sn', 'INV1'],
    ]);
  });
});

describe('refusals of an access request', () => {
  it('are worded for this case when the catalogue is too general', () => {
    expect(requestRefusalKey('7005')).toBe('messages.requests.refused.7005');
    expect(requestRefusalKey('4003')).toBe('messages.requests.refused.4003');
    expect(requestRefusalKey('200005')).toBeUndefined();
  });
});
