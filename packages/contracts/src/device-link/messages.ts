import { z } from 'zod';
import { chargingLimits, chargingModes, phaseModes } from '../charging/plan.ts';
import type { DeviceType } from '../enums.ts';
import { type UpgradeStatus, upgradeStatuses } from '../enums.ts';
import { type FirmwarePart, firmwareParts } from '../firmware.ts';
import { controlCharacterPath } from '../validation/control-characters.ts';
import type { UpKind } from './topics.ts';
import { deviceValues, emsParts } from './values.ts';

/**
 * Messages of the device protocol, version 1 (docs/device-protocol.md). Every message is a JSON
 * object with `v`, the protocol version. Times are milliseconds since 1970 UTC by the device's
 * clock. Devices publish at QoS 1 and never retained.
 */

export const PROTOCOL_VERSION = 1;
const version = z.literal(PROTOCOL_VERSION);

/** Earliest device time accepted (a clock that never synchronised reports 1970). */
export const EARLIEST_READING_MS = Date.UTC(2000, 0, 1);
/** How far ahead of the portal's clock a device's clock may run before its readings are refused. */
export const CLOCK_SKEW_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
/**
 * How far back a device may send readings, from the portal's clock: a logger's buffer of a year
 * (a plant cut off for a season, the demo's year of history) with a month to spare. Older
 * readings are refused (not stored); older history is imported and counted with the rebuild.
 */
export const BACKFILL_HORIZON_MS = 400 * DAY_MS;
/**
 * How long before its registration a device's readings are still taken: a logger commissioned
 * on site keeps its buffer from the days before the installer registered it in the portal. Older
 * readings are refused: the portal did not know the device then.
 */
export const REGISTRATION_GRACE_MS = 7 * DAY_MS;
/**
 * Longest step between two readings of a device whose counters' rise is counted in the later
 * reading's station-local day: the longest interval a device may declare (3600 s). The rise
 * across a longer gap is spread over the gap's days in proportion to time.
 */
export const ENERGY_GAP_MS = 3600 * 1000;
/** Most readings one backfill message carries. */
export const MAX_BACKFILL_READINGS = 500;
/** Largest message the portal reads, in bytes. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/**
 * Largest MQTT packet a broker of the portal takes, in bytes, the whole packet with its fixed
 * header. The largest legitimate one is a QoS 1 PUBLISH of a MAX_MESSAGE_BYTES message: 4 bytes
 * of fixed header, 38 of topic (`dev/` + a 19-character SN + `/up/telemetry`) and 2 of packet id
 * on top, 262 188 bytes. (500 readings of an EMS 5000 with every value at its longest are ~490 KB
 * of JSON, so devices split backfills by MAX_MESSAGE_BYTES, not by reading count.) The 64 KiB of
 * margin lets a message a little over MAX_MESSAGE_BYTES be read, logged `too_large` and
 * acknowledged instead of cutting the device off; a connection announcing a larger packet is
 * closed as soon as its fixed header is read, before its body.
 */
export const MAX_MQTT_PACKET_BYTES = 320 * 1024;

/**
 * Largest MQTT packet before a connection's sign-in has succeeded: a CONNECT holds a client id and
 * user name (the SN), the secret and the small last-will message, a few hundred bytes; 4 KiB leaves
 * room for any of them, and keeps what an unknown peer can make the broker hold small.
 */
export const MAX_UNAUTHENTICATED_PACKET_BYTES = 4 * 1024;

const timestamp = z.number().int().min(EARLIEST_READING_MS).max(8.64e15);
const sequence = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);
/** Seconds between two readings of the device, which also decides when it counts as offline. */
export const intervalSeconds = z.number().int().min(1).max(3600);
export const DEFAULT_INTERVAL_S = 300;

/** One reading: when, which, and the values of the device's type. */
export function readingSchema(type: DeviceType) {
  return z.object({ ts: timestamp, seq: sequence, values: deviceValues[type] });
}

/** `dev/{sn}/up/telemetry`: the reading just taken. */
export function telemetrySchema(type: DeviceType) {
  return readingSchema(type).extend({ v: version, interval_s: intervalSeconds.optional() });
}

