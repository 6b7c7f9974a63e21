import { randomUUID } from 'node:crypto';
import { DeviceType, StationType, UpgradeStatus } from '@helio/contracts';
import { commandTopic, decodeUp, type ReplyMessage, type StatusMessage } from '@helio/contracts/device-link';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCounters } from '../src/devices/link.ts';
import type { UpgradeFailureKind } from '../src/devices/upgrade.ts';
import type { VirtualDevice } from '../src/devices/virtual-device.ts';
import { TimerWheel } from '../src/runtime/wheel.ts';
import { startBareBroker } from './support/broker.ts';
import {
  type ImageServer,
  imageBytes,
  type MakerKey,
  makerKey,
  type Serving,
  sha256Of,
  startImageServer,
  upgradeParams,
} from './support/firmware.ts';
import { eventually, type Traced } from './support/portal.ts';
import { sampleStation } from './support/stations.ts';

/**
 * Firmware upgrades of simulated devices on a bare broker, their images served over HTTP: the
 * device checks the maker's signature, downloads (resuming a broken connection with a range
 * request), checks length and SHA-256, flashes, reboots and says its new version; every check that
 * fails is the status of SPEC.md §4 it must be, and nothing is flashed.
 */

const timing = { workMs: 20, stepMs: 30, rebootMs: 200 };
const IMAGE_BYTES = 1_048_576;

let broker: Awaited<ReturnType<typeof startBareBroker>>;
let portal: MqttClient;
let files: ImageServer;
let maker: MakerKey;
let stations = 0;

beforeAll(async () => {
  broker = await startBareBroker();
  portal = await mqtt.connectAsync(broker.url, { clientId: `portal-${randomUUID()}`, protocolVersion: 4 });
  files = await startImageServer();
  maker = makerKey();
});
afterAll(async () => {
  await portal?.endAsync();
  await files?.close();
  await broker?.close();
});

/** One device of `deviceType` on the air with the run's upgrade options, every message it had acknowledged traced. */
async function onAir(
  options: {
    deviceType?: DeviceType;
    stationType?: StationType;
    firmwareKeys?: string[];
    upgradeFailureRate?: number;
    upgradeFailures?: UpgradeFailureKind[];
    /** The station's number (its SNs and random streams); default a new one. */
    index?: number;
  } = {},
) {
  stations += 1;
  const station = sampleStation(options.stationType ?? StationType.onGrid, {
    index: options.index ?? stations,
    place: 'milan',
    startMs: Date.now() - 3_600_000,
    types: [options.deviceType ?? DeviceType.inverter],
  });
  const wheel = new TimerWheel();
  const traced: Traced[] = [];
  const link = {
    brokerUrl: broker.url,
    wheel,
    now: () => Date.now(),
    intervalS: 60,
    faultRate: 0,
    upgradeFailureRate: options.upgradeFailureRate ?? 0,
    upgradeFailures: options.upgradeFailures,
    firmwareKeys: options.firmwareKeys ?? [maker.publicKey],
    selfTestFailureRate: 0,
    timing,
    counters: emptyCounters(),
    trace: (sn: string, kind: string, payload: string) =>
      traced.push({ sn, kind, message: JSON.parse(payload) as Record<string, unknown> }),
  };
  const device = station.devices[0] as VirtualDevice;
  device.attach(link);
  await device.connect();
  await device.drained();

  async function send(params: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    const now = Date.now();
    const command = { v: 1, id, ts: now, expires_at: now + 3_600_000, name: 'upgrade', params };
    await portal.publishAsync(commandTopic(device.sn), JSON.stringify(command), { qos: 1 });
    return id;
  }
  /** The replies to `id` so far, each checked against the protocol's schema. */
  function replies(id: string): ReplyMessage[] {
    return traced
      .filter((entry) => entry.kind === 'reply' && entry.message.id === id)
      .map((entry) => {
        const decoded = decodeUp(device.deviceType, 'reply', JSON.stringify(entry.message));
        if (!decoded.ok || decoded.message.kind !== 'reply') throw new Error('not a reply');
        return decoded.message.message;
      });
  }
  /** The statuses so far, each checked against the protocol's schema. */
  function statuses(): StatusMessage[] {
    return traced
      .filter((entry) => entry.kind === 'status')
      .map((entry) => {
        const decoded = decodeUp(device.deviceType, 'status', JSON.stringify(entry.message));
        if (!decoded.ok || decoded.message.kind !== 'status') throw new Error('not a status');
        return decoded.message.message;
      });
  }
  /** Waits for the final reply to `id`; answers every reply. */
  function outcome(id: string): Promise<ReplyMessage[]> {
    return eventually(() => {
      const all = replies(id);
      expect(['succeeded', 'failed']).toContain(all.at(-1)?.state);
      return all;
    });
  }
  /** Sends an upgrade and waits for its final reply. */
  async function upgrade(params: Record<string, unknown>): Promise<ReplyMessage[]> {
    return outcome(await send(params));
  }
  async function close() {
    await device.disconnect();
    wheel.stop();
  }
  return { device, traced, send, replies, statuses, outcome, upgrade, close };
}

