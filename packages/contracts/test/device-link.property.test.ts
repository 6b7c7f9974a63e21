import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  alarmMessage,
  backfillSchema,
  commandMessage,
  commandNames,
  commandTopic,
  decodeUp,
  EARLIEST_READING_MS,
  type EnergyCounter,
  encodeMessage,
  flattenValues,
  MAX_BACKFILL_READINGS,
  MAX_BMS_CLUSTERS,
  MAX_MESSAGE_BYTES,
  mayPublish,
  maySubscribe,
  PROTOCOL_VERSION,
  parseUpTopic,
  readCounters,
  readingSchema,
  replyMessage,
  statusMessage,
  telemetrySchema,
  type UpKind,
  upKinds,
  upTopic,
} from '../src/device-link/index.ts';
import { DeviceType, deviceTypes } from '../src/enums.ts';
import { snBodyLength, snPrefixes } from '../src/fleet-rules.ts';

/**
 * Property tests of the device protocol. Every arbitrary is derived from the zod schemas
 * themselves (their fields, bounds, formats and enumerations), so a field added to `values.ts` or
 * `messages.ts` is generated without touching this file, and a kind of schema this file does not
 * know makes it fail loudly instead of testing less.
 */

// ---------------------------------------------------------------- arbitraries from schemas

/** The definitions of a schema's checks (length limits, regular expressions). */
function checkDefs(schema: z.ZodType): Record<string, unknown>[] {
  return (schema._zod.def.checks ?? []).map((check) => check._zod.def as unknown as Record<string, unknown>);
}

/** Any integer from `min` to `max`, beyond fast-check's 32-bit `integer`. */
const int = (min: number, max: number) => fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);

/** JSON has no −0: it comes back as 0, so the arbitraries never produce it. */
const noNegativeZero = (x: number) => (x === 0 ? 0 : x);

/** Text without surrounding white space (a trimmed field reads back unchanged). */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc
    .string({ unit: 'grapheme', minLength, maxLength })
    .filter((s) => s.trim() === s && s.length >= minLength && s.length <= maxLength);
}

function numberArbitrary(schema: z.ZodNumber): fc.Arbitrary<number> {
  const finite = (x: number | null, fallback: number) => (x === null || !Number.isFinite(x) ? fallback : x);
  const min = finite(schema.minValue, -Number.MAX_VALUE);
  const max = finite(schema.maxValue, Number.MAX_VALUE);
  const inner = schema.isInt
    ? int(Math.ceil(min), Math.floor(max))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map(noNegativeZero);
  // the bounds themselves are in range, and are where mistakes live
  return fc.oneof(inner, fc.constantFrom(noNegativeZero(min), noNegativeZero(max)));
}

/** Any valid value of `schema`; arrays are cut to `arrayCap` elements to keep runs fast. */
function arbitraryOf(schema: z.ZodType, arrayCap = 6): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const [key, field] of Object.entries(shape)) {
      if (field instanceof z.ZodOptional) {
        model[key] = arbitraryOf(field.unwrap() as z.ZodType, arrayCap);
      } else {
        model[key] = arbitraryOf(field, arrayCap);
        requiredKeys.push(key);
      }
    }
    return fc.record(model, { requiredKeys });
  }
  if (schema instanceof z.ZodOptional) {
    return fc.option(arbitraryOf(schema.unwrap() as z.ZodType, arrayCap), { nil: undefined });
  }
  if (schema instanceof z.ZodNullable) {
    return fc.option(arbitraryOf(schema.unwrap() as z.ZodType, arrayCap), { nil: null });
  }
  if (schema instanceof z.ZodNumber) return numberArbitrary(schema);
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...schema.values);
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as string[]));
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodUnion) {
    return fc.oneof(...(schema.options as z.ZodType[]).map((option) => arbitraryOf(option, arrayCap)));
  }
  if (schema instanceof z.ZodRecord) {
    // a "__proto__" key cannot be set on a plain object by assignment, so zod drops it: no round trip
    return fc.dictionary(
      (arbitraryOf(schema.keyType as z.ZodType, arrayCap) as fc.Arbitrary<string>).filter(
        (k) => k !== '__proto__',
      ),
      arbitraryOf(schema.valueType as z.ZodType, arrayCap),
      { maxKeys: arrayCap },
    );
  }
  if (schema instanceof z.ZodArray) {
    const defs = checkDefs(schema);
    const minLength = Number(defs.find((d) => d.check === 'min_length')?.minimum ?? 0);
    const maxLength = Number(defs.find((d) => d.check === 'max_length')?.maximum ?? arrayCap);
    return fc.array(arbitraryOf(schema.element as z.ZodType, arrayCap), {
      minLength,
      maxLength: Math.max(minLength, Math.min(maxLength, arrayCap)),
    });
  }
  if (schema instanceof z.ZodStringFormat) {
    const format = schema.format;
    if (format === 'uuid') return fc.uuid();
    if (format === 'url') {
      const max = schema.maxLength ?? 2000;
      return fc.webUrl({ withQueryParameters: true }).filter((url) => url.length <= max);
    }
    throw new Error(`no arbitrary for the string format ${format}`);
  }
  if (schema instanceof z.ZodString) {
    const pattern = checkDefs(schema).find((d) => d.format === 'regex')?.pattern;
    if (pattern instanceof RegExp) return fc.stringMatching(pattern);
    return text(schema.minLength ?? 0, schema.maxLength ?? 100);
  }
  throw new Error(`no arbitrary for a ${schema._zod.def.type} schema: extend arbitraryOf`);
}

