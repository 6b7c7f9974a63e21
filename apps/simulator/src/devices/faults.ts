/** Faults from the catalogue on their own seeded stream, so the same readings raise the same faults. */
import type { DeviceType } from '@helio/contracts';
import { type EmsPart, type FaultDefinition, faultsOf, PROTOCOL_VERSION } from '@helio/contracts/device-link';
import type { Random } from '../random.ts';

/** A fault happening now, and when it will end. */
export interface ActiveFault {
  fault: FaultDefinition;
  part: EmsPart | undefined;
  raisedMs: number;
  clearAtMs: number;
}

export type AlarmEvent = 'raise' | 'clear';

const DAY_MS = 86_400_000;

/** A number between `low` and `high`, spread evenly on a log scale (durations: minutes to hours). */
function logUniform(random: Random, low: number, high: number): number {
  return Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low)));
}

/** An `alarm` message (protocol section 7); `seq` is from the device's one sequence of readings and alarms. */
export function alarmPayload(event: AlarmEvent, active: ActiveFault, ms: number, seq: number): string {
  const message = {
    v: PROTOCOL_VERSION,
    ts: ms,
    seq,
    event,
    code: active.fault.code,
    ...(active.part === undefined ? {} : { part: active.part }),
  };
  return JSON.stringify(message);
}

/**
 * The faults of one device: at each reading those whose time has come end, then one may start
 * (a Poisson process at the run's rate). A fault that clears itself lasts minutes to hours; a
 * latched one lasts until a restart resets it (or, if nobody does, hours to days). Every raise and
 * clear goes to `alarm`.
 */
export class DeviceFaults {
  private readonly active = new Map<string, ActiveFault>();
  private readonly candidates: { fault: FaultDefinition; part: EmsPart | undefined }[];
  /** Simulated time of the latest reading, ms: the length of the next step. */
  private lastReadingMs: number | undefined;

  constructor(
    deviceType: DeviceType,
    /** EMS 5000: the parts its site has, each with its own faults; empty for other types. */
    parts: readonly EmsPart[],
    private readonly random: Random,
    private readonly alarm: (event: AlarmEvent, active: ActiveFault, ms: number) => void,
  ) {
    this.candidates =
      parts.length > 0
        ? parts.flatMap((part) =>
            faultsOf(deviceType, part).map((fault) => ({ fault, part: part as EmsPart | undefined })),
          )
        : faultsOf(deviceType).map((fault) => ({ fault, part: undefined }));
  }

  /** Simulated time of the latest reading, ms (undefined before the first). */
  get latestReadingMs(): number | undefined {
    return this.lastReadingMs;
  }

  /** The alarms happening now, as `active_alarms` lists them. */
  activeAlarms(): { code: number; part?: EmsPart }[] {
    return [...this.active.values()].map(({ fault, part }) =>
      part === undefined ? { code: fault.code } : { code: fault.code, part },
    );
  }

  /** Where a fault (not a warning) has stopped the device: `device` itself or EMS parts. */
  stoppedWhere(): Set<EmsPart | 'device'> {
    const stopped = new Set<EmsPart | 'device'>();
    for (const { fault, part } of this.active.values()) {
      if (fault.severity !== 'warning') stopped.add(part ?? 'device');
    }
    return stopped;
  }

  /** The first fault happening now that stops the device (a self-test fails on it). */
  firstStopping(): FaultDefinition | undefined {
    return [...this.active.values()].find(({ fault }) => fault.severity !== 'warning')?.fault;
  }

  /**
   * At a reading at `ms`: faults whose time has come end, then, at `faultRate` faults a day on
   * average (none without a run), one may start.
   */
  atReading(ms: number, run: { faultRate: number; intervalS: number } | undefined): void {
    this.clearEnded(ms);
    if (run && run.faultRate > 0) this.maybeStart(ms, run.faultRate, run.intervalS);
    this.lastReadingMs = ms;
  }

  /** Raises `code` now for `durationMs`; false if it is not this device's or already happening. */
  raise(code: number, part: EmsPart | undefined, durationMs: number, nowMs: number): boolean {
    const candidate = this.candidates.find(({ fault, part: where }) => fault.code === code && where === part);
    if (!candidate || this.active.has(`${code}|${part ?? ''}`)) return false;
    const active: ActiveFault = { ...candidate, raisedMs: nowMs, clearAtMs: nowMs + durationMs };
    this.active.set(`${code}|${part ?? ''}`, active);
    this.alarm('raise', active, nowMs);
    return true;
  }

  /** Clears the latched faults (a restart or an installer's reset does). */
  resetLatched(ms: number): void {
    for (const [key, active] of this.active) {
      if (!active.fault.clearsItself) {
        this.active.delete(key);
        this.alarm('clear', active, ms);
      }
    }
  }

  /** Faults whose time has come end, each with a `clear`. */
  private clearEnded(ms: number): void {
    for (const [key, active] of this.active) {
      if (ms >= active.clearAtMs) {
        this.active.delete(key);
        this.alarm('clear', active, ms);
      }
    }
  }

  /** Maybe starts a fault, at `ratePerDay` faults a day on average. */
  private maybeStart(ms: number, ratePerDay: number, intervalS: number): void {
    const elapsedMs =
      this.lastReadingMs === undefined
        ? intervalS * 1000
        : Math.min(Math.max(0, ms - this.lastReadingMs), DAY_MS);
    // one draw per reading whatever happens, so the stream stays aligned with the readings
    const draw = this.random.next();
    if (draw >= 1 - Math.exp((-ratePerDay * elapsedMs) / DAY_MS)) return;
    const candidates = this.candidates.filter(
      ({ fault, part }) => !this.active.has(`${fault.code}|${part ?? ''}`),
    );
    if (candidates.length === 0) return;
    const pick = candidates[Math.floor(this.random.next() * candidates.length)]!;
    // a fault that clears itself lasts minutes to hours; a latched one until someone resets it
    const durationMs = pick.fault.clearsItself
      ? logUniform(this.random, 5 * 60_000, 3 * 3_600_000)
      : logUniform(this.random, 4 * 3_600_000, 3 * DAY_MS);
    const active: ActiveFault = { ...pick, raisedMs: ms, clearAtMs: ms + Math.round(durationMs) };
    this.active.set(`${pick.fault.code}|${pick.part ?? ''}`, active);
    this.alarm('raise', active, ms);
  }
}
