/** What a device borrows from its run (broker, clock, timer wheel, rates) and the counters it adds to. */
import type { UpKind } from '@helio/contracts/device-link';
import type { TimerWheel } from '../runtime/wheel.ts';
import type { UpgradeFailureKind } from './upgrade.ts';

/** How long command work takes, in real milliseconds (tests shorten it). */
export interface CommandTiming {
  /** From taking a command to its outcome (settings applied, network reconfigured). */
  workMs: number;
  /** Between two `progress` replies of an upgrade or a self-test; the protocol asks for ≥ 5 s. */
  stepMs: number;
  /** How long a restart, or the reboot into new firmware, keeps the device away. */
  rebootMs: number;
}

export const defaultCommandTiming: CommandTiming = { workMs: 1500, stepMs: 5000, rebootMs: 15_000 };

/** Counters of what a run's devices did, shared by all its devices. */
export interface LinkCounters {
  messages: number;
  readings: number;
  alarms: number;
  replies: number;
  connects: number;
  connectFailures: number;
  drops: number;
  commands: number;
  publishErrors: number;
}

export function emptyCounters(): LinkCounters {
  return {
    messages: 0,
    readings: 0,
    alarms: 0,
    replies: 0,
    connects: 0,
    connectFailures: 0,
    drops: 0,
    commands: 0,
    publishErrors: 0,
  };
}

export type SimulatorLog = (message: string, fields?: Record<string, unknown>) => void;

/** What a device needs to go on the air: its run's broker, clock, wheel and rates. */
export interface DeviceLink {
  brokerUrl: string;
  wheel: TimerWheel;
  /** The device's clock: simulated time, ms. */
  now: () => number;
  /** Seconds between readings, as announced. */
  intervalS: number;
  /** Expected faults per device per simulated day. */
  faultRate: number;
  /** Share of upgrades that fail on purpose (0–1), of a kind drawn from `upgradeFailures`. */
  upgradeFailureRate: number;
  /** The kinds of those failures (default: every kind, fetch failures the likeliest). */
  upgradeFailures?: readonly UpgradeFailureKind[];
  /**
   * The maker's Ed25519 public keys, base64 of the raw 32 bytes (as the portal's FIRMWARE_KEYS):
   * an image's signature must verify with one of them. None: every upgrade fails its file check.
   */
  firmwareKeys?: readonly string[];
  /** Share of self-tests that fail (0–1). */
  selfTestFailureRate: number;
  timing: CommandTiming;
  counters: LinkCounters;
  log?: SimulatorLog;
  /** Sees every message once its PUBACK arrived (tests, a verbose CLI). */
  trace?: (sn: string, kind: UpKind, payload: string) => void;
}