/** Where a leaf's path goes through a list of objects (`bms.clusters[].soc_pct`): any entry. */
const ENTRY = '[]';

/**
 * Every leaf field of a values schema, with its schema: EMS parts as `part.field`, the fields of a
 * part's list of objects as `part.list.[].field` (`ENTRY` standing for the entry).
 */
function leaves(schema: z.ZodObject, prefix: string[] = []): { path: string[]; schema: z.ZodType }[] {
  const found: { path: string[]; schema: z.ZodType }[] = [];
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    if (inner instanceof z.ZodObject) found.push(...leaves(inner, [...prefix, key]));
    else if (inner instanceof z.ZodArray && inner.element instanceof z.ZodObject)
      found.push(...leaves(inner.element, [...prefix, key, ENTRY]));
    else found.push({ path: [...prefix, key], schema: inner });
  }
  return found;
}

/** The lists of objects of a values schema, by path, with their most entries. */
function lists(schema: z.ZodObject, prefix: string[] = []): { path: string[]; max: number }[] {
  const found: { path: string[]; max: number }[] = [];
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    if (inner instanceof z.ZodObject) found.push(...lists(inner, [...prefix, key]));
    else if (inner instanceof z.ZodArray) {
      const max = Number(checkDefs(inner).find((d) => d.check === 'max_length')?.maximum);
      found.push({ path: [...prefix, key], max });
    }
  }
  return found;
}

/**
 * A leaf's path in `values` made concrete: each `ENTRY` becomes the index `at` picks among the
 * list's entries and one past them (a new entry), so setting a value there never leaves a hole.
 */
