import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ALL_UP_TOPICS,
  BACKFILL_HORIZON_MS,
  CLOCK_SKEW_MS,
  commandMessage,
  commandNames,
  commandTopic,
  DEFAULT_INTERVAL_S,
  decodeUp,
  deviceValues,
  EARLIEST_READING_MS,
  ENERGY_GAP_MS,
  emsPartStates,
  emsParts,
  emsStateCode,
  encodeMessage,
  energyManagementValues,
  flattenValues,
  intervalSeconds,
  MAX_BACKFILL_READINGS,
  MAX_BMS_CLUSTERS,
  MAX_MESSAGE_BYTES,
  mayPublish,
  maySubscribe,
  PartState,
  parseUpTopic,
  REGISTRATION_GRACE_MS,
  readCounters,
  TOPIC_ROOT,
  type UpKind,
  upKinds,
  upTopic,
} from '../src/device-link/index.ts';
import { DeviceType, deviceTypes, pileStates, UpgradeStatus, upgradeStatuses } from '../src/enums.ts';
import { snBodyLength, snPrefixes } from '../src/fleet-rules.ts';

const SN = 'INV2024A000123';
const OTHER = 'INV2024A000124';
const TS = Date.UTC(2025, 5, 14, 10, 15);
const ID = '90477ef8-5f5f-459c-ad85-4edc3c9c4eca';

function refusal(result: ReturnType<typeof decodeUp>) {
  return result.ok ? { ok: true } : { error: result.error, detail: result.detail };
}

// ---------------------------------------------------------------- topics

