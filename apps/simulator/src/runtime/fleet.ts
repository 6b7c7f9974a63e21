import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { UpKind } from '@helio/contracts/device-link';
import {
  type CommandTiming,
  defaultCommandTiming,
  emptyCounters,
  type LinkCounters,
  type SimulatorLog,
} from '../devices/link.ts';
import type { UpgradeFailureKind } from '../devices/upgrade.ts';
import type { VirtualDevice } from '../devices/virtual-device.ts';
import { deriveSeed, Random } from '../random.ts';
import { SimulationClock } from './clock.ts';
import type { StationSimulation } from './station.ts';
import { type ScheduledTask, TimerWheel } from './wheel.ts';

/**
 * The fleet runner: thousands of devices from one process. Every station has one plant shared
 * by its devices and one entry in the run's timer wheel for its next reading; devices connect
 * spread over time (a broker and the portal's sign-in check are not hit by thousands of CONNECTs
 * in the same millisecond); each device holds one MQTT connection with one message in flight,
 * and what it cannot deliver at once waits in its buffer and goes as `backfill`. A station's
 * uplink sometimes drops (all its devices at once, like a site whose router goes down) and comes
 * back after minutes to hours of simulated time, sending its buffered readings.
 *
 * Time: readings are stamped in simulated time (`SimulationClock`), never ahead of the real
 * clock. With `speedUp` > 1 the run starts at the time the stations' plants are at (in the past,
 * e.g. a day back) and catches up at `speedUp` × real time, then runs in real time; with
 * `speedUp` 1 it starts now, and a plant left in the past is advanced over the gap in one go, its
 * counters carrying the gap's energy into the first reading (as the protocol counts a gap).
 */

export interface FleetOptions {
  brokerUrl: string;
  stations: readonly StationSimulation[];
  /** Seconds of simulated time between two readings of a device. */
  intervalS: number;
  /** How much faster than real time simulated time runs while it is behind (≥ 1). */
  speedUp: number;
  /** Expected faults per device per simulated day. */
  faultRate: number;
  /** Share of upgrades of a good image that fail on purpose, 0–1 (default 0.1). */
  upgradeFailureRate?: number;
  /** The kinds of those failures (default: every kind). */
  upgradeFailures?: readonly UpgradeFailureKind[];
  /** The maker's Ed25519 public keys (base64, raw 32 bytes; the portal's FIRMWARE_KEYS); none: no upgrade passes its file check. */
  firmwareKeys?: readonly string[];
  /** Share of self-tests that fail, 0–1 (default 0.05). */
  selfTestFailureRate?: number;
  /** Expected uplink drops per station per simulated day (default: the fault rate). */
  offlineRate?: number;
  /** New connections per second while the fleet comes up (default 200). */
  connectRatePerSecond?: number;
  /** How long command work takes (tests shorten it). */
  timing?: Partial<CommandTiming>;
  log?: SimulatorLog;
  /** Sees every message a device had acknowledged (tests, a verbose CLI). */
  trace?: (sn: string, kind: UpKind, payload: string) => void;
}

export interface FleetStats {
  stations: number;
  devices: number;
  /** Devices connected now. */
  connected: number;
  /** Simulated time now, ms. */
  simulatedMs: number;
  /** True once simulated time runs with the real clock. */
  caughtUp: boolean;
  /** Since the start. */
  totals: LinkCounters;
  /** Readings taken and not yet acknowledged, over all devices. */
  buffered: number;
  /** Over the period since the previous `stats()` call. */
  periodS: number;
  messagesPerSecond: number;
  readingsPerSecond: number;
  /** Event-loop delay over the period, ms: how late timers and sockets were served. */
  eventLoopLagMs: { mean: number; p50: number; p99: number; max: number };
}

export interface Fleet {
  /** Resolves once every device has connected once. */
  ready: Promise<void>;
  clock: SimulationClock;
  /** Disconnects every device cleanly (`offline` status, then DISCONNECT) and stops the run. */
  stop(): Promise<void>;
  /** Figures since the start and over the period since the previous call. */
  stats(): FleetStats;
}

const DAY_MS = 86_400_000;
/** Readings a device may have waiting while the run catches up before its station pauses. */
const CATCH_UP_AHEAD = 2000;
/** How often the event loop's delay is sampled, ms. */
const LAG_RESOLUTION_MS = 10;