function concretePath(values: Record<string, unknown>, path: string[], at: number): (string | number)[] {
  const concrete: (string | number)[] = [];
  let node: unknown = values;
  for (const key of path) {
    if (key === ENTRY) {
      const length = Array.isArray(node) ? node.length : 0;
      const index = at % (length + 1);
      concrete.push(index);
      node = Array.isArray(node) ? node[index] : undefined;
    } else {
      concrete.push(key);
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return concrete;
}

/** A value the leaf's schema refuses. */
function outOfRange(schema: z.ZodType): fc.Arbitrary<unknown> {
  const notANumber = fc.constantFrom('1', null, true, [], {});
  if (schema instanceof z.ZodNumber) {
    const bad: fc.Arbitrary<unknown>[] = [notANumber];
    const { minValue: min, maxValue: max } = schema;
    // (never −0 below a minimum of 0: JSON turns it into 0, which is in range)
    if (min !== null && min > -Number.MAX_SAFE_INTEGER) {
      bad.push(
        fc.double({
          min: -1e300,
          max: min === 0 ? -Number.MIN_VALUE : min,
          maxExcluded: min !== 0,
          noNaN: true,
        }),
      );
    }
    if (max !== null && max < Number.MAX_SAFE_INTEGER) {
      bad.push(
        fc.double({
          min: max === 0 ? Number.MIN_VALUE : max,
          max: 1e300,
          minExcluded: max !== 0,
          noNaN: true,
        }),
      );
    }
    if (schema.isInt) {
      bad.push(
        fc.integer({ min: Math.max(min ?? 0, -1e6), max: Math.min(max ?? 1e6, 1e6) - 1 }).map((n) => n + 0.5),
      );
    }
    return fc.oneof(...bad);
  }
  if (schema instanceof z.ZodLiteral) {
    const allowed = new Set<unknown>(schema.values);
    return fc.oneof(
      notANumber,
      fc.integer({ min: -1000, max: 1000 }).filter((n) => !allowed.has(n)),
    );
  }
  if (schema instanceof z.ZodEnum) {
    const allowed = new Set<unknown>(schema.options);
    return fc.oneof(
      fc.constantFrom(0, null, true),
      fc.string().filter((s) => !allowed.has(s)),
    );
  }
  throw new Error(`no out-of-range arbitrary for a ${schema._zod.def.type} schema`);
}

/** Sets `value` at `path`, making the objects (and, before a numeric key, the lists) on the way. */
function setAt(target: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let node = target;
  path.slice(0, -1).forEach((key, i) => {
    if (typeof node[key] !== 'object' || node[key] === null)
      node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[path[path.length - 1]!] = value;
}

/** Unknown fields a newer device might add: never one of the schema's names. */
const extraFields = fc.dictionary(fc.stringMatching(/^x_[a-z0-9_]{1,12}$/), fc.jsonValue({ maxDepth: 2 }), {
  minKeys: 1,
  maxKeys: 3,
});

/** A copy of `value` with `extra` added to every object in it, however deep. */
/** `records`: keys whose objects are records (a reply's `values`: every key in it is a parameter). */
function sprinkle(value: unknown, extra: Record<string, unknown>, records: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => sprinkle(item, extra, records));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value))
    copy[name] = records.includes(name) ? inner : sprinkle(inner, extra, records);
  return { ...extra, ...copy };
}

const sn = fc
  .tuple(
    fc.constantFrom(...Object.values(snPrefixes)),
    fc.stringMatching(new RegExp(`^[A-Z0-9]{${snBodyLength.min},${snBodyLength.max}}$`)),
  )
  .map(([prefix, body]) => prefix + body);

const deviceType = fc.constantFrom(...deviceTypes);
type Reading = { ts: number; seq: number; values: Record<string, unknown> };
type Telemetry = Reading & { v: number; interval_s?: number };
type Backfill = { v: number; interval_s?: number; readings: Reading[] };

const telemetryOf = (type: DeviceType) => arbitraryOf(telemetrySchema(type)) as fc.Arbitrary<Telemetry>;
const backfillOf = (type: DeviceType) => arbitraryOf(backfillSchema(type)) as fc.Arbitrary<Backfill>;
const readingOf = (type: DeviceType) => arbitraryOf(readingSchema(type)) as fc.Arbitrary<Reading>;
const valuesOf = (type: DeviceType) => readingOf(type).map((reading) => reading.values);

/** A valid message of each kind, for a device of any type. */
const upMessage: fc.Arbitrary<{ type: DeviceType; kind: UpKind; message: Record<string, unknown> }> =
  deviceType.chain((type) =>
    fc.oneof(
      telemetryOf(type).map((message) => ({ type, kind: 'telemetry' as const, message })),
      backfillOf(type).map((message) => ({ type, kind: 'backfill' as const, message })),
      (arbitraryOf(alarmMessage) as fc.Arbitrary<Record<string, unknown>>).map((message) => ({
        type,
        kind: 'alarm' as const,
        message,
      })),
      (arbitraryOf(statusMessage) as fc.Arbitrary<Record<string, unknown>>).map((message) => ({
        type,
        kind: 'status' as const,
        message,
      })),
      (arbitraryOf(replyMessage) as fc.Arbitrary<Record<string, unknown>>).map((message) => ({
        type,
        kind: 'reply' as const,
        message,
      })),
    ),
  );

/** What `decodeUp` must give back for a valid message `m` of `kind`. */
function expectedDecoding(kind: UpKind, m: Record<string, unknown>) {
  if (kind === 'telemetry') {
    const t = m as Telemetry;
    return { kind, interval_s: t.interval_s, readings: [{ ts: t.ts, seq: t.seq, values: t.values }] };
  }
  if (kind === 'backfill') {
    const b = m as Backfill;
    return { kind, interval_s: b.interval_s, readings: b.readings };
  }
  return { kind, message: m };
}

function decoded(type: DeviceType, kind: UpKind, payload: string | Uint8Array) {
  const result = decodeUp(type, kind, payload);
  if (!result.ok) throw new Error(`refused: ${result.error} ${result.detail ?? ''}`);
  return result.message;
}

// ---------------------------------------------------------------- round trips

describe('every message decodes back to itself', () => {
  for (const type of deviceTypes) {
    it(`telemetry of device type ${type} decodes to its one reading`, () => {
      fc.assert(
        fc.property(telemetryOf(type), (m) => {
          expect(decoded(type, 'telemetry', encodeMessage(m))).toEqual(expectedDecoding('telemetry', m));
        }),
      );
    });

    it(`backfill of device type ${type} decodes to its readings, in the order sent`, () => {
      fc.assert(
        fc.property(backfillOf(type), (m) => {
          const message = decoded(type, 'backfill', new TextEncoder().encode(encodeMessage(m)));
          expect(message).toEqual(expectedDecoding('backfill', m));
        }),
      );
    });
  }

  it('alarms, status and replies decode to themselves whatever the device type', () => {
    fc.assert(
      fc.property(upMessage, ({ type, kind, message }) => {
        expect(decoded(type, kind, encodeMessage(message))).toEqual(expectedDecoding(kind, message));
      }),
      { numRuns: 400 },
    );
  });

  it('commands of every kind read back to themselves', () => {
    fc.assert(
      fc.property(arbitraryOf(commandMessage), (command) => {
        expect(commandMessage.parse(JSON.parse(encodeMessage(command as object)))).toEqual(command);
      }),
      { numRuns: 300 },
    );
  });

  it('the generated commands cover every command name', () => {
    const names = new Set(
      fc
        .sample(arbitraryOf(commandMessage), { numRuns: 500, seed: 7 })
        .map((c) => (c as { name: string }).name),
    );
    expect([...names].sort()).toEqual([...commandNames].sort());
  });
});

describe('unknown fields are dropped, not refused', () => {
  it('extra fields at every level of any up message leave its decoding unchanged', () => {
    fc.assert(
      fc.property(upMessage, extraFields, ({ type, kind, message }, extra) => {
        const noisy = sprinkle(message, extra, kind === 'reply' ? ['values'] : []) as object;
        expect(decoded(type, kind, encodeMessage(noisy))).toEqual(expectedDecoding(kind, message));
      }),
      { numRuns: 300 },
    );
  });

  it('extra top-level fields of a command are dropped', () => {
    fc.assert(
      fc.property(arbitraryOf(commandMessage), extraFields, (command, extra) => {
        expect(commandMessage.parse({ ...extra, ...(command as object) })).toEqual(command);
      }),
    );
  });
});

// ---------------------------------------------------------------- refusals

describe('what decodeUp refuses, and why', () => {
  it('a version other than 1 is unsupported_version, for every kind', () => {
    const otherVersion = fc
      .jsonValue()
      .filter((v) => JSON.parse(JSON.stringify(v) ?? 'null') !== PROTOCOL_VERSION);
    fc.assert(
      fc.property(upMessage, otherVersion, ({ type, kind, message }, v) => {
        const result = decodeUp(type, kind, encodeMessage({ ...message, v }));
        expect(result).toMatchObject({ ok: false, error: 'unsupported_version' });
      }),
    );
  });

  it('a message without v is unsupported_version', () => {
    fc.assert(
      fc.property(upMessage, ({ type, kind, message }) => {
        const { v: _, ...rest } = message;
        expect(decodeUp(type, kind, encodeMessage(rest))).toMatchObject({
          ok: false,
          error: 'unsupported_version',
        });
      }),
    );
  });

  it('any cut-off message is not_json', () => {
    fc.assert(
      fc.property(upMessage, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (m, at) => {
        const json = encodeMessage(m.message);
        const cut = json.slice(0, Math.floor(at * json.length));
        expect(decodeUp(m.type, m.kind, cut)).toEqual({ ok: false, error: 'not_json' });
      }),
    );
  });

  it('any text that is not JSON is not_json', () => {
    const notJson = fc.string({ unit: 'binary' }).filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    });
    fc.assert(
      fc.property(deviceType, fc.constantFrom(...upKinds), notJson, (type, kind, s) => {
        expect(decodeUp(type, kind, s)).toEqual({ ok: false, error: 'not_json' });
      }),
    );
  });

  it('a payload over the size limit is too_large, even when it is a valid message', () => {
    fc.assert(
      fc.property(upMessage, fc.integer({ min: 1, max: 4096 }), ({ type, kind, message }, over) => {
        const base = encodeMessage({ ...message, x_pad: '' });
        const baseBytes = new TextEncoder().encode(base).byteLength;
        const bytes = new TextEncoder().encode(
          encodeMessage({ ...message, x_pad: 'p'.repeat(MAX_MESSAGE_BYTES - baseBytes + over) }),
        );
        expect(bytes.byteLength).toBe(MAX_MESSAGE_BYTES + over);
        expect(decodeUp(type, kind, bytes)).toEqual({ ok: false, error: 'too_large' });
        const text = encodeMessage({ ...message, x_pad: 'p'.repeat(MAX_MESSAGE_BYTES - base.length + over) });
        expect(decodeUp(type, kind, text)).toEqual({ ok: false, error: 'too_large' });
      }),
      { numRuns: 25 },
    );
  });

  for (const type of deviceTypes) {
    const fields = leaves(telemetrySchema(type).shape.values as z.ZodObject);

    it(`any value out of its range makes a telemetry of device type ${type} invalid, naming the field`, () => {
      const spoiled = fc
        .constantFrom(...fields)
        .chain((field) => fc.record({ field: fc.constant(field), bad: outOfRange(field.schema) }));
      fc.assert(
        fc.property(telemetryOf(type), spoiled, fc.nat(), (m, { field, bad }, at) => {
          const values = structuredClone(m.values);
          const path = concretePath(values, field.path, at);
          setAt(values, path, bad);
          const result = decodeUp(type, 'telemetry', encodeMessage({ ...m, values }));
          expect(result).toMatchObject({ ok: false, error: 'invalid' });
          expect(result.ok ? '' : result.detail).toMatch(new RegExp(`^values\\.${path.join('\\.')}: `));
        }),
      );
    });

    it(`one bad reading makes a backfill of device type ${type} invalid`, () => {
      const spoiled = fc
        .constantFrom(...fields)
        .chain((field) => fc.record({ field: fc.constant(field), bad: outOfRange(field.schema) }));
      fc.assert(
        fc.property(backfillOf(type), fc.nat(), spoiled, (m, at, { field, bad }) => {
          const readings = structuredClone(m.readings);
          const index = at % readings.length;
          const values = readings[index]!.values;
          setAt(values, concretePath(values, field.path, at), bad);
          const result = decodeUp(type, 'backfill', encodeMessage({ ...m, readings }));
          expect(result).toMatchObject({ ok: false, error: 'invalid' });
          expect(result.ok ? '' : result.detail).toMatch(new RegExp(`^readings\\.${index}\\.values\\.`));
        }),
        { numRuns: 50 },
      );
    });
  }

  it('negative counters are invalid for every device type that reports one', () => {
    const counterFields = deviceTypes.flatMap((type) =>
      leaves(telemetrySchema(type).shape.values as z.ZodObject)
        .filter((leaf) => leaf.path[leaf.path.length - 1]!.endsWith('_kwh'))
        .map((leaf) => ({ type, path: leaf.path })),
    );
    expect(counterFields.length).toBeGreaterThanOrEqual(12);
    fc.assert(
      fc.property(
        fc.constantFrom(...counterFields),
        fc.double({ min: -1e10, max: -Number.MIN_VALUE, noNaN: true }),
        ({ type, path }, negative) => {
          const values: Record<string, unknown> = {};
          setAt(values, path, negative);
          const message = { v: 1, ts: Date.UTC(2025, 5, 14), seq: 1, values };
          expect(decodeUp(type, 'telemetry', encodeMessage(message))).toMatchObject({
            ok: false,
            error: 'invalid',
          });
          setAt(values, path, -negative);
          expect(decodeUp(type, 'telemetry', encodeMessage(message)).ok).toBe(true);
        },
      ),
    );
  });

  it('a time before 2000 is invalid in every message that carries one', () => {
    const early = int(0, EARLIEST_READING_MS - 1);
    fc.assert(
      fc.property(upMessage, early, fc.nat(), ({ type, kind, message }, ts, at) => {
        let spoiled: Record<string, unknown>;
        if (kind === 'backfill') {
          const readings = structuredClone((message as Backfill).readings);
          readings[at % readings.length]!.ts = ts;
          spoiled = { ...message, readings };
        } else {
          spoiled = { ...message, ts };
        }
        expect(decodeUp(type, kind, encodeMessage(spoiled))).toMatchObject({ ok: false, error: 'invalid' });
      }),
    );
  });

  it('a sequence number above 2^32 − 1 is invalid in readings and alarms', () => {
    const big = int(2 ** 32, Number.MAX_SAFE_INTEGER);
    fc.assert(
      fc.property(deviceType, big, (type, seq) => {
        const reading = { ts: Date.UTC(2025, 0, 1), seq, values: {} };
        expect(decodeUp(type, 'telemetry', encodeMessage({ v: 1, ...reading }))).toMatchObject({
          error: 'invalid',
        });
        expect(decodeUp(type, 'backfill', encodeMessage({ v: 1, readings: [reading] }))).toMatchObject({
          error: 'invalid',
        });
        const alarm = { v: 1, ts: reading.ts, seq, event: 'raise', code: 1 };
        expect(decodeUp(type, 'alarm', encodeMessage(alarm))).toMatchObject({ error: 'invalid' });
      }),
    );
  });

  it('a list of objects longer than its most is invalid, naming the list; its most is taken', () => {
    const listed = deviceTypes.flatMap((type) =>
      lists(telemetrySchema(type).shape.values as z.ZodObject).map((list) => ({ type, ...list })),
    );
    expect(listed.map((list) => `${list.type} ${list.path.join('.')}`)).toEqual([
      `${DeviceType.energyManagementBox} bms.clusters`,
    ]);
    expect(listed[0]!.max).toBe(MAX_BMS_CLUSTERS);
    fc.assert(
      fc.property(
        fc.constantFrom(...listed),
        fc.integer({ min: 1, max: 20 }),
        readingOf(DeviceType.energyManagementBox),
        ({ type, path, max }, over, reading) => {
          const values = structuredClone(reading.values);
          const message = (length: number) => {
            setAt(
              values,
              path,
              Array.from({ length }, (_, i) => ({ soc_pct: i })),
            );
            return encodeMessage({ v: 1, ts: reading.ts, seq: reading.seq, values });
          };
          const taken = decodeUp(type, 'telemetry', message(max));
          expect(taken.ok, JSON.stringify(taken)).toBe(true);
          const refused = decodeUp(type, 'telemetry', message(max + over));
          expect(refused).toMatchObject({ ok: false, error: 'invalid' });
          expect(refused.ok ? '' : refused.detail).toMatch(new RegExp(`^values\\.${path.join('\\.')}: `));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a backfill of more than 500 readings is invalid; 500 are taken', () => {
    // small readings, so that the size limit is not what refuses them
    const many = (n: number) =>
      encodeMessage({
        v: 1,
        readings: Array.from({ length: n }, (_, i) => ({
          ts: EARLIEST_READING_MS + i * 300_000,
          seq: i,
          values: {},
        })),
      });
    fc.assert(
      fc.property(deviceType, fc.integer({ min: 1, max: 100 }), (type, over) => {
        const result = decodeUp(type, 'backfill', many(MAX_BACKFILL_READINGS + over));
        expect(result).toMatchObject({ ok: false, error: 'invalid' });
        expect(result.ok ? '' : result.detail).toMatch(/^readings: too_big/);
      }),
      { numRuns: 30 },
    );
    for (const type of deviceTypes) {
      const readings = Array.from({ length: MAX_BACKFILL_READINGS }, (_, i) => ({
        ts: EARLIEST_READING_MS + i,
        seq: i,
        values: {},
      }));
      const result = decodeUp(type, 'backfill', encodeMessage({ v: 1, readings }));
      expect(result.ok && result.message.kind === 'backfill' && result.message.readings.length).toBe(
        MAX_BACKFILL_READINGS,
      );
    }
  });
});

// ---------------------------------------------------------------- topics

describe('topics', () => {
  it('upTopic and parseUpTopic round-trip for every SN the scheme allows and every kind', () => {
    fc.assert(
      fc.property(sn, fc.constantFrom(...upKinds), (serial, kind) => {
        expect(parseUpTopic(upTopic(serial, kind))).toEqual({ sn: serial, kind });
      }),
    );
  });

  it('parseUpTopic refuses SNs outside the scheme', () => {
    const badSn = fc.oneof(
      sn.map((s) => s.toLowerCase()),
      sn.map((s) => `X${s.slice(1)}`),
      fc
        .tuple(fc.constantFrom(...Object.values(snPrefixes)), fc.stringMatching(/^[A-Z0-9]{0,9}$/))
        .map(([p, b]) => p + b),
      fc
        .tuple(fc.constantFrom(...Object.values(snPrefixes)), fc.stringMatching(/^[A-Z0-9]{17,24}$/))
        .map(([p, b]) => p + b),
      fc
        .tuple(sn, fc.constantFrom('-', '_', ' ', '+', '#', 'é', '.'))
        .map(([s, c]) => s.slice(0, 8) + c + s.slice(8)),
    );
    fc.assert(
      fc.property(badSn, fc.constantFrom(...upKinds), (serial, kind) => {
        expect(parseUpTopic(upTopic(serial, kind))).toBeUndefined();
      }),
    );
  });

  /** Topics made of the pieces a confused or hostile device would try. */
  const topicAttempt = fc.tuple(sn, sn).chain(([own, other]) =>
    fc.record({
      own: fc.constant(own),
      topic: fc
        .array(
          fc.constantFrom(
            'dev',
            own,
            other,
            own.toLowerCase(),
            'up',
            'down',
            'command',
            ...upKinds,
            '+',
            '#',
            '',
            '$SYS',
            'broker',
          ),
          { minLength: 1, maxLength: 6 },
        )
        .map((levels) => levels.join('/')),
    }),
  );

  it('a device may publish exactly on its own five up topics', () => {
    fc.assert(
      fc.property(topicAttempt, ({ own, topic }) => {
        const ownUpTopics = upKinds.map((kind) => upTopic(own, kind));
        expect(mayPublish(own, topic)).toBe(ownUpTopics.includes(topic));
      }),
      { numRuns: 2000 },
    );
  });

  it('a device may subscribe exactly to its own command topic', () => {
    fc.assert(
      fc.property(topicAttempt, ({ own, topic }) => {
        expect(maySubscribe(own, topic)).toBe(topic === commandTopic(own));
      }),
      { numRuns: 2000 },
    );
  });

  it('publishing under another SN, on the command topic, with wildcards or extra levels is refused', () => {
    fc.assert(
      fc.property(sn, sn, fc.constantFrom(...upKinds), fc.nat(3), (own, other, kind, level) => {
        fc.pre(own !== other);
        expect(mayPublish(own, upTopic(own, kind))).toBe(true);
        expect(mayPublish(own, upTopic(other, kind))).toBe(false);
        expect(mayPublish(own, commandTopic(own))).toBe(false);
        expect(mayPublish(own, `${upTopic(own, kind)}/extra`)).toBe(false);
        expect(mayPublish(own, `$SYS/${upTopic(own, kind)}`)).toBe(false);
        for (const wildcard of ['+', '#']) {
          const levels = upTopic(own, kind).split('/');
          levels[level] = wildcard;
          expect(mayPublish(own, levels.join('/'))).toBe(false);
        }
        expect(maySubscribe(own, commandTopic(own))).toBe(true);
        expect(maySubscribe(own, commandTopic(other))).toBe(false);
        expect(maySubscribe(own, upTopic(own, kind))).toBe(false);
      }),
    );
  });
});

// ---------------------------------------------------------------- values

/**
 * Where each energy counter sits in a device type's flattened values, written out here on its
 * own (and in docs/device-protocol.md §11.1) rather than read from values.ts.
 */
const expectedCounterFields: Record<DeviceType, Record<string, EnergyCounter>> = {
  [DeviceType.inverter]: { pv_kwh: 'pv_kwh' },
  [DeviceType.battery]: { charge_kwh: 'charge_kwh', discharge_kwh: 'discharge_kwh' },
  [DeviceType.offGrid]: { pv_kwh: 'pv_kwh', load_kwh: 'load_kwh' },
  [DeviceType.chargingPile]: { ev_kwh: 'ev_kwh' },
  [DeviceType.meter]: { import_kwh: 'import_kwh', export_kwh: 'export_kwh' },
  [DeviceType.commercialHybrid]: {
    pv_kwh: 'pv_kwh',
    charge_kwh: 'charge_kwh',
    discharge_kwh: 'discharge_kwh',
  },
  [DeviceType.energyManagementBox]: {
    'pvs.pv_kwh': 'pv_kwh',
    'pcs.charge_kwh': 'charge_kwh',
    'pcs.discharge_kwh': 'discharge_kwh',
    'meter.import_kwh': 'import_kwh',
    'meter.export_kwh': 'export_kwh',
    'generator.generator_kwh': 'generator_kwh',
  },
  [DeviceType.dataLogger]: {},
};

/** A flattened key's list entry number (`bms.clusters.2.soc_pct`): 1, 2, … */
const ENTRY_NUMBER = /^[1-9][0-9]*$/;

/**
 * The inverse of flattening: `part.field` keys back into part objects, and `part.list.n.field` into
 * entry n − 1 of the part's list; an entry that left no key (it held nothing) comes back empty.
 */
function unflatten(flat: Record<string, unknown>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const path = key
      .split('.')
      .map((segment) => (ENTRY_NUMBER.test(segment) ? Number(segment) - 1 : segment));
    setAt(nested, path, value);
  }
  const filled = (value: unknown): unknown => {
    if (Array.isArray(value)) return Array.from(value, (entry) => filled(entry ?? {}));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, filled(inner)]));
  };
  return filled(nested) as Record<string, unknown>;
}