/** `dev/{sn}/up/backfill`: buffered readings sent late, oldest first. */
export function backfillSchema(type: DeviceType) {
  return z.object({
    v: version,
    interval_s: intervalSeconds.optional(),
    readings: z.array(readingSchema(type)).min(1).max(MAX_BACKFILL_READINGS),
  });
}

/** `dev/{sn}/up/alarm`: a fault starts (raise) or ends (clear). Codes are the device type's catalogue. */
export const alarmMessage = z.object({
  v: version,
  ts: timestamp,
  seq: sequence,
  event: z.enum(['raise', 'clear']),
  code: z.number().int().min(1).max(65535),
  part: z.enum(emsParts).optional(),
});
export type AlarmMessage = z.infer<typeof alarmMessage>;

/** A version per firmware part; an object, so that a part this version does not know is dropped, not refused. */
const partVersions = z.object(
  Object.fromEntries(
    firmwareParts.map((part) => [part, z.string().trim().min(1).max(40).optional()]),
  ) as Record<FirmwarePart, z.ZodOptional<z.ZodString>>,
);

/**
 * `dev/{sn}/up/status`: `online` right after connecting (with the firmware and interval), and
 * `offline` as the connection's last will (so it carries no time) or before a clean disconnect.
 */
export const statusMessage = z.object({
  v: version,
  state: z.enum(['online', 'offline']),
  ts: timestamp.optional(),
  firmware_version: z.string().trim().min(1).max(40).optional(),
  firmware_parts: partVersions
    .optional()
    .describe(
      'With `online`: the version each part runs (firmware_version is the main part’s); parts the portal does not know are dropped',
    ),
  interval_s: intervalSeconds.optional(),
  active_alarms: z
    .array(z.object({ code: z.number().int().min(1).max(65535), part: z.enum(emsParts).optional() }))
    .max(200)
    .optional()
    .describe('With `online`: the alarms happening now; any other open alarm of the device ends'),
});
export type StatusMessage = z.infer<typeof statusMessage>;

/** What a command asks. */
export const commandNames = [
  'settings',
  'strategy',
  'network',
  'self_test',
  'debug',
  'upgrade',
  'restart',
  'read',
  'sync_clock',
  'restore_defaults',
  'charging_plan',
  'charge',
] as const;
export type CommandName = (typeof commandNames)[number];

const settingValue = z.union([z.number().finite(), z.string().max(200), z.boolean()]);

const chargingCurrent = z.number().int().min(chargingLimits.minCurrentA).max(chargingLimits.maxCurrentA);

/**
 * A wallbox's charging plan (charging/plan.ts), as the charger follows it: the mode and current
 * range, and the windows the portal planned (charging/planner.ts `chargingWindows`) in which it draws
 * at least `power_w` (within its limits) until the session has `target_wh`. A new plan replaces the last.
 */
export const chargingPlanParams = z.object({
  mode: z.enum(chargingModes),
  min_current_a: chargingCurrent,
  max_current_a: chargingCurrent,
  phases: z.enum(phaseModes),
  target_wh: z
    .number()
    .min(0)
    .nullable()
    .describe('Energy the session should have by departure; null: no target'),
  departure_at: timestamp.nullable(),
  windows: z
    .array(z.object({ start: timestamp, end: timestamp, power_w: z.number().min(0).max(100_000) }))
    .max(800),
});
export type ChargingPlanParams = z.infer<typeof chargingPlanParams>;

/**
 * Remote control of a wallbox's session: `start` charges the plugged car now at the plan's maximum
 * (or `current_a`) until it unplugs; `stop` holds the session (plugged, not charging) until a start or
 * the next plug-in; `current` limits the current per phase of the session under way.
 */
export const chargeParams = z.object({
  action: z.enum(['start', 'stop', 'current']),
  current_a: chargingCurrent.optional(),
});
export type ChargeParams = z.infer<typeof chargeParams>;