/** Runs `stations` against `brokerUrl` until `stop()`. */
export function startFleet(options: FleetOptions): Fleet {
  const intervalMs = options.intervalS * 1000;
  const stations = options.stations;
  const earliest = Math.min(...stations.map((station) => station.timeMs));
  const clock = new SimulationClock({
    simStartMs: options.speedUp > 1 && Number.isFinite(earliest) ? earliest : Date.now(),
    speedUp: options.speedUp,
  });
  const counters = emptyCounters();
  const wheel = new TimerWheel({
    onError: (error) => options.log?.('simulator task failed', { error: String(error) }),
  });
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const devices: VirtualDevice[] = stations.flatMap((station) => station.devices);
  const link = {
    brokerUrl: options.brokerUrl,
    wheel,
    now: () => clock.now(),
    intervalS: options.intervalS,
    faultRate: options.faultRate,
    upgradeFailureRate: options.upgradeFailureRate ?? 0.1,
    upgradeFailures: options.upgradeFailures,
    firmwareKeys: options.firmwareKeys ?? [],
    selfTestFailureRate: options.selfTestFailureRate ?? 0.05,
    timing: { ...defaultCommandTiming, ...options.timing },
    counters,
    log: options.log,
    trace: options.trace,
  };
  for (const device of devices) device.attach(link);
  let stopped = false;

  // connections spread over time
  const spacingMs = 1000 / (options.connectRatePerSecond ?? 200);
  const ready = Promise.all(
    devices.map(
      (device, index) =>
        new Promise<void>((resolve) => {
          wheel.after(index * spacingMs, () => {
            if (!stopped) device.connect().then(resolve, resolve);
          });
        }),
    ),
  ).then(() => undefined);

  // readings: one wheel entry per station, for its next instant
  const offlineRate = options.offlineRate ?? options.faultRate;
  for (const station of stations) {
    const random = new Random(deriveSeed(station.seed, 'uplink'));
    let awayUntilMs = 0;
    let previousAtMs: number | undefined;
    let next: ScheduledTask | undefined;
    const schedule = (atMs: number, realMs = clock.realAt(atMs)) => {
      next = wheel.at(realMs, () => {
        if (stopped) return;
        // catching up faster than the broker takes it: this station waits for its PUBACKs
        if (!clock.caughtUp && station.devices.some((device) => device.buffered > CATCH_UP_AHEAD)) {
          schedule(atMs, Date.now() + 100);
          return;
        }
        station.tick(atMs, true);
        // one draw per reading, so the drops of a station follow its readings, at the rate per time
        const elapsedMs = previousAtMs === undefined ? intervalMs : Math.max(0, atMs - previousAtMs);
        previousAtMs = atMs;
        const draw = random.next();
        if (
          offlineRate > 0 &&
          atMs >= awayUntilMs &&
          draw < 1 - Math.exp((-offlineRate * elapsedMs) / DAY_MS)
        ) {
          const awayMs = Math.exp(Math.log(5 * 60_000) + random.next() * Math.log(24));
          awayUntilMs = atMs + awayMs;
          const realAwayMs = Math.max(2000, clock.realAt(atMs + awayMs) - clock.realAt(atMs));
          for (const device of station.devices) device.dropConnection(realAwayMs);
        }
        schedule(station.nextReadingAfter(atMs, options.intervalS));
      });
    };
    // a device's interval changed (a setting, a debug session): the next tick comes anew
    station.onScheduleChange = () => {
      if (stopped) return;
      next?.cancel();
      schedule(station.nextReadingAfter(Math.max(station.timeMs, clock.now()), options.intervalS));
    };
    schedule(station.nextReadingAfter(Math.max(station.timeMs, clock.now()), options.intervalS));
  }

  let periodStart = performance.now();
  let periodMessages = 0;
  let periodReadings = 0;
  const stats = (): FleetStats => {
    const now = performance.now();
    const periodS = Math.max(0.001, (now - periodStart) / 1000);
    const messagesPerSecond = (counters.messages - periodMessages) / periodS;
    const readingsPerSecond = (counters.readings - periodReadings) / periodS;
    periodStart = now;
    periodMessages = counters.messages;
    periodReadings = counters.readings;
    // the histogram holds the time between its samples: the lag is what exceeds the resolution
    const toMs = (nanoseconds: number) =>
      Math.max(0, Math.round((nanoseconds / 1e6 - LAG_RESOLUTION_MS) * 10) / 10);
    const eventLoopLagMs = {
      mean: Number.isFinite(lag.mean) ? toMs(lag.mean) : 0,
      p50: toMs(lag.percentile(50)),
      p99: toMs(lag.percentile(99)),
      max: toMs(lag.max),
    };
    lag.reset();
    let connected = 0;
    let buffered = 0;
    for (const device of devices) {
      if (device.connected) connected += 1;
      buffered += device.buffered;
    }
    return {
      stations: stations.length,
      devices: devices.length,
      connected,
      simulatedMs: clock.now(),
      caughtUp: clock.caughtUp,
      totals: { ...counters },
      buffered,
      periodS: Math.round(periodS * 10) / 10,
      messagesPerSecond: Math.round(messagesPerSecond),
      readingsPerSecond: Math.round(readingsPerSecond),
      eventLoopLagMs,
    };
  };

  return {
    ready,
    clock,
    stats,
    async stop() {
      if (stopped) return;
      stopped = true;
      // disconnect in waves: thousands of sockets closing at once is a burst the broker feels
      const wave = 500;
      for (let index = 0; index < devices.length; index += wave) {
        await Promise.all(devices.slice(index, index + wave).map((device) => device.disconnect()));
      }
      wheel.stop();
      lag.disable();
    },
  };
}