/**
 * What of `value` flattening keeps: objects and lists that hold nothing leave no trace (undefined
 * here), nor do the empty entries at the end of a list; an empty entry before a kept one stays, as
 * the later entries keep their numbers.
 */
function trace(value: unknown): unknown {
  if (Array.isArray(value)) {
    const entries = value.map((entry) => trace(entry) ?? {});
    while (entries.length > 0 && trace(value[entries.length - 1]) === undefined) entries.pop();
    return entries.length > 0 ? entries : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const kept = Object.entries(value)
      .map(([name, inner]) => [name, trace(inner)] as const)
      .filter(([, inner]) => inner !== undefined);
    return kept.length > 0 ? Object.fromEntries(kept) : undefined;
  }
  return value;
}

describe('flattenValues and readCounters', () => {
  for (const type of deviceTypes) {
    const valuesSchema = telemetrySchema(type).shape.values as z.ZodObject;
    const leafPaths = new Set(leaves(valuesSchema).map((l) => l.path.join('.')));
    const listMax = new Map(lists(valuesSchema).map((list) => [list.path.join('.'), list.max]));

    it(`flattening values of device type ${type} keeps every value under its schema path, and nothing else`, () => {
      fc.assert(
        fc.property(valuesOf(type), (values) => {
          const flat = flattenValues(values);
          for (const [key, value] of Object.entries(flat)) {
            const segments = key.split('.');
            // a list's entries are numbered from 1 up to the list's most
            segments.forEach((segment, i) => {
              if (!ENTRY_NUMBER.test(segment)) return;
              const max = listMax.get(segments.slice(0, i).join('.'));
              expect(max, key).toBeDefined();
              expect(Number(segment), key).toBeLessThanOrEqual(max!);
            });
            const leaf = segments.map((segment) => (ENTRY_NUMBER.test(segment) ? ENTRY : segment)).join('.');
            expect(leafPaths.has(leaf), key).toBe(true);
            expect(['number', 'string']).toContain(typeof value);
          }
          expect(unflatten(flat)).toEqual(trace(values) ?? {});
        }),
      );
    });

    it(`readCounters of device type ${type} picks exactly its counters`, () => {
      fc.assert(
        fc.property(valuesOf(type), (values) => {
          const flat = flattenValues(values);
          const expected: Partial<Record<EnergyCounter, number>> = {};
          for (const [key, counter] of Object.entries(expectedCounterFields[type])) {
            const value = flat[key];
            if (typeof value === 'number') expected[counter] = value;
          }
          const counters = readCounters(type, flat);
          expect(counters).toEqual(expected);
          for (const value of Object.values(counters)) expect(value).toBeGreaterThanOrEqual(0);
        }),
      );
    });
  }
});

