/**
 * The device process of `npm run bench:firmware` (firmware.ts): the simulator's stations on one
 * timer wheel (`startFleet`) holding the maker's public key, so every upgrade really downloads its
 * image, checks it and reboots; and, for the baseline, the simulator's own download
 * (`downloadImage`) run against a bare file server. Every byte a download receives is counted
 * here, at the devices, with the time of the first and the last: the serving throughput.
 */
import { downloadImage } from '../../simulator/src/devices/download.ts';
import { startFleet } from '../../simulator/src/runtime/fleet.ts';
import { type PlannedStation, simulatedStations } from './control-fleet.ts';
import { type FleetReady, serveFleet } from './device-process.ts';

/** What the bench process tells the device process. */
export type ToFirmwareDevices =
  | {
      type: 'start';
      brokerUrl: string;
      stations: PlannedStation[];
      passwords: Record<string, string>;
      firmwareKeys: string[];
      intervalS: number;
      connectRate: number;
    }
  | { type: 'baseline'; url: string; sizeBytes: number; downloads: number; concurrency: number }
  | { type: 'stop' };

/** Bytes the devices received, with the first and last byte's time (ms, this machine's clock). */
export interface ByteMeter {
  bytes: number;
  firstMs: number;
  lastMs: number;
  downloads: number;
  /** Bytes received in each second of the clock (epoch seconds → bytes). */
  perSecond: Record<number, number>;
}

export type FromFirmwareDevices =
  | FleetReady
  | { type: 'baseline-done'; meter: ByteMeter; sha256s: string[] }
  | { type: 'stopped'; meter: ByteMeter; problems: number }
  | { type: 'failed'; message: string };

/** Counts what every `fetch` body of this process brings (the devices' downloads). */
function meterFetch(meter: ByteMeter): void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    if (!response.body) return response;
    meter.downloads += 1;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const now = Date.now();
          if (meter.bytes === 0) meter.firstMs = now;
          meter.bytes += chunk.byteLength;
          meter.lastMs = now;
          const second = Math.floor(now / 1000);
          meter.perSecond[second] = (meter.perSecond[second] ?? 0) + chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

export function runFirmwareDeviceProcess(): void {
  const meter: ByteMeter = { bytes: 0, firstMs: 0, lastMs: 0, downloads: 0, perSecond: {} };
  const fresh = () => {
    meter.bytes = 0;
    meter.firstMs = 0;
    meter.lastMs = 0;
    meter.downloads = 0;
    meter.perSecond = {};
  };
  meterFetch(meter);
  serveFleet<ToFirmwareDevices, FromFirmwareDevices>({
    start(message, log) {
      fresh();
      return startFleet({
        brokerUrl: message.brokerUrl,
        stations: simulatedStations(message.stations, message.passwords, Date.now()),
        intervalS: message.intervalS,
        speedUp: 1,
        faultRate: 0,
        offlineRate: 0,
        upgradeFailureRate: 0,
        selfTestFailureRate: 0,
        connectRatePerSecond: message.connectRate,
        firmwareKeys: message.firmwareKeys,
        // progress every 10 % as the protocol asks, without its 5 s floor: the bench measures serving
        timing: { workMs: 100, stepMs: 100, rebootMs: 1000 },
        log,
      });
    },
    stopped: (_fleet, problems) => ({ type: 'stopped', meter: { ...meter }, problems }),
    async other(message, send) {
      if (message.type !== 'baseline') return;
      fresh();
      const sha256s: string[] = [];
      let next = 0;
      const controller = new AbortController();
      await Promise.all(
        Array.from({ length: Math.min(message.concurrency, message.downloads) }, async () => {
          while (next < message.downloads) {
            next += 1;
            const done = await downloadImage({
              url: message.url,
              sizeBytes: message.sizeBytes,
              signal: controller.signal,
              resumes: 3,
              beforeResume: async () => {},
              onBytes: () => {},
            });
            sha256s.push(done.sha256);
          }
        }),
      );
      await send({ type: 'baseline-done', meter: { ...meter }, sha256s: [...new Set(sha256s)] });
    },
  });
}