/** `dev/{sn}/down/command`: sent by the portal at QoS 1, never retained. */
export const commandMessage = z.discriminatedUnion('name', [
  z.object({
    v: version,
    id: z.uuid(),
    ts: timestamp,
    expires_at: timestamp,
    name: z.enum(['settings', 'strategy', 'network', 'debug', 'sync_clock']),
    params: z.record(z.string().min(1).max(64), settingValue),
  }),
  z.object({
    v: version,
    id: z.uuid(),
    ts: timestamp,
    expires_at: timestamp,
    name: z.enum(['self_test', 'restart', 'read', 'restore_defaults']),
    params: z.object({}).optional(),
  }),
  z.object({
    v: version,
    id: z.uuid(),
    ts: timestamp,
    expires_at: timestamp,
    name: z.literal('charging_plan'),
    params: chargingPlanParams,
  }),
  z.object({
    v: version,
    id: z.uuid(),
    ts: timestamp,
    expires_at: timestamp,
    name: z.literal('charge'),
    params: chargeParams,
  }),
  z.object({
    v: version,
    id: z.uuid(),
    ts: timestamp,
    expires_at: timestamp,
    name: z.literal('upgrade'),
    params: z.object({
      url: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .describe('Where the device fetches the file (HTTPS; HTTP only on a local portal)'),
      version: z.string().min(1).max(40),
      size_bytes: z.number().int().min(1),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      signature: z
        .string()
        .min(1)
        .max(200)
        .describe('Ed25519 signature of firmwareSignedText(sha256, size_bytes) by the maker, base64'),
      part: z.enum(firmwareParts).optional().describe('The part the file is for; the main part when absent'),
    }),
  }),
]);
export type CommandMessage = z.infer<typeof commandMessage>;

/**
 * Why a device failed a command: `refused` a value outside its own limits or a group its site lacks
 * (all or nothing: nothing changed), `unsupported` a command it cannot do (e.g. debugging),
 * `busy` another command of the kind still running, `expired` past its `expires_at`, `invalid` a
 * command it could not read.
 */
export const replyErrors = ['refused', 'unsupported', 'busy', 'expired', 'invalid'] as const;
export type ReplyError = (typeof replyErrors)[number];

/** The protection tests of a self-test, by the stage they trip (control/grid-standards.ts). */
export const selfTestNames = ['ov1', 'ov2', 'uv1', 'uv2', 'of1', 'of2', 'uf1', 'uf2'] as const;

/** One test of a self-test: the stage's set threshold and time, what the device measured, whether it passed. */
export const selfTestRow = z.object({
  test: z.enum(selfTestNames),
  limit: z.number().finite(),
  limit_s: z.number().finite().min(0),
  measured: z.number().finite(),
  trip_s: z.number().finite().min(0),
  pass: z.boolean(),
});
export type SelfTestRow = z.infer<typeof selfTestRow>;

/**
 * `dev/{sn}/up/reply`: what became of a command, by its id. `acknowledged` when taken, then
 * `progress` (upgrades, with the SPEC.md §4 status and a percentage), then `succeeded` or `failed`.
 */
export const replyMessage = z.object({
  v: version,
  id: z.uuid(),
  ts: timestamp,
  state: z.enum(['acknowledged', 'progress', 'succeeded', 'failed']),
  upgrade_status: z.literal(upgradeStatuses as [UpgradeStatus, ...UpgradeStatus[]]).optional(),
  progress_pct: z.number().int().min(0).max(100).optional(),
  message: z.string().max(200).optional(),
  /** Why a failed command failed, for the portal to name (the message says it in the device's words). */
  error: z.enum(replyErrors).optional(),
  /** A `read` command's answer: the device's current parameter values (control/device-settings.ts). */
  values: z.record(z.string().min(1).max(64), settingValue).optional(),
  /** A `self_test`'s measured trip values against the limits it was set to. */
  report: z.array(selfTestRow).max(16).optional(),
});
export type ReplyMessage = z.infer<typeof replyMessage>;

export type Reading = { ts: number; seq: number; values: Record<string, unknown> };