// ---------------------------------------------------------------- commands

describe('commandMessage', () => {
  const upgrades = arbitraryOf(commandMessage).filter(
    (c) => (c as { name: string }).name === 'upgrade',
  ) as fc.Arbitrary<{
    params: Record<string, unknown>;
  }>;

  it('refuses an upgrade whose sha256 is not 64 lower-case hexadecimal digits', () => {
    const badSha = fc.oneof(
      fc.string().filter((s) => !/^[0-9a-f]{64}$/.test(s)),
      fc.stringMatching(/^[0-9a-f]{0,63}$/),
      fc.stringMatching(/^[0-9a-f]{65,80}$/),
      fc.stringMatching(/^[0-9a-f]{64}$/).map((s) => `${s.slice(0, 63)}G`),
      fc.stringMatching(/^[0-9a-f]{63}[A-F]$/),
      fc.constantFrom(null, 0, undefined),
    );
    fc.assert(
      fc.property(upgrades, badSha, (command, sha256) => {
        expect(commandMessage.safeParse({ ...command, params: { ...command.params, sha256 } }).success).toBe(
          false,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an upgrade without any of its parameters', () => {
    fc.assert(
      fc.property(
        upgrades,
        fc.constantFrom('url', 'version', 'size_bytes', 'sha256', 'signature'),
        (command, key) => {
          const { [key]: _, ...params } = command.params;
          expect(commandMessage.safeParse({ ...command, params }).success).toBe(false);
        },
      ),
    );
  });
});