let served = 0;
/** Serves `bytes` (as `serving` says) under a new name; answers its URL. */
function serve(bytes: Buffer, serving: Omit<Serving, 'bytes'> = {}): string {
  served += 1;
  return files.serve(`image-${served}.bin`, { bytes, ...serving });
}
const requestsOf = (url: string) => files.requests.filter((request) => url.endsWith(request.path));
const image = imageBytes(IMAGE_BYTES, 'V2.15.0');

describe('an upgrade that passes its checks', () => {
  it('downloads the image, reports progress to 100 %, reboots and says the new version of its part', async () => {
    const air = await onAir();
    expect(air.statuses()[0]).toMatchObject({
      state: 'online',
      firmware_version: 'V2.14.3',
      firmware_parts: { ARM: 'V2.14.3', DSP: 'DSP-1.6.0' },
    });
    const url = serve(image);
    const replies = await air.upgrade(upgradeParams(url, image, maker, 'V2.15.0'));
    expect(replies[0]).toMatchObject({ state: 'acknowledged', upgrade_status: UpgradeStatus.waiting });
    const progress = replies.filter((reply) => reply.state === 'progress');
    for (const reply of progress) expect(reply.upgrade_status).toBe(UpgradeStatus.inProgress);
    const percentages = progress.map((reply) => reply.progress_pct!);
    expect(percentages.length).toBeGreaterThanOrEqual(5);
    expect(percentages).toEqual([...new Set(percentages)].sort((a, b) => a - b));
    expect(percentages.at(-1)).toBe(100);
    expect(replies.at(-1)).toMatchObject({
      state: 'succeeded',
      upgrade_status: UpgradeStatus.completed,
      progress_pct: 100,
    });
    // rebooted: offline, then online on the new firmware, before the final reply
    const statuses = air.statuses();
    expect(statuses.map((status) => status.state)).toEqual(['online', 'offline', 'online']);
    expect(statuses.at(-1)).toMatchObject({
      firmware_version: 'V2.15.0',
      firmware_parts: { ARM: 'V2.15.0', DSP: 'DSP-1.6.0' },
    });
    const lastOnline = air.traced.findLastIndex((entry) => entry.kind === 'status');
    const succeeded = air.traced.findIndex(
      (entry) => entry.kind === 'reply' && entry.message.state === 'succeeded',
    );
    expect(lastOnline).toBeLessThan(succeeded);
    expect(requestsOf(url)).toEqual([{ path: expect.any(String), range: undefined, ifRange: undefined }]);
    await air.close();
  });

  it('upgrades the part the command names, and the main part stays', async () => {
    const air = await onAir();
    const dsp = imageBytes(65_536, 'DSP-1.7.0');
    const replies = await air.upgrade(upgradeParams(serve(dsp), dsp, maker, 'DSP-1.7.0', { part: 'DSP' }));
    expect(replies.at(-1)).toMatchObject({ state: 'succeeded', upgrade_status: UpgradeStatus.completed });
    expect(air.device.firmwareParts).toEqual({ ARM: 'V2.14.3', DSP: 'DSP-1.7.0' });
    expect(air.statuses().at(-1)).toMatchObject({
      firmware_version: 'V2.14.3',
      firmware_parts: { ARM: 'V2.14.3', DSP: 'DSP-1.7.0' },
    });
    await air.close();
  });

  it('resumes a connection that broke half-way with a range request, and succeeds', async () => {
    const air = await onAir();
    const url = serve(image, { cutAfter: { share: 0.5, times: 1 } });
    const replies = await air.upgrade(upgradeParams(url, image, maker, 'V2.15.0'));
    expect(replies.at(-1)).toMatchObject({ state: 'succeeded', upgrade_status: UpgradeStatus.completed });
    const requests = requestsOf(url);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.range).toBeUndefined();
    const from = Number(/^bytes=(\d+)-$/.exec(requests[1]!.range ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(IMAGE_BYTES / 2);
    // it resumes the file it began: the one whose ETag it was sent
    expect(requests[1]!.ifRange).toBe(`"${sha256Of(image)}"`);
    expect(air.device.firmwareVersion).toBe('V2.15.0');
    await air.close();
  });

  it('starts over when the server answers a resume with the whole file, and succeeds', async () => {
    const air = await onAir();
    const url = serve(image, { cutAfter: { share: 0.3, times: 1 }, ignoreRange: true });
    const replies = await air.upgrade(upgradeParams(url, image, maker, 'V2.15.0'));
    expect(replies.at(-1)).toMatchObject({ state: 'succeeded', upgrade_status: UpgradeStatus.completed });
    expect(requestsOf(url)).toHaveLength(2);
    await air.close();
  });
});

describe('an image that fails its file check (5) is never flashed', () => {
  /** Runs an upgrade expected to fail with `status`; checks nothing changed and no reboot happened. */
  async function failsWith(
    air: Awaited<ReturnType<typeof onAir>>,
    params: Record<string, unknown>,
    status: UpgradeStatus,
  ): Promise<ReplyMessage> {
    const before = air.device.firmwareParts;
    const replies = await air.upgrade(params);
    const last = replies.at(-1)!;
    expect(last).toMatchObject({ state: 'failed', upgrade_status: status });
    expect(air.device.firmwareParts).toEqual(before);
    expect(air.statuses().map((entry) => entry.state)).toEqual(['online']);
    return last;
  }

  it('a tampered image: its SHA-256 is not the signed one', async () => {
    const air = await onAir();
    const tampered = Buffer.from(image);
    tampered.writeUInt8(tampered.readUInt8(IMAGE_BYTES - 7) ^ 0xff, IMAGE_BYTES - 7);
    const reply = await failsWith(
      air,
      upgradeParams(serve(tampered), image, maker, 'V2.15.0'),
      UpgradeStatus.fileCheckError,
    );
    expect(reply.message).toMatch(/file check error: SHA-256/);
    await air.close();
  });

  it('a signature by another key: not even downloaded', async () => {
    const air = await onAir();
    const url = serve(image);
    const reply = await failsWith(
      air,
      upgradeParams(url, image, makerKey(), 'V2.15.0'),
      UpgradeStatus.fileCheckError,
    );
    expect(reply.message).toMatch(/signature/);
    expect(requestsOf(url)).toEqual([]);
    await air.close();
  });

  it('a device without the maker’s key flashes nothing', async () => {
    const air = await onAir({ firmwareKeys: [] });
    const reply = await failsWith(
      air,
      upgradeParams(serve(image), image, maker, 'V2.15.0'),
      UpgradeStatus.fileCheckError,
    );
    expect(reply.message).toMatch(/key/);
    await air.close();
  });

  it('a file longer than the signed length: the download stops there', async () => {
    const air = await onAir();
    const reply = await failsWith(
      air,
      upgradeParams(serve(image), image, maker, 'V2.15.0', { size_bytes: IMAGE_BYTES - 1 }),
      UpgradeStatus.fileCheckError,
    );
    expect(reply.message).toMatch(/longer than/);
    await air.close();
  });

  it('a file shorter than the signed length', async () => {
    const air = await onAir();
    const reply = await failsWith(
      air,
      upgradeParams(serve(image.subarray(0, IMAGE_BYTES - 100)), image, maker, 'V2.15.0'),
      UpgradeStatus.fileCheckError,
    );
    expect(reply.message).toMatch(/expected 1048576/);
    await air.close();
  });
});

describe('a download that cannot finish (9)', () => {
  it('an expired link (404)', async () => {
    const air = await onAir();
    const replies = await air.upgrade(upgradeParams(serve(image, { status: 404 }), image, maker, 'V2.15.0'));
    expect(replies.at(-1)).toMatchObject({
      state: 'failed',
      upgrade_status: UpgradeStatus.fileFetchFailed,
      message: expect.stringContaining('HTTP 404'),
    });
    expect(air.device.firmwareVersion).toBe('V2.14.3');
    await air.close();
  });

  it('a connection that keeps breaking: three resumes, then it gives up', async () => {
    const air = await onAir();
    const url = serve(image, { cutAfter: { share: 0.2, times: 10 } });
    const replies = await air.upgrade(upgradeParams(url, image, maker, 'V2.15.0'));
    expect(replies.at(-1)).toMatchObject({ state: 'failed', upgrade_status: UpgradeStatus.fileFetchFailed });
    expect(requestsOf(url)).toHaveLength(4);
    expect(air.device.firmwareVersion).toBe('V2.14.3');
    await air.close();
  });
});

describe('failures asked of the run', () => {
  for (const [kind, status] of [
    ['crc', UpgradeStatus.crcError],
    ['flash', UpgradeStatus.flashWriteError],
    ['name', UpgradeStatus.fileNameError],
    ['undefined', UpgradeStatus.failed],
  ] as const) {
    it(`every upgrade fails with ${kind} (${status}) after a whole download, nothing flashed`, async () => {
      const air = await onAir({ upgradeFailureRate: 1, upgradeFailures: [kind] });
      const replies = await air.upgrade(upgradeParams(serve(image), image, maker, 'V2.15.0'));
      expect(replies.at(-1)).toMatchObject({ state: 'failed', upgrade_status: status });
      expect(replies.some((reply) => reply.state === 'progress' && reply.progress_pct === 100)).toBe(true);
      expect(air.device.firmwareVersion).toBe('V2.14.3');
      await air.close();
    });
  }

  it('a forced fetch failure breaks the download off part way (9)', async () => {
    const air = await onAir({ upgradeFailureRate: 1, upgradeFailures: ['fetch'] });
    const replies = await air.upgrade(upgradeParams(serve(image), image, maker, 'V2.15.0'));
    expect(replies.at(-1)).toMatchObject({ state: 'failed', upgrade_status: UpgradeStatus.fileFetchFailed });
    expect(replies.some((reply) => reply.progress_pct === 100)).toBe(false);
    expect(air.device.firmwareVersion).toBe('V2.14.3');
    await air.close();
  });

  it('a rate below 1 fails some upgrades and not others, the same ones for the same seed', async () => {
    const index = 1000;
    const outcomes = async () => {
      const air = await onAir({ upgradeFailureRate: 0.5, upgradeFailures: ['crc'], index });
      const small = imageBytes(4096, 'small');
      const seen: number[] = [];
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const replies = await air.upgrade(upgradeParams(serve(small), small, maker, `V3.0.${attempt}`));
        seen.push(replies.at(-1)!.upgrade_status!);
      }
      await air.close();
      return seen;
    };
    const first = await outcomes();
    expect(new Set(first)).toEqual(new Set([UpgradeStatus.completed, UpgradeStatus.crcError]));
    expect(await outcomes()).toEqual(first);
  });
});

