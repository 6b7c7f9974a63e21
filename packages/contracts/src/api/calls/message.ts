import { z } from 'zod';
import { messageKinds, operationActions } from '../../alarms.ts';
import { faultSeverities } from '../../device-link/faults.ts';
import { authorizationStates } from '../../enums.ts';
import { formId, optionalField } from '../../validation/common.ts';
import { deviceSn } from '../../validation/device.ts';
import { defineCall } from '../call.ts';
import { pageOf, pageRequest } from '../paging.ts';
import { invitationStates } from './user.ts';

/**
 * /myLog/myLog (SPEC.md §2): the caller's messages (alarm notices, authorization requests and
 * their answers, system messages) with read and unread, the authorization requests of SPEC.md §3–4
 * (pending_review → pass | permanent_rejection), and the operation log. These paths are ours.
 */

/** Most messages one read call marks. */
export const MAX_MESSAGE_BATCH = 200;
/** Longest note an installer writes with an authorization request. */
export const REQUEST_NOTE_MAX_LENGTH = 500;

/** What happened, for the web's wording (`message.<event>`); `system` carries its own title and body. */
export const messageEvents = [
  'alarm_opened',
  'request_received',
  'request_passed',
  'request_rejected',
  'invitation_received',
  'invitation_accepted',
  'system',
] as const;

/** One message; the fields a kind does not use are null. */
export const messageItem = z.object({
  message_id: z.number().int(),
  kind: z.enum(messageKinds),
  event: z.enum(messageEvents),
  read: z.boolean(),
  created_at: z.string(),
  title: z.string().nullable().describe('System messages: their title, in the language they were written in'),
  body: z.string().nullable().describe('System messages: their text'),
  alarm_id: z.number().int().nullable(),
  code: z.number().int().nullable(),
  fault_key: z.string().nullable(),
  severity: z.enum(faultSeverities).nullable(),
  raised_at: z.string().nullable(),
  request_id: z.number().int().nullable(),
  station_id: z.number().int().nullable(),
  station_name: z.string().nullable(),
  device_id: z.number().int().nullable(),
  sn: z.string().nullable(),
  actor_name: z.string().nullable().describe('Who asked or answered, for authorization messages'),
  invitation_id: z.number().int().nullable().describe('invitation_received: the invitation to answer'),
  invitation_state: z.enum(invitationStates).nullable().describe('invitation_received: where it stands now'),
});
export type MessageItem = z.infer<typeof messageItem>;

export const list = defineCall({
  path: 'api/message/list',
  summary: 'The caller’s messages, newest first; filtered by kind and read state',
  domain: 'message',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    kind: optionalField(z.enum(messageKinds)),
    read: optionalField(z.boolean()).describe('true: read only; false: unread only; absent: both'),
  }),
  data: pageOf(messageItem),
});

const unreadCounts = z.object({
  total: z.number().int().min(0),
  alarm: z.number().int().min(0),
  authorization: z.number().int().min(0),
  system: z.number().int().min(0),
});

export const read = defineCall({
  path: 'api/message/read',
  summary: 'Mark some of the caller’s messages read; another account’s message is 9001 and nothing changes',
  domain: 'message',
  access: 'user',
  kind: 'write',
  body: z.object({
    message_ids: z
      .array(formId)
      .min(1, { error: 'validation.invalidValue' })
      .max(MAX_MESSAGE_BATCH, { error: 'validation.selectionLimit' }),
  }),
  data: unreadCounts,
});

export const readAll = defineCall({
  path: 'api/message/readAll',
  summary: 'Mark every message of the caller (of one kind, when given) read',
  domain: 'message',
  access: 'user',
  kind: 'write',
  body: z.object({ kind: optionalField(z.enum(messageKinds)) }),
  data: unreadCounts,
});

export const unreadCount = defineCall({
  path: 'api/message/unreadCount',
  summary: 'How many of the caller’s messages are unread, in all and by kind (the top bar’s badge)',
  domain: 'message',
  access: 'user',
  kind: 'read',
  body: z.object({}),
  data: unreadCounts,
});

/**
 * An authorization request. The requester sees the station only once it has passed; the holder
 * (an account that reaches the station) sees it always.
 */
export const requestItem = z.object({
  request_id: z.number().int(),
  direction: z
    .enum(['sent', 'received'])
    .describe('sent: the caller’s tree asked; received: for a station the caller holds'),
  state: z.enum(authorizationStates),
  sn: z.string().describe('The SN whose registration answered 2001'),
  station_id: z.number().int().nullable(),
  station_name: z.string().nullable(),
  requester_id: z.number().int(),
  requester_name: z.string(),
  note: z.string().nullable(),
  created_at: z.string().describe('Apply time'),
  answered_at: z.string().nullable(),
  answered_by_name: z.string().nullable(),
});
export type RequestItem = z.infer<typeof requestItem>;

export const requestAdd = defineCall({
  path: 'api/auth-request/add',
  summary:
    'An installer asks for access to the station holding an SN registered outside its scope (after 2001): 2004 not registered, 200306 already in scope, 7005 already pending, 4003 already granted, 9001 permanently rejected',
  domain: 'message',
  access: 'user',
  kind: 'write',
  body: z.object({
    sn: deviceSn,
    note: optionalField(z.string().trim().max(REQUEST_NOTE_MAX_LENGTH, { error: 'validation.textTooLong' })),
  }),
  data: requestItem,
});

export const requestList = defineCall({
  path: 'api/auth-request/list',
  summary:
    'Authorization requests the caller’s tree sent, or received for the stations it holds, newest first',
  domain: 'message',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    direction: z.enum(['sent', 'received']).default('received'),
    state: optionalField(z.enum(authorizationStates)),
  }),
  data: pageOf(requestItem),
});

export const requestAnswer = defineCall({
  path: 'api/auth-request/answer',
  summary:
    'The holder answers a pending request: pass grants the requester’s tree read and service access to the station; permanent_rejection refuses it and every later request for it. An answered request is 200001',
  domain: 'message',
  access: 'user',
  kind: 'write',
  body: z.object({
    request_id: formId,
    answer: z.enum(['pass', 'permanent_rejection']),
  }),
  data: requestItem,
});

/** One line of the operation log; `detail` holds a few plain values and never a secret. */
export const logItem = z.object({
  log_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  action: z.enum(operationActions),
  station_id: z.number().int().nullable(),
  target: z
    .string()
    .nullable()
    .describe('What was acted on, as named at the time (station name, SN, alarm id)'),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  client_ip: z.string().nullable(),
  created_at: z.string(),
});
export type LogItem = z.infer<typeof logItem>;

export const logList = defineCall({
  path: 'api/log/list',
  summary:
    'The operation log of the caller and the accounts below it: who did what and when, newest first; ranges at most 30 days (200603)',
  domain: 'message',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    user_id: optionalField(formId).describe('One account of the caller’s tree'),
    station_id: optionalField(formId),
    action: optionalField(z.enum(operationActions)),
    start_time: optionalField(z.string().trim().max(40, { error: 'validation.invalidValue' })),
    end_time: optionalField(z.string().trim().max(40, { error: 'validation.invalidValue' })),
  }),
  data: pageOf(logItem),
});