const schemaCache = new Map<
  DeviceType,
  { telemetry: ReturnType<typeof telemetrySchema>; backfill: ReturnType<typeof backfillSchema> }
>();
function schemasOf(type: DeviceType) {
  let schemas = schemaCache.get(type);
  if (!schemas) {
    schemas = { telemetry: telemetrySchema(type), backfill: backfillSchema(type) };
    schemaCache.set(type, schemas);
  }
  return schemas;
}

/** A decoded up message, by kind. */
export type UpMessage =
  | { kind: 'telemetry'; interval_s?: number; readings: Reading[] }
  | { kind: 'backfill'; interval_s?: number; readings: Reading[] }
  | { kind: 'alarm'; message: AlarmMessage }
  | { kind: 'status'; message: StatusMessage }
  | { kind: 'reply'; message: ReplyMessage };

/** Why a message was not taken, for the log (never the payload itself). */
export type DecodeFailure = {
  error: 'too_large' | 'not_json' | 'unsupported_version' | 'invalid';
  detail?: string;
};

/**
 * Reads a payload a device of `type` published on its `kind` topic. A message of a future
 * version is told apart from a malformed one, so the portal can say which.
 */
export function decodeUp(
  type: DeviceType,
  kind: UpKind,
  payload: Uint8Array | string,
): { ok: true; message: UpMessage } | ({ ok: false } & DecodeFailure) {
  // bytes, as the limit is; a string longer in UTF-16 units than the limit is over it in bytes too
  const size =
    typeof payload === 'string'
      ? payload.length > MAX_MESSAGE_BYTES
        ? payload.length
        : new TextEncoder().encode(payload).byteLength
      : payload.byteLength;
  if (size > MAX_MESSAGE_BYTES) return { ok: false, error: 'too_large' };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch {
    return { ok: false, error: 'not_json' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, error: 'invalid' };
  // as in every call body: no control character in any text (NUL cannot even be stored)
  const controlAt = controlCharacterPath(json);
  if (controlAt !== undefined) {
    return {
      ok: false,
      error: 'invalid',
      detail: `${controlAt.slice(0, 40) || '(root)'}: control character`,
    };
  }
  const v = (json as { v?: unknown }).v;
  if (v !== PROTOCOL_VERSION) {
    // a short, safe rendering of what the device sent: never its own text at length in the log
    const detail = v === undefined ? 'absent' : (JSON.stringify(v) ?? typeof v).slice(0, 20);
    return { ok: false, error: 'unsupported_version', detail };
  }
  const failed = (issues: z.core.$ZodIssue[]) => ({
    ok: false as const,
    error: 'invalid' as const,
    detail: issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`)
      .join('; '),
  });
  switch (kind) {
    case 'telemetry': {
      const parsed = schemasOf(type).telemetry.safeParse(json);
      if (!parsed.success) return failed(parsed.error.issues);
      const { ts, seq, values, interval_s } = parsed.data;
      return { ok: true, message: { kind, interval_s, readings: [{ ts, seq, values }] } };
    }
    case 'backfill': {
      const parsed = schemasOf(type).backfill.safeParse(json);
      if (!parsed.success) return failed(parsed.error.issues);
      return {
        ok: true,
        message: { kind, interval_s: parsed.data.interval_s, readings: parsed.data.readings },
      };
    }
    case 'alarm': {
      const parsed = alarmMessage.safeParse(json);
      return parsed.success
        ? { ok: true, message: { kind, message: parsed.data } }
        : failed(parsed.error.issues);
    }
    case 'status': {
      const parsed = statusMessage.safeParse(json);
      return parsed.success
        ? { ok: true, message: { kind, message: parsed.data } }
        : failed(parsed.error.issues);
    }
    case 'reply': {
      const parsed = replyMessage.safeParse(json);
      return parsed.success
        ? { ok: true, message: { kind, message: parsed.data } }
        : failed(parsed.error.issues);
    }
  }
}

/** Encodes any message of the protocol (the simulator's and the portal's side). */
export function encodeMessage(message: object): string {
  return JSON.stringify(message);
}