describe('upgrade exists (8) and a part the device lacks (7)', () => {
  it('a second upgrade while one runs is busy; the first still succeeds', async () => {
    const air = await onAir();
    const first = await air.send(upgradeParams(serve(image), image, maker, 'V2.15.0'));
    await eventually(() => expect(air.replies(first)[0]?.state).toBe('acknowledged'));
    const other = imageBytes(4096, 'V2.16.0');
    const second = await air.outcome(await air.send(upgradeParams(serve(other), other, maker, 'V2.16.0')));
    expect(second).toEqual([
      expect.objectContaining({
        state: 'failed',
        upgrade_status: UpgradeStatus.upgradeExists,
        error: 'busy',
      }),
    ]);
    expect((await air.outcome(first)).at(-1)).toMatchObject({ state: 'succeeded' });
    expect(air.device.firmwareVersion).toBe('V2.15.0');
    await air.close();
  });

  it('the version its part already runs: 8 without an error, nothing downloaded', async () => {
    const air = await onAir();
    const url = serve(image);
    const replies = await air.upgrade(upgradeParams(url, image, maker, 'V2.14.3'));
    expect(replies).toEqual([
      expect.objectContaining({ state: 'failed', upgrade_status: UpgradeStatus.upgradeExists }),
    ]);
    expect(replies[0]!.error).toBeUndefined();
    expect(requestsOf(url)).toEqual([]);
    await air.close();
  });

  it('a part the device does not have: file name error', async () => {
    const air = await onAir({ deviceType: DeviceType.battery, stationType: StationType.residentialEss });
    expect(air.statuses()[0]).toMatchObject({
      firmware_version: 'BMS-1.8.2',
      firmware_parts: { BMS: 'BMS-1.8.2' },
    });
    const replies = await air.upgrade(upgradeParams(serve(image), image, maker, 'V9', { part: 'DSP' }));
    expect(replies.at(-1)).toMatchObject({ state: 'failed', upgrade_status: UpgradeStatus.fileNameError });
    await air.close();
  });
});

describe('parts', () => {
  it('an EMS 5000 runs EMS, PCS and BMS firmware, its firmware_version the EMS part’s', async () => {
    const air = await onAir({
      deviceType: DeviceType.energyManagementBox,
      stationType: StationType.commercialEss,
    });
    expect(air.statuses()[0]).toMatchObject({
      firmware_version: 'EMS5000-3.2.0',
      firmware_parts: { EMS: 'EMS5000-3.2.0', PCS: 'PCS-2.3.1', BMS: 'BMS-1.8.2' },
    });
    const pcs = imageBytes(8192, 'PCS-2.4.0');
    const replies = await air.upgrade(upgradeParams(serve(pcs), pcs, maker, 'PCS-2.4.0', { part: 'PCS' }));
    expect(replies.at(-1)).toMatchObject({ state: 'succeeded' });
    expect(air.statuses().at(-1)).toMatchObject({
      firmware_version: 'EMS5000-3.2.0',
      firmware_parts: { EMS: 'EMS5000-3.2.0', PCS: 'PCS-2.4.0', BMS: 'BMS-1.8.2' },
    });
    await air.close();
  });
});
