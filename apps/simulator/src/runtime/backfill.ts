import {
  type CommandTiming,
  defaultCommandTiming,
  emptyCounters,
  type SimulatorLog,
} from '../devices/link.ts';
import type { VirtualDevice } from '../devices/virtual-device.ts';
import type { StationSimulation } from './station.ts';
import { type ScheduledTask, TimerWheel } from './wheel.ts';

/**
 * History, quickly and through the front door: every station's plant is advanced from `fromMs`
 * to `toMs` and each of its devices sends the readings as `backfill` messages over its own MQTT
 * connection (at most 500 readings or 256 KiB each, oldest first, the next one after the PUBACK
 * of the previous), exactly as a logger empties its buffer after an outage. The portal applies
 * all its rules to them (validation, repeats by `ts`, energy per station-local day); nothing is
 * written around it. The pace is the portal's: a device generates ahead only while fewer than
 * `aheadReadings` of its readings wait for their PUBACK.
 *
 * The stations are the same objects the live run takes afterwards (`startFleet`), so their
 * counters and sequence numbers carry on where the history ends.
 */

export interface BackfillOptions {
  brokerUrl: string;
  stations: readonly StationSimulation[];
  fromMs: number;
  toMs: number;
  /** Seconds between two readings in the history. */
  intervalS: number;
  /** Called about once a second, and at the end. */
  onProgress?: (progress: BackfillProgress) => void;
  /** Expected faults per device per simulated day in the history (default 0: a clean history). */
  faultRate?: number;
  /** Leave the devices connected at the end, for a live run that follows (default false). */
  keepConnected?: boolean;
  /** Readings a device may have waiting for their PUBACK before its station waits (default 2,000). */
  aheadReadings?: number;
  /** New connections per second (default 200). */
  connectRatePerSecond?: number;
  /** Gives up when a device has not connected after this long, ms (default 60 s). */
  connectTimeoutMs?: number;
  timing?: Partial<CommandTiming>;
  log?: SimulatorLog;
  /** Stops generating when aborted: the devices disconnect, what they still held is dropped. */
  signal?: AbortSignal;
}

export interface BackfillProgress {
  /** Readings acknowledged by the broker so far. */
  readings: number;
  /** Readings the whole backfill holds. */
  total: number;
  stationsDone: number;
  stations: number;
  elapsedMs: number;
  readingsPerSecond: number;
}

export interface BackfillResult extends BackfillProgress {
  messages: number;
  /** True when `signal` stopped it before the end. */
  aborted: boolean;
}

/** Yields to I/O: a station generating a year of readings must not hold the event loop. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function backfill(options: BackfillOptions): Promise<BackfillResult> {
  const intervalMs = options.intervalS * 1000;
  const started = performance.now();
  const counters = emptyCounters();
  const wheel = new TimerWheel({
    onError: (error) => options.log?.('simulator task failed', { error: String(error) }),
  });
  const devices: VirtualDevice[] = options.stations.flatMap((station) => station.devices);
  const link = {
    brokerUrl: options.brokerUrl,
    wheel,
    // the device's clock for what it says now (status, replies); readings carry their own time
    now: () => Date.now(),
    intervalS: options.intervalS,
    faultRate: options.faultRate ?? 0,
    upgradeFailureRate: 0.1,
    selfTestFailureRate: 0.05,
    timing: { ...defaultCommandTiming, ...options.timing },
    counters,
    log: options.log,
  };
  for (const device of devices) device.attach(link);

  const firstTick = (station: StationSimulation) =>
    station.nextTickAfter(Math.max(options.fromMs - 1, station.timeMs), options.intervalS);
  const total = options.stations.reduce((sum, station) => {
    const first = firstTick(station);
    const ticks = first > options.toMs ? 0 : Math.floor((options.toMs - first) / intervalMs) + 1;
    return sum + ticks * station.devices.length;
  }, 0);

  let stationsDone = 0;
  const progress = (): BackfillProgress => {
    const elapsedMs = performance.now() - started;
    return {
      readings: counters.readings,
      total,
      stationsDone,
      stations: options.stations.length,
      elapsedMs: Math.round(elapsedMs),
      readingsPerSecond: Math.round(counters.readings / Math.max(0.001, elapsedMs / 1000)),
    };
  };
  const reporter = options.onProgress ? setInterval(() => options.onProgress?.(progress()), 1000) : undefined;

  try {
    // connections spread over time; a device that cannot connect fails the backfill
    const spacingMs = 1000 / (options.connectRatePerSecond ?? 200);
    const connectTimeoutMs = options.connectTimeoutMs ?? 60_000;
    await Promise.all(
      devices.map(async (device, index) => {
        await wheel.sleep(index * spacingMs);
        let timer: ScheduledTask | undefined;
        const timedOut = new Promise<never>((_, reject) => {
          timer = wheel.after(connectTimeoutMs, () =>
            reject(new Error(`device ${device.sn} did not connect to ${options.brokerUrl}`)),
          );
        });
        try {
          await Promise.race([device.connect(), timedOut]);
        } finally {
          timer?.cancel();
        }
      }),
    );

    const ahead = options.aheadReadings ?? 2000;
    const aborted = new Promise<void>((resolve) => {
      if (options.signal?.aborted) resolve();
      options.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.all(
      options.stations.map(async (station) => {
        let ticks = 0;
        for (let atMs = firstTick(station); atMs <= options.toMs; atMs += intervalMs) {
          if (options.signal?.aborted) return;
          station.tick(atMs, false);
          ticks += 1;
          if (ticks % 50 === 0) {
            for (const device of station.devices) await Promise.race([device.waitForRoom(ahead), aborted]);
            await yieldToIo();
          }
        }
        for (const device of station.devices) {
          if (options.signal?.aborted) return;
          await Promise.race([device.drained(), aborted]);
        }
        stationsDone += 1;
      }),
    );
  } catch (error) {
    if (reporter) clearInterval(reporter);
    await Promise.all(devices.map((device) => device.disconnect()));
    wheel.stop();
    throw error;
  }
  if (reporter) clearInterval(reporter);
  const result = { ...progress(), messages: counters.messages, aborted: options.signal?.aborted === true };
  options.onProgress?.(result);
  if (!options.keepConnected || result.aborted) {
    await Promise.all(devices.map((device) => device.disconnect()));
    wheel.stop();
  }
  // with the devices kept connected the wheel stays: their reconnects until a live run takes over
  return result;
}