describe('topics', () => {
  it('are dev/{sn}/up/{kind} up and dev/{sn}/down/command down', () => {
    expect(TOPIC_ROOT).toBe('dev');
    expect(upKinds).toEqual(['telemetry', 'backfill', 'alarm', 'status', 'reply']);
    expect(upTopic(SN, 'telemetry')).toBe('dev/INV2024A000123/up/telemetry');
    expect(upTopic(SN, 'reply')).toBe('dev/INV2024A000123/up/reply');
    expect(commandTopic(SN)).toBe('dev/INV2024A000123/down/command');
    expect(ALL_UP_TOPICS).toBe('dev/+/up/+');
  });

  /** MQTT 3.1.1 topic-filter matching (§4.7), written out here to check the portal's filter. */
  function matches(filter: string, topic: string): boolean {
    const f = filter.split('/');
    const t = topic.split('/');
    if (topic.startsWith('$') && (f[0] === '+' || f[0] === '#')) return false;
    for (let i = 0; i < f.length; i++) {
      if (f[i] === '#') return true;
      if (i >= t.length) return false;
      if (f[i] !== '+' && f[i] !== t[i]) return false;
    }
    return f.length === t.length;
  }

  it('the portal subscription covers every up topic of every device and no command topic', () => {
    for (const prefix of Object.values(snPrefixes)) {
      const sn = `${prefix}0000000001`;
      for (const kind of upKinds) expect(matches(ALL_UP_TOPICS, upTopic(sn, kind))).toBe(true);
      expect(matches(ALL_UP_TOPICS, commandTopic(sn))).toBe(false);
    }
  });

  it('upTopic and parseUpTopic round-trip for every prefix and every body length of the SN scheme', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let checked = 0;
    for (const prefix of Object.values(snPrefixes)) {
      for (let length = snBodyLength.min; length <= snBodyLength.max; length++) {
        const body = Array.from({ length }, (_, i) => alphabet[(i * 7 + length) % alphabet.length]).join('');
        for (const sn of [prefix + body, prefix + '0'.repeat(length), prefix + 'Z'.repeat(length)]) {
          for (const kind of upKinds) {
            expect(parseUpTopic(upTopic(sn, kind))).toEqual({ sn, kind });
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(deviceTypes.length * 7 * 3 * upKinds.length);
  });

  it('parseUpTopic refuses what is not an up topic of a well-formed SN', () => {
    const refused = [
      `dev/${SN.toLowerCase()}/up/telemetry`,
      'dev/INV123456789/up/telemetry', // body of 9
      `dev/INV${'1'.repeat(17)}/up/telemetry`, // body of 17
      'dev/XYZ2024A000123/up/telemetry', // unknown prefix
      'dev/INV2024-000123/up/telemetry',
      `dev/${SN}/up/data`,
      `dev/${SN}/down/command`,
      `dev/${SN}/down/telemetry`,
      `dev/${SN}/up/telemetry/`,
      `/dev/${SN}/up/telemetry`,
      `dev/${SN}/up`,
      `devices/${SN}/up/telemetry`,
      `DEV/${SN}/up/telemetry`,
      'dev/+/up/telemetry',
      `dev/${SN}/up/+`,
      `dev/${SN}/up/#`,
      '',
    ];
    for (const topic of refused) expect(parseUpTopic(topic), topic).toBeUndefined();
  });

  it('a device may publish only on its own up topics', () => {
    for (const kind of upKinds) expect(mayPublish(SN, upTopic(SN, kind))).toBe(true);
    const refused = [
      upTopic(OTHER, 'telemetry'),
      upTopic('BAT2024A000123', 'alarm'),
      commandTopic(SN),
      commandTopic(OTHER),
      `dev/+/up/telemetry`,
      `dev/${SN}/up/+`,
      `dev/${SN}/up/#`,
      `dev/${SN}/#`,
      '#',
      '+/+/+/+',
      `dev/${SN}/up/telemetry/extra`,
      `dev/${SN}/up/telemetry/`,
      `dev/${SN}/up/telemetry/#`,
      `dev/${SN}/up`,
      `dev/${SN}`,
      `dev/${SN.toLowerCase()}/up/telemetry`,
      `$SYS/broker/clients`,
      `$SYS/dev/${SN}/up/telemetry`,
      `$CONTROL/dynamic-security/v1`,
      `dev/${SN}/up/data`,
      '',
    ];
    for (const topic of refused) expect(mayPublish(SN, topic), topic).toBe(false);
  });

  it('a device may subscribe only to its own command topic', () => {
    expect(maySubscribe(SN, commandTopic(SN))).toBe(true);
    const refused = [
      commandTopic(OTHER),
      `dev/${SN}/down/+`,
      `dev/${SN}/down/#`,
      `dev/${SN}/#`,
      `dev/+/down/command`,
      'dev/#',
      '#',
      '+/+/+/+',
      `$SYS/#`,
      `$CONTROL/dynamic-security/v1/response`,
      `${commandTopic(SN)}/`,
      `${commandTopic(SN)}/extra`,
      `dev/${SN.toLowerCase()}/down/command`,
      ...upKinds.map((kind) => upTopic(SN, kind)),
      ALL_UP_TOPICS,
    ];
    for (const filter of refused) expect(maySubscribe(SN, filter), filter).toBe(false);
  });
});

// ---------------------------------------------------------------- decoding

const inverterReading = { ts: TS, seq: 48213, values: { state: 2, pv_power_w: 4870, pv_kwh: 12873.42 } };

describe('decodeUp', () => {
  it('decodes a telemetry as one reading, with its interval', () => {
    const message = { v: 1, interval_s: 300, ...inverterReading };
    expect(decodeUp(DeviceType.inverter, 'telemetry', encodeMessage(message))).toEqual({
      ok: true,
      message: { kind: 'telemetry', interval_s: 300, readings: [inverterReading] },
    });
  });

  it('decodes bytes as it decodes text', () => {
    const text = encodeMessage({ v: 1, ...inverterReading });
    expect(decodeUp(DeviceType.inverter, 'telemetry', new TextEncoder().encode(text))).toEqual(
      decodeUp(DeviceType.inverter, 'telemetry', text),
    );
  });

  it('keeps the readings of a backfill in the order sent', () => {
    const readings = [3, 1, 2].map((n) => ({ ts: TS + n * 300_000, seq: n, values: { pv_kwh: 100 + n } }));
    const result = decodeUp(DeviceType.inverter, 'backfill', encodeMessage({ v: 1, readings }));
    expect(result).toEqual({ ok: true, message: { kind: 'backfill', interval_s: undefined, readings } });
  });

  it('decodes the EMS 5000 parts nested, and refuses a part it does not know', () => {
    const values = {
      load_power_w: 148200,
      state: emsStateCode('ems', 'grid_tied'),
      mode: 'peak_shaving',
      pcs: { state: emsStateCode('pcs', 'discharging'), ac_power_w: -60000 },
      bms: { soc_pct: 61.8, clusters: [{ soc_pct: 61.5, max_cell_no: 117 }, { soc_pct: 62.1 }] },
      meter: { grid_power_w: -7200, import_kwh: 402318.4 },
    };
    const result = decodeUp(
      DeviceType.energyManagementBox,
      'telemetry',
      encodeMessage({ v: 1, ts: TS, seq: 1, values }),
    );
    expect(result.ok && result.message.kind === 'telemetry' && result.message.readings[0]?.values).toEqual(
      values,
    );
    // a part name is a field like any other: an unknown one is dropped
    const withUnknownPart = { ...values, ats: { state: 1 } };
    const dropped = decodeUp(
      DeviceType.energyManagementBox,
      'telemetry',
      encodeMessage({ v: 1, ts: TS, seq: 1, values: withUnknownPart }),
    );
    expect(dropped.ok && dropped.message.kind === 'telemetry' && dropped.message.readings[0]?.values).toEqual(
      values,
    );
  });

  it('decodes alarms raised and cleared, with the EMS part', () => {
    for (const alarm of [
      { v: 1, ts: TS, seq: 7, event: 'raise', code: 301 },
      { v: 1, ts: TS, seq: 8, event: 'clear', code: 301 },
      { v: 1, ts: TS, seq: 9, event: 'raise', code: 1204, part: 'bms' },
    ]) {
      expect(decodeUp(DeviceType.energyManagementBox, 'alarm', encodeMessage(alarm))).toEqual({
        ok: true,
        message: { kind: 'alarm', message: alarm },
      });
    }
    expect(emsParts).toEqual(['pcs', 'pvs', 'bms', 'sts', 'generator', 'meter']);
  });

  it('decodes the last will and an online status', () => {
    expect(decodeUp(DeviceType.inverter, 'status', '{"v":1,"state":"offline"}')).toEqual({
      ok: true,
      message: { kind: 'status', message: { v: 1, state: 'offline' } },
    });
    const online = {
      v: 1,
      state: 'online',
      ts: TS,
      firmware_version: 'V2.14.3',
      interval_s: 300,
      active_alarms: [{ code: 301 }, { code: 1204, part: 'bms' }],
    };
    expect(decodeUp(DeviceType.inverter, 'status', encodeMessage(online))).toEqual({
      ok: true,
      message: { kind: 'status', message: online },
    });
  });

  it('trims the firmware version', () => {
    const result = decodeUp(
      DeviceType.inverter,
      'status',
      encodeMessage({ v: 1, state: 'online', firmware_version: ' V1.0 ' }),
    );
    expect(result.ok && result.message.kind === 'status' && result.message.message.firmware_version).toBe(
      'V1.0',
    );
  });

  it('decodes replies through a command’s life, with every upgrade status', () => {
    expect(upgradeStatuses).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const replies = [
      { v: 1, id: ID, ts: TS, state: 'acknowledged', upgrade_status: UpgradeStatus.waiting },
      {
        v: 1,
        id: ID,
        ts: TS + 1,
        state: 'progress',
        upgrade_status: UpgradeStatus.inProgress,
        progress_pct: 45,
      },
      {
        v: 1,
        id: ID,
        ts: TS + 2,
        state: 'succeeded',
        upgrade_status: UpgradeStatus.completed,
        progress_pct: 100,
      },
      ...upgradeStatuses
        .filter((status) => status >= UpgradeStatus.failed)
        .map((status) => ({
          v: 1,
          id: ID,
          ts: TS + 3,
          state: 'failed',
          upgrade_status: status,
          message: 'why',
        })),
      { v: 1, id: ID, ts: TS + 4, state: 'succeeded' },
    ];
    for (const reply of replies) {
      expect(decodeUp(DeviceType.inverter, 'reply', encodeMessage(reply))).toEqual({
        ok: true,
        message: { kind: 'reply', message: reply },
      });
    }
  });

  it('drops unknown fields at every level instead of refusing the message', () => {
    const noisy = {
      v: 1,
      ts: TS,
      seq: 1,
      firmware_hint: 'x',
      values: { load_power_w: 10, reactive_power_var: 5, pcs: { ac_power_w: 1, dc_bus_v: 800 } },
    };
    expect(decodeUp(DeviceType.energyManagementBox, 'telemetry', encodeMessage(noisy))).toEqual({
      ok: true,
      message: {
        kind: 'telemetry',
        interval_s: undefined,
        readings: [{ ts: TS, seq: 1, values: { load_power_w: 10, pcs: { ac_power_w: 1 } } }],
      },
    });
    const alarm = decodeUp(
      DeviceType.inverter,
      'alarm',
      encodeMessage({ v: 1, ts: TS, seq: 1, event: 'raise', code: 2, level: 3 }),
    );
    expect(alarm).toEqual({
      ok: true,
      message: { kind: 'alarm', message: { v: 1, ts: TS, seq: 1, event: 'raise', code: 2 } },
    });
  });

  it('says not_json for a payload that is not JSON', () => {
    for (const payload of ['', '{', 'hello', '{"v":1,}', "{'v':1}", 'NaN', new Uint8Array([0xff, 0xfe])]) {
      expect(decodeUp(DeviceType.inverter, 'telemetry', payload)).toEqual({ ok: false, error: 'not_json' });
    }
  });

  it('says invalid for JSON that is not an object', () => {
    for (const payload of ['[]', '[{"v":1}]', '1', 'null', '"v"', 'true']) {
      expect(refusal(decodeUp(DeviceType.inverter, 'status', payload))).toMatchObject({ error: 'invalid' });
    }
  });

  it('says unsupported_version for any other or missing v, with the version it saw', () => {
    for (const v of [2, 0, 1.5]) {
      expect(decodeUp(DeviceType.inverter, 'status', encodeMessage({ v, state: 'online' }))).toEqual({
        ok: false,
        error: 'unsupported_version',
        detail: String(v),
      });
    }
    for (const payload of [
      '{"v":"1","state":"online"}',
      '{"v":null,"state":"online"}',
      '{"v":true,"state":"online"}',
      '{"v":[1],"state":"online"}',
      '{"v":{"major":1},"state":"online"}',
      '{"state":"online"}',
    ]) {
      expect(refusal(decodeUp(DeviceType.inverter, 'status', payload)), payload).toMatchObject({
        error: 'unsupported_version',
      });
    }
  });

  it('takes a message of exactly the size limit and refuses one byte more as too_large', () => {
    const padded = (bytes: number) => {
      const base = encodeMessage({ v: 1, ...inverterReading, pad: '' });
      return encodeMessage({ v: 1, ...inverterReading, pad: 'x'.repeat(bytes - base.length) });
    };
    expect(MAX_MESSAGE_BYTES).toBe(256 * 1024);
    const atLimit = new TextEncoder().encode(padded(MAX_MESSAGE_BYTES));
    expect(atLimit.byteLength).toBe(MAX_MESSAGE_BYTES);
    expect(decodeUp(DeviceType.inverter, 'telemetry', atLimit).ok).toBe(true);
    const over = new TextEncoder().encode(padded(MAX_MESSAGE_BYTES + 1));
    expect(decodeUp(DeviceType.inverter, 'telemetry', over)).toEqual({ ok: false, error: 'too_large' });
    expect(decodeUp(DeviceType.inverter, 'telemetry', padded(MAX_MESSAGE_BYTES + 1))).toEqual({
      ok: false,
      error: 'too_large',
    });
    // the size is judged before parsing: garbage over the limit is too_large, not not_json
    expect(decodeUp(DeviceType.inverter, 'telemetry', '{'.repeat(MAX_MESSAGE_BYTES + 1))).toEqual({
      ok: false,
      error: 'too_large',
    });
  });

  const reading = (values: object, extra: object = {}) =>
    encodeMessage({ v: 1, ts: TS, seq: 1, values, ...extra });
  const invalidCases: [string, DeviceType, UpKind, string, RegExp][] = [
    [
      'a negative PV counter',
      DeviceType.inverter,
      'telemetry',
      reading({ pv_kwh: -0.1 }),
      /^values\.pv_kwh: too_small/,
    ],
    [
      'a negative grid import',
      DeviceType.meter,
      'telemetry',
      reading({ import_kwh: -1 }),
      /^values\.import_kwh: too_small/,
    ],
    [
      'a negative EMS generator counter',
      DeviceType.energyManagementBox,
      'telemetry',
      reading({ generator: { generator_kwh: -5 } }),
      /^values\.generator\.generator_kwh: too_small/,
    ],
    [
      'a counter beyond 1e10 kWh',
      DeviceType.chargingPile,
      'telemetry',
      reading({ ev_kwh: 1e10 + 1 }),
      /too_big/,
    ],
    ['SOC 120 %', DeviceType.battery, 'telemetry', reading({ soc_pct: 120 }), /^values\.soc_pct: too_big/],
    [
      'SOC 120 % of an EMS BMS',
      DeviceType.energyManagementBox,
      'telemetry',
      reading({ bms: { soc_pct: 120 } }),
      /^values\.bms\.soc_pct: too_big/,
    ],
    ['SOC −1 %', DeviceType.offGrid, 'telemetry', reading({ soc_pct: -1 }), /^values\.soc_pct: too_small/],
    [
      'a state outside 0–8',
      DeviceType.inverter,
      'telemetry',
      reading({ state: 9 }),
      /^values\.state: invalid_value/,
    ],
    [
      'an unknown pile state',
      DeviceType.chargingPile,
      'telemetry',
      reading({ pile_state: 'busy' }),
      /^values\.pile_state/,
    ],
    [
      'a power factor of 1.2',
      DeviceType.meter,
      'telemetry',
      reading({ power_factor: 1.2 }),
      /^values\.power_factor/,
    ],
    [
      'a power as a string',
      DeviceType.inverter,
      'telemetry',
      reading({ pv_power_w: '4870' }),
      /invalid_type/,
    ],
    [
      'a part that is not an object',
      DeviceType.energyManagementBox,
      'telemetry',
      reading({ pcs: 5 }),
      /^values\.pcs/,
    ],
    [
      'a part given as null',
      DeviceType.energyManagementBox,
      'telemetry',
      reading({ pcs: null }),
      /^values\.pcs/,
    ],
    [
      'a logger with half a buffered reading',
      DeviceType.dataLogger,
      'telemetry',
      reading({ buffered: 1.5 }),
      /buffered/,
    ],
    [
      'no values',
      DeviceType.inverter,
      'telemetry',
      encodeMessage({ v: 1, ts: TS, seq: 1 }),
      /^values: invalid_type/,
    ],
    [
      'no ts',
      DeviceType.inverter,
      'telemetry',
      encodeMessage({ v: 1, seq: 1, values: {} }),
      /^ts: invalid_type/,
    ],
    [
      'no seq',
      DeviceType.inverter,
      'telemetry',
      encodeMessage({ v: 1, ts: TS, values: {} }),
      /^seq: invalid_type/,
    ],
    [
      'a ts before 2000',
      DeviceType.inverter,
      'telemetry',
      encodeMessage({ v: 1, ts: EARLIEST_READING_MS - 1, seq: 1, values: {} }),
      /^ts: too_small/,
    ],
    [
      'a ts in seconds',
      DeviceType.inverter,
      'telemetry',
      encodeMessage({ v: 1, ts: TS / 1000, seq: 1, values: {} }),
      /^ts/,
    ],
    [
      'a ts as ISO text',
      DeviceType.inverter,
      'telemetry',
      reading({}, { ts: '2025-06-14T10:15:00Z' }),
      /^ts/,
    ],
    ['a fractional ts', DeviceType.inverter, 'telemetry', reading({}, { ts: TS + 0.5 }), /^ts/],
    ['a seq of 2^32', DeviceType.inverter, 'telemetry', reading({}, { seq: 2 ** 32 }), /^seq: too_big/],
    ['a negative seq', DeviceType.inverter, 'telemetry', reading({}, { seq: -1 }), /^seq: too_small/],
    ['an interval of 0 s', DeviceType.inverter, 'telemetry', reading({}, { interval_s: 0 }), /^interval_s/],
    [
      'an interval of 3601 s',
      DeviceType.inverter,
      'telemetry',
      reading({}, { interval_s: 3601 }),
      /^interval_s/,
    ],
    ['a telemetry sent as backfill', DeviceType.inverter, 'backfill', reading({}), /^readings: invalid_type/],
    [
      'an empty backfill',
      DeviceType.inverter,
      'backfill',
      encodeMessage({ v: 1, readings: [] }),
      /^readings: too_small/,
    ],
    [
      'a backfill of 501 readings',
      DeviceType.meter,
      'backfill',
      encodeMessage({
        v: 1,
        readings: Array.from({ length: 501 }, (_, i) => ({ ts: TS + i * 60_000, seq: i, values: {} })),
      }),
      /^readings: too_big/,
    ],
    [
      'a backfill with one reading before 2000',
      DeviceType.inverter,
      'backfill',
      encodeMessage({
        v: 1,
        readings: [
          { ts: TS, seq: 1, values: {} },
          { ts: 0, seq: 2, values: {} },
        ],
      }),
      /^readings\.1\.ts: too_small/,
    ],
    [
      'an alarm code 0',
      DeviceType.inverter,
      'alarm',
      encodeMessage({ v: 1, ts: TS, seq: 1, event: 'raise', code: 0 }),
      /^code/,
    ],
    [
      'an alarm code 65536',
      DeviceType.inverter,
      'alarm',
      encodeMessage({ v: 1, ts: TS, seq: 1, event: 'raise', code: 65536 }),
      /^code/,
    ],
    [
      'an alarm event other than raise and clear',
      DeviceType.inverter,
      'alarm',
      encodeMessage({ v: 1, ts: TS, seq: 1, event: 'open', code: 1 }),
      /^event/,
    ],
    [
      'an alarm of an unknown part',
      DeviceType.energyManagementBox,
      'alarm',
      encodeMessage({ v: 1, ts: TS, seq: 1, event: 'raise', code: 1, part: 'ats' }),
      /^part/,
    ],
    [
      'an alarm without seq',
      DeviceType.inverter,
      'alarm',
      encodeMessage({ v: 1, ts: TS, event: 'raise', code: 1 }),
      /^seq/,
    ],
    [
      'a status of an unknown state',
      DeviceType.inverter,
      'status',
      encodeMessage({ v: 1, state: 'sleeping' }),
      /^state/,
    ],
    [
      'an empty firmware version',
      DeviceType.inverter,
      'status',
      encodeMessage({ v: 1, state: 'online', firmware_version: '   ' }),
      /^firmware_version/,
    ],
    [
      '201 active alarms',
      DeviceType.inverter,
      'status',
      encodeMessage({
        v: 1,
        state: 'online',
        active_alarms: Array.from({ length: 201 }, (_, i) => ({ code: i + 1 })),
      }),
      /^active_alarms: too_big/,
    ],
    [
      'a reply with an id that is not a UUID',
      DeviceType.inverter,
      'reply',
      encodeMessage({ v: 1, id: 'cmd-1', ts: TS, state: 'acknowledged' }),
      /^id/,
    ],
    [
      'a reply with upgrade status 10',
      DeviceType.inverter,
      'reply',
      encodeMessage({ v: 1, id: ID, ts: TS, state: 'failed', upgrade_status: 10 }),
      /^upgrade_status/,
    ],
    [
      'a reply at 101 %',
      DeviceType.inverter,
      'reply',
      encodeMessage({ v: 1, id: ID, ts: TS, state: 'progress', progress_pct: 101 }),
      /^progress_pct/,
    ],
    [
      'a reply in an unknown state',
      DeviceType.inverter,
      'reply',
      encodeMessage({ v: 1, id: ID, ts: TS, state: 'expired' }),
      /^state/,
    ],
  ];

  for (const [what, type, kind, payload, detail] of invalidCases) {
    it(`says invalid for ${what}, naming the field`, () => {
      const result = refusal(decodeUp(type, kind, payload));
      expect(result).toMatchObject({ error: 'invalid' });
      expect(result.detail).toMatch(detail);
    });
  }

  it('takes the values at the edges of their ranges', () => {
    const edges: [DeviceType, UpKind, string][] = [
      [
        DeviceType.inverter,
        'telemetry',
        encodeMessage({ v: 1, ts: EARLIEST_READING_MS, seq: 0, values: {} }),
      ],
      [DeviceType.inverter, 'telemetry', reading({ pv_kwh: 0 }, { seq: 2 ** 32 - 1, interval_s: 1 })],
      [
        DeviceType.battery,
        'telemetry',
        reading({ soc_pct: 100, soh_pct: 0, power_w: -1e8 }, { interval_s: 3600 }),
      ],
      [DeviceType.meter, 'telemetry', reading({ power_factor: -1, import_kwh: 1e10 })],
      [
        DeviceType.dataLogger,
        'telemetry',
        reading({ signal_dbm: 0, buffered: 1e7, uptime_s: Number.MAX_SAFE_INTEGER }),
      ],
      [DeviceType.inverter, 'alarm', encodeMessage({ v: 1, ts: TS, seq: 0, event: 'clear', code: 65535 })],
      [
        DeviceType.meter,
        'backfill',
        encodeMessage({
          v: 1,
          readings: Array.from({ length: MAX_BACKFILL_READINGS }, (_, i) => ({
            ts: TS + i,
            seq: i,
            values: {},
          })),
        }),
      ],
    ];
    for (const [type, kind, payload] of edges)
      expect(refusal(decodeUp(type, kind, payload))).toEqual({ ok: true });
  });

  it('has the limits the document states', () => {
    expect(EARLIEST_READING_MS).toBe(946_684_800_000);
    expect(CLOCK_SKEW_MS).toBe(10 * 60 * 1000);
    // a step of the longest interval a device may declare is never a gap
    expect(intervalSeconds.safeParse(ENERGY_GAP_MS / 1000).success).toBe(true);
    expect(intervalSeconds.safeParse(ENERGY_GAP_MS / 1000 + 1).success).toBe(false);
    expect(REGISTRATION_GRACE_MS).toBeLessThan(BACKFILL_HORIZON_MS);
    expect(MAX_BACKFILL_READINGS).toBe(500);
    expect(DEFAULT_INTERVAL_S).toBe(300);
    expect(intervalSeconds.safeParse(1).success && intervalSeconds.safeParse(3600).success).toBe(true);
    expect(intervalSeconds.safeParse(3601).success).toBe(false);
  });
});

// ---------------------------------------------------------------- values

describe('flattenValues and readCounters', () => {
  it('flatten EMS 5000 parts to part.field and leave plain fields as they are', () => {
    const values = {
      load_power_w: 148200,
      pcs: { state: 5, ac_power_w: -60000, charge_kwh: 812345.6, discharge_kwh: 760211.3 },
      pvs: { pv_kwh: 1523400.8 },
      bms: {},
      meter: { grid_power_w: -7200, import_kwh: 402318.4, export_kwh: 98122.7 },
      generator: { generator_kwh: 3410.2 },
    };
    const flat = flattenValues(values);
    expect(flat).toEqual({
      load_power_w: 148200,
      'pcs.state': 5,
      'pcs.ac_power_w': -60000,
      'pcs.charge_kwh': 812345.6,
      'pcs.discharge_kwh': 760211.3,
      'pvs.pv_kwh': 1523400.8,
      'meter.grid_power_w': -7200,
      'meter.import_kwh': 402318.4,
      'meter.export_kwh': 98122.7,
      'generator.generator_kwh': 3410.2,
    });
    expect(readCounters(DeviceType.energyManagementBox, flat)).toEqual({
      pv_kwh: 1523400.8,
      charge_kwh: 812345.6,
      discharge_kwh: 760211.3,
      import_kwh: 402318.4,
      export_kwh: 98122.7,
      generator_kwh: 3410.2,
    });
  });

  it('number a part’s list of objects from 1, keeping an entry’s number when an earlier one is empty', () => {
    const values = {
      state: 1,
      mode: 'generator_support',
      bms: {
        soc_pct: 61.8,
        clusters: [{ soc_pct: 61.5, max_cell_no: 117 }, {}, { soc_pct: 62.1, voltage_v: 768.2 }],
      },
    };
    expect(flattenValues(values)).toEqual({
      state: 1,
      mode: 'generator_support',
      'bms.soc_pct': 61.8,
      'bms.clusters.1.soc_pct': 61.5,
      'bms.clusters.1.max_cell_no': 117,
      'bms.clusters.3.soc_pct': 62.1,
      'bms.clusters.3.voltage_v': 768.2,
    });
    expect(flattenValues({ bms: { clusters: [] } })).toEqual({});
  });

  it('keep a wallbox’s state name and skip what is absent', () => {
    const flat = flattenValues({
      pile_state: 'charging',
      power_w: 10980,
      session_kwh: 7.35,
      ev_kwh: 4821.6,
      x: undefined,
    });
    expect(flat).toEqual({ pile_state: 'charging', power_w: 10980, session_kwh: 7.35, ev_kwh: 4821.6 });
    expect(readCounters(DeviceType.chargingPile, flat)).toEqual({ ev_kwh: 4821.6 });
  });

  const counterCases: [DeviceType, Record<string, unknown>, Record<string, number>][] = [
    [DeviceType.inverter, { pv_kwh: 12873.42, pv_power_w: 4870 }, { pv_kwh: 12873.42 }],
    [
      DeviceType.battery,
      { charge_kwh: 3412.8, discharge_kwh: 3187.5, soc_pct: 63.5 },
      { charge_kwh: 3412.8, discharge_kwh: 3187.5 },
    ],
    [DeviceType.offGrid, { pv_kwh: 5120.3, load_kwh: 3904.7 }, { pv_kwh: 5120.3, load_kwh: 3904.7 }],
    [DeviceType.chargingPile, { ev_kwh: 4821.6, session_kwh: 7.35 }, { ev_kwh: 4821.6 }],
    [
      DeviceType.meter,
      { import_kwh: 8215.37, export_kwh: 10342.91 },
      { import_kwh: 8215.37, export_kwh: 10342.91 },
    ],
    [
      DeviceType.commercialHybrid,
      { pv_kwh: 184320.5, charge_kwh: 52110.2, discharge_kwh: 48870.9 },
      { pv_kwh: 184320.5, charge_kwh: 52110.2, discharge_kwh: 48870.9 },
    ],
    [
      DeviceType.energyManagementBox,
      { pvs: { pv_kwh: 1 }, meter: { import_kwh: 2 } },
      { pv_kwh: 1, import_kwh: 2 },
    ],
    [DeviceType.dataLogger, { signal_dbm: -71, buffered: 0, uptime_s: 864123 }, {}],
  ];
  for (const [type, values, counters] of counterCases) {
    it(`read the counters of device type ${type}, and only its own`, () => {
      expect(readCounters(type, flattenValues(values))).toEqual(counters);
      // counters named by another type, or at the top level of an EMS, are not this type's
      const foreign = flattenValues({
        pv_kwh: 1,
        charge_kwh: 2,
        discharge_kwh: 3,
        import_kwh: 4,
        export_kwh: 5,
        load_kwh: 6,
        ev_kwh: 7,
        generator_kwh: 8,
      });
      const own = readCounters(type, foreign);
      const expectedOwn: Record<DeviceType, string[]> = {
        1: ['pv_kwh'],
        2: ['charge_kwh', 'discharge_kwh'],
        3: ['pv_kwh', 'load_kwh'],
        4: ['ev_kwh'],
        6: ['import_kwh', 'export_kwh'],
        7: ['pv_kwh', 'charge_kwh', 'discharge_kwh'],
        8: [],
        9: [],
      };
      expect(Object.keys(own).sort()).toEqual([...expectedOwn[type]].sort());
    });
  }

  it('ignore a counter that is not a number', () => {
    expect(readCounters(DeviceType.inverter, { pv_kwh: '12873.42' })).toEqual({});
  });
});

// ---------------------------------------------------------------- commands

const command = { v: 1, id: ID, ts: TS, expires_at: TS + 86_400_000 };
const upgradeParams = {
  url: 'https://portal.example.com/firmware/INV-V2.15.0.bin',
  version: 'V2.15.0',
  size_bytes: 1835008,
  sha256: '3405fcea9cfc0a3dbf8410fc484723b9dcb6644d7f5b91595714cfcecf5df93c',
  signature: 'ZTEUvclUzN4ASnvym7nrWKoKl6EIIIXrkt1/bZWYysmp8j+cDDJiDkXxnit7S06ce0Yu/OAcPih+v+DUpOHHiA==',
};

describe('commandMessage', () => {
  const accepted: Record<(typeof commandNames)[number], object> = {
    settings: { ...command, name: 'settings', params: { export_limit_w: 4600, export_limit_enabled: true } },
    strategy: { ...command, name: 'strategy', params: { mode: 'time_of_use', min_soc_pct: 15 } },
    network: { ...command, name: 'network', params: { dhcp: false, ip: '192.168.1.50' } },
    debug: { ...command, name: 'debug', params: { action: 'start', interval_s: 10, duration_s: 900 } },
    read: { ...command, name: 'read', params: {} },
    sync_clock: { ...command, name: 'sync_clock', params: { ts: TS, time_zone: 'Europe/Rome' } },
    restore_defaults: { ...command, name: 'restore_defaults' },
    self_test: { ...command, name: 'self_test' },
    restart: { ...command, name: 'restart', params: {} },
    upgrade: { ...command, name: 'upgrade', params: upgradeParams },
    charging_plan: {
      ...command,
      name: 'charging_plan',
      params: {
        mode: 'pv',
        min_current_a: 6,
        max_current_a: 16,
        phases: 'auto',
        target_wh: 20_000,
        departure_at: TS + 12 * 3_600_000,
        windows: [{ start: TS + 3_600_000, end: TS + 7_200_000, power_w: 11_040 }],
      },
    },
    charge: { ...command, name: 'charge', params: { action: 'current', current_a: 10 } },
  };

  for (const name of commandNames) {
    it(`accepts a ${name} command and reads it back unchanged`, () => {
      const message = accepted[name];
      expect(commandMessage.parse(JSON.parse(encodeMessage(message)))).toEqual(message);
    });
  }

  const refused: [string, object][] = [
    [
      'an upgrade without sha256',
      { ...command, name: 'upgrade', params: { ...upgradeParams, sha256: undefined } },
    ],
    [
      'an upgrade with an upper-case sha256',
      {
        ...command,
        name: 'upgrade',
        params: { ...upgradeParams, sha256: upgradeParams.sha256.toUpperCase() },
      },
    ],
    [
      'an upgrade with a 63-digit sha256',
      { ...command, name: 'upgrade', params: { ...upgradeParams, sha256: upgradeParams.sha256.slice(1) } },
    ],
    [
      'an upgrade with a sha256 and a newline',
      { ...command, name: 'upgrade', params: { ...upgradeParams, sha256: `${upgradeParams.sha256}\n` } },
    ],
    [
      'an upgrade with a base64 sha256',
      {
        ...command,
        name: 'upgrade',
        params: { ...upgradeParams, sha256: 'NAX86pz8Cj2/hBD8SEcjudy2ZE1/W5FZVxTPzs9flDw=' },
      },
    ],
    [
      'an upgrade without signature',
      { ...command, name: 'upgrade', params: { ...upgradeParams, signature: undefined } },
    ],
    ['an upgrade of 0 bytes', { ...command, name: 'upgrade', params: { ...upgradeParams, size_bytes: 0 } }],
    [
      'an upgrade whose url is not a URL',
      { ...command, name: 'upgrade', params: { ...upgradeParams, url: 'firmware.bin' } },
    ],
    ['an upgrade without params', { ...command, name: 'upgrade' }],
    ['an unknown command name', { ...command, name: 'reboot' }],
    ['a command whose id is not a UUID', { ...accepted.restart, id: 'restart-1' }],
    ['a command without expiry', { v: 1, id: ID, ts: TS, name: 'restart' }],
    ['a command of version 2', { ...accepted.restart, v: 2 }],
    ['a setting whose value is an object', { ...command, name: 'settings', params: { limits: { max: 1 } } }],
    ['a setting whose value is null', { ...command, name: 'settings', params: { limit: null } }],
    ['a setting with an empty name', { ...command, name: 'settings', params: { '': 1 } }],
    ['a setting name of 65 characters', { ...command, name: 'settings', params: { ['n'.repeat(65)]: 1 } }],
    ['a setting text of 201 characters', { ...command, name: 'network', params: { apn: 'a'.repeat(201) } }],
    ['settings without params', { ...command, name: 'settings' }],
  ];
  for (const [what, message] of refused) {
    it(`refuses ${what}`, () => {
      expect(commandMessage.safeParse(message).success).toBe(false);
    });
  }
});

// ---------------------------------------------------------------- the document

const doc = readFileSync(fileURLToPath(new URL('../../../docs/device-protocol.md', import.meta.url)), 'utf8');

/**
 * The rows of a markdown table, as trimmed cells: the table right after `marker`, or the table
 * whose header line is `marker`. The marker must occur once.
 */
function tableAfter(marker: string): string[][] {
  const at = doc.indexOf(marker);
  if (at < 0 || doc.lastIndexOf(marker) !== at)
    throw new Error(`"${marker}" is not in the document exactly once`);
  const start = marker.startsWith('|') ? at : at + marker.length;
  const rows: string[][] = [];
  for (const line of doc.slice(start).replace(/^\n/, '').split('\n')) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2); // header and separator
}

const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/**
 * Every leaf field of a values schema, EMS parts as `part.field` and the fields of a part's list of
 * objects as `part.list[].field` (as the document's tables name them).
 */
function schemaLeaves(
  schema: z.ZodObject,
  prefix = '',
): Map<string, { schema: z.ZodType; description?: string }> {
  const found = new Map<string, { schema: z.ZodType; description?: string }>();
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    if (inner instanceof z.ZodObject) {
      for (const [name, leaf] of schemaLeaves(inner, `${prefix}${key}.`)) found.set(name, leaf);
    } else if (inner instanceof z.ZodArray && inner.element instanceof z.ZodObject) {
      for (const [name, leaf] of schemaLeaves(inner.element, `${prefix}${key}[].`)) found.set(name, leaf);
    } else {
      found.set(`${prefix}${key}`, { schema: inner, description: field.description ?? inner.description });
    }
  }
  return found;
}

const num = (text: string) => Number(text.replace('−', '-'));

/** The unit each name suffix stands for, as the document's own table says. */
function suffixUnits(): [string, string][] {
  return tableAfter('| suffix | unit | kind |').map((row) => [code(row[0]!)[0]!, row[1]!.split(' ')[0]!]);
}

describe('docs/device-protocol.md', () => {
  it('has one field table per device type', () => {
    const marked = [...doc.matchAll(/<!-- fields: (\d+) -->/g)].map((match) => Number(match[1]));
    expect([...marked].sort((a, b) => a - b)).toEqual([...deviceTypes].sort((a, b) => a - b));
  });

  for (const type of deviceTypes) {
    describe(`field table of device type ${type}`, () => {
      const leaves = schemaLeaves(deviceValues[type] as z.ZodObject);
      const rows = tableAfter(`<!-- fields: ${type} -->`);
      const documented = new Map(rows.map((row) => [code(row[0]!)[0] ?? row[0]!, row]));

      it('names every field of the schema', () => {
        expect([...leaves.keys()].filter((name) => !documented.has(name))).toEqual([]);
      });

      it('names no field the schema does not have', () => {
        expect([...documented.keys()].filter((name) => !leaves.has(name))).toEqual([]);
        expect(documented.size).toBe(rows.length); // no field twice
      });

      it('gives each field the schema’s type, range, unit and meaning', () => {
        const units = suffixUnits();
        expect(units.length).toBeGreaterThanOrEqual(9);
        for (const [name, leaf] of leaves) {
          const row = documented.get(name);
          if (!row) continue; // reported above
          const [, kind, unit, range, meaning] = row as [string, string, string, string, string];
          const { schema } = leaf;
          if (schema instanceof z.ZodNumber) {
            expect(kind, name).toBe(schema.isInt ? 'integer' : 'number');
            const bounded = /^(\S+) to (\S+)$/.exec(range);
            const from = /^≥ (\S+)$/.exec(range);
            if (bounded) {
              expect([num(bounded[1]!), num(bounded[2]!)], name).toEqual([schema.minValue, schema.maxValue]);
            } else {
              expect(from, `${name}: range "${range}"`).not.toBeNull();
              expect(num(from![1]!), name).toBe(schema.minValue);
              expect(schema.maxValue ?? Number.POSITIVE_INFINITY, name).toBeGreaterThanOrEqual(
                Number.MAX_SAFE_INTEGER,
              );
            }
          } else if (schema instanceof z.ZodLiteral) {
            expect(kind, name).toBe('integer (state code)');
            expect(range.split(', ').map(num), name).toEqual([...schema.values]);
          } else if (schema instanceof z.ZodEnum) {
            expect(kind, name).toBe('string');
            expect(code(range), name).toEqual(schema.options);
          } else {
            throw new Error(`${name}: a kind of field the document test does not know`);
          }
          const suffix = units.filter(([s]) => name.endsWith(s)).sort((a, b) => b[0].length - a[0].length)[0];
          if (suffix) expect(unit, name).toBe(suffix[1]);
          else
            expect(
              units.map(([, u]) => u),
              name,
            ).not.toContain(unit);
          if (leaf.description) expect(meaning, name).toContain(leaf.description);
        }
      });
    });
  }

  it('lists the working states of inverters and batteries and the pile states of the code', () => {
    const states = tableAfter('| state | meaning |');
    // `onGrid` is written "on grid"
    expect(states.map((row) => [num(row[0]!), row[1]])).toEqual(
      Object.entries(PartState).map(([name, state]) => [
        state,
        name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`),
      ]),
    );
    for (const pileState of pileStates) expect(doc).toContain(`\`${pileState}\``);
  });

  it('lists each EMS 5000 state set with its numbers and names, and no other', () => {
    const marked = [...doc.matchAll(/<!-- states: (\w+) -->/g)].map((match) => match[1]);
    expect(marked).toEqual(Object.keys(emsPartStates));
    expect(Object.keys(emsPartStates)).toEqual(['ems', ...emsParts]);
    for (const [set, names] of Object.entries(emsPartStates)) {
      const rows = tableAfter(`<!-- states: ${set} -->`);
      expect(
        rows.map((row) => [num(row[0]!), code(row[1]!)[0]]),
        set,
      ).toEqual(names.map((name, state) => [state, name]));
      for (const row of rows) expect(row[2], `${set} ${row[1]}`).not.toBe('');
      // the field table sends each state field to its own set
      const field = set === 'ems' ? 'state' : `${set}.state`;
      const fieldRow = tableAfter('<!-- fields: 8 -->').find((row) => code(row[0]!)[0] === field);
      expect(fieldRow?.[4], field).toContain(`${set} states, see 4.7`);
    }
  });

  it('states how many clusters a BMS reports at most', () => {
    expect(doc).toContain(`at most ${MAX_BMS_CLUSTERS} clusters`);
    const clusters = energyManagementValues.shape.bms.unwrap().shape.clusters.unwrap();
    expect(clusters.safeParse(Array.from({ length: MAX_BMS_CLUSTERS }, () => ({}))).success).toBe(true);
    expect(clusters.safeParse(Array.from({ length: MAX_BMS_CLUSTERS + 1 }, () => ({}))).success).toBe(false);
  });

  it('lists, for each device type, exactly the counters readCounters takes', () => {
    const rows = tableAfter('<!-- counters -->');
    expect(rows.map((row) => Number.parseInt(row[0]!, 10)).sort((a, b) => a - b)).toEqual(
      [...deviceTypes].sort((a, b) => a - b),
    );
    for (const row of rows) {
      const type = Number.parseInt(row[0]!, 10) as DeviceType;
      // give every field a value of its own, and see which fields come back as counters
      const fields = [...schemaLeaves(deviceValues[type] as z.ZodObject)].filter(
        ([, l]) => l.schema instanceof z.ZodNumber,
      );
      // (a list's fields flattened as the first entry's: `bms.clusters.1.soc_pct`)
      const flat = Object.fromEntries(fields.map(([name], i) => [name.replace('[]', '.1'), i + 1]));
      const taken = Object.values(readCounters(type, flat)).map((value) => fields[value - 1]![0]);
      expect(code(row[1]!).sort(), `device type ${type}`).toEqual(taken.sort());
    }
  });

  it('has the topics of the code in its topic table', () => {
    const topics = tableAfter('| topic | publisher | subscriber | QoS | retain | content |').map(
      (row) => code(row[0]!)[0],
    );
    expect(topics).toEqual([...upKinds.map((kind) => upTopic('{sn}', kind)), commandTopic('{sn}')]);
  });

  it('states the code’s limits', () => {
    expect(doc).toContain('262 144 bytes');
    expect(262_144).toBe(MAX_MESSAGE_BYTES);
    expect(doc).toContain(`1 to ${MAX_BACKFILL_READINGS} readings`);
    expect(doc).toContain('946 684 800 000');
    expect(doc).toContain(`${CLOCK_SKEW_MS / 60_000} minutes ahead`);
    expect(doc).toContain(`${BACKFILL_HORIZON_MS / 86_400_000} days older than the portal's clock`);
    expect(doc).toContain(`${REGISTRATION_GRACE_MS / 86_400_000} days older than the device's registration`);
    expect(doc).toContain(`at most ${ENERGY_GAP_MS / 3_600_000} hour apart`);
    expect(doc).toContain(`default ${DEFAULT_INTERVAL_S}`);
    expect(doc).toContain('{"v":1,"state":"offline"}');
  });

  describe('examples', () => {
    const examples = [...doc.matchAll(/<!-- example: (\w+)(?: (\d+))? -->\n```json\n([\s\S]*?)\n```/g)].map(
      (match) => ({
        kind: match[1]!,
        type: Number(match[2] ?? DeviceType.inverter) as DeviceType,
        json: match[3]!,
      }),
    );
    const marked = [...doc.matchAll(/<!-- example: /g)].length;

    it('are all found', () => {
      expect(examples.length).toBe(marked);
      expect(examples.length).toBeGreaterThan(20);
    });

    it('cover telemetry of every device type, every command, every reply state, alarm events and both statuses', () => {
      const telemetry = examples.filter((e) => e.kind === 'telemetry').map((e) => e.type);
      expect([...telemetry].sort((a, b) => a - b)).toEqual([...deviceTypes].sort((a, b) => a - b));
      expect(examples.some((e) => e.kind === 'backfill')).toBe(true);
      const parsed = (kind: string) => examples.filter((e) => e.kind === kind).map((e) => JSON.parse(e.json));
      expect(new Set(parsed('command').map((c) => c.name))).toEqual(new Set(commandNames));
      expect(new Set(parsed('reply').map((r) => r.state))).toEqual(
        new Set(['acknowledged', 'progress', 'succeeded', 'failed']),
      );
      expect(new Set(parsed('alarm').map((a) => a.event))).toEqual(new Set(['raise', 'clear']));
      expect(parsed('alarm').some((a) => a.part !== undefined)).toBe(true);
      expect(new Set(parsed('status').map((s) => s.state))).toEqual(new Set(['online', 'offline']));
      const ems = parsed('telemetry').find((t) => t.values.pcs);
      expect(
        Object.keys(ems.values)
          .filter((key) => !['state', 'mode', 'load_power_w'].includes(key))
          .sort(),
      ).toEqual([...emsParts].sort());
      expect(ems.values.state).toBeTypeOf('number');
      expect(ems.values.mode).toBeTypeOf('string');
      expect(ems.values.bms.clusters.length).toBeGreaterThanOrEqual(2);
    });

    it('are valid messages that lose no field when decoded', () => {
      for (const { kind, type, json } of examples) {
        const raw = JSON.parse(json);
        if (kind === 'command') {
          expect(commandMessage.parse(raw), json).toEqual(raw);
          continue;
        }
        expect((upKinds as readonly string[]).includes(kind), kind).toBe(true);
        const result = decodeUp(type, kind as UpKind, json);
        if (!result.ok)
          throw new Error(`${kind} example refused (${result.error} ${result.detail}):\n${json}`);
        const message = result.message;
        // rebuild the message from what was decoded: a field the portal dropped is missing from it
        if (message.kind === 'telemetry') {
          const [reading] = message.readings;
          expect({ v: 1, interval_s: message.interval_s, ...reading }, json).toEqual(raw);
        } else if (message.kind === 'backfill') {
          expect({ v: 1, interval_s: message.interval_s, readings: message.readings }, json).toEqual(raw);
        } else {
          expect(message.message, json).toEqual(raw);
        }
      }
    });
  });
});

// ---------------------------------------------------------------- hostile input

/** Defects found while writing these tests, now fixed: each stays as a test of the right behaviour. */
describe('hostile input that once got through', () => {
  it('decodeUp answers unsupported_version, without throwing, whatever v holds', () => {
    // messages.ts decodeUp builds detail with String(v), which throws a TypeError for an object
    // such as {"toString":1}: any device can make ingestion throw instead of logging a refusal
    const payload = '{"v":{"toString":1},"state":"online"}';
    expect(() => decodeUp(DeviceType.inverter, 'status', payload)).not.toThrow();
    expect(decodeUp(DeviceType.inverter, 'status', payload)).toMatchObject({
      ok: false,
      error: 'unsupported_version',
    });
  });

  it('maySubscribe refuses a wildcard even when it is handed as the SN', () => {
    // topics.ts maySubscribe compares with commandTopic(sn) without checking that sn is an SN,
    // so a client whose user name were "+" could subscribe to every device's commands
    expect(maySubscribe('+', 'dev/+/down/command')).toBe(false);
  });

  it('decodeUp measures a text payload in bytes, as the limit says', () => {
    // messages.ts decodeUp counts UTF-16 code units of a string, not its UTF-8 bytes
    const text = encodeMessage({ v: 1, ...inverterReading, pad: '€'.repeat(100_000) });
    expect(new TextEncoder().encode(text).byteLength).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(decodeUp(DeviceType.inverter, 'telemetry', text)).toEqual({ ok: false, error: 'too_large' });
  });

  it('decodeUp does not copy the payload into the detail meant for the log', () => {
    // messages.ts decodeUp puts String(v) into detail: a device chooses up to 256 KiB of log text
    const result = decodeUp(
      DeviceType.inverter,
      'status',
      encodeMessage({ v: 'x'.repeat(100_000), state: 'online' }),
    );
    expect((result.ok ? '' : (result.detail ?? '')).length).toBeLessThanOrEqual(40);
  });
});

describe('control characters in device messages', () => {
  it('a NUL in a reply text or a firmware version is refused as invalid, naming where', () => {
    const reply = encodeMessage({
      v: 1,
      id: '5b0d2f4c-1f2a-4c3b-9a1e-0d6f7a8b9c0d',
      ts: Date.now(),
      state: 'failed',
      message: 'flash\u0000 failed',
    });
    expect(decodeUp(DeviceType.inverter, 'reply', reply)).toEqual({
      ok: false,
      error: 'invalid',
      detail: 'message: control character',
    });
    const status = encodeMessage({ v: 1, state: 'online', firmware_version: 'V1\u001b[2J' });
    expect(decodeUp(DeviceType.inverter, 'status', status)).toMatchObject({ ok: false, error: 'invalid' });
  });
});
