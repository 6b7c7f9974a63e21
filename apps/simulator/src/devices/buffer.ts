/** Store-and-forward (protocol section 5.2): nothing is lost while offline; it goes out oldest first. */
import {
  MAX_BACKFILL_READINGS,
  MAX_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  type UpKind,
} from '@helio/contracts/device-link';
import type { DeviceLink } from './link.ts';

/** A reading kept until its PUBACK: already serialised, as it goes on the wire. */
export interface HeldReading {
  ts: number;
  seq: number;
  json: string;
  /** Taken live with nothing waiting before it: it goes as `telemetry`, else as `backfill`. */
  fresh: boolean;
}

/** A message that is not a reading: status, alarm or reply. */
export interface ControlMessage {
  kind: Exclude<UpKind, 'telemetry' | 'backfill'>;
  payload: string;
}

/**
 * Where the buffer sends: the device's connection. `settled` is called only while the
 * connection the message went out on is still the current one.
 */
export interface Uplink {
  readonly connected: boolean;
  publish(kind: UpKind, payload: string, settled: (error: Error | undefined) => void): void;
}

/** Room left in a backfill message for its envelope, bytes. */
const ENVELOPE_BYTES = 128;
/** Readings a device keeps at most while it cannot deliver them (a week at one a minute). */
const MAX_BUFFERED_READINGS = 10_080;

/**
 * The messages of one device waiting for their PUBACK. Control messages (status, alarms,
 * replies) go first, in order; then the readings, oldest first: a lone fresh one as
 * `telemetry`, otherwise as `backfill` of at most `MAX_BACKFILL_READINGS` and
 * `MAX_MESSAGE_BYTES`. A message leaves the buffer only when acknowledged; one given up with
 * its connection goes again on the next.
 */
export class UplinkBuffer {
  /** Readings not yet acknowledged, oldest first, from `head` on. */
  private readings: HeldReading[] = [];
  private head = 0;
  /** Status, alarms and replies not yet acknowledged, in order. */
  private control: ControlMessage[] = [];
  private inFlight = false;
  private roomWaiters: { limit: number; resolve: () => void }[] = [];

  constructor(
    private readonly sn: string,
    private readonly link: () => DeviceLink,
    private readonly uplink: Uplink,
    /** The interval the device reports at now, as its messages announce it (the run's by default). */
    private readonly intervalS: () => number = () => link().intervalS,
  ) {}

  /** Readings waiting for their PUBACK. */
  get buffered(): number {
    return this.readings.length - this.head;
  }

  /** Keeps a reading until it is acknowledged (a full buffer thins out first) and sends what can go. */
  hold(reading: HeldReading): void {
    this.readings.push(reading);
    if (this.buffered > MAX_BUFFERED_READINGS && !this.inFlight) this.thinOut();
    this.send();
  }

  /** Queues a status, alarm or reply behind those already waiting; `send` sends it. */
  queue(message: ControlMessage): void {
    this.control.push(message);
  }

  /** Queues the `online` status first; an older status that never got its PUBACK is stale now. */
  queueStatusFirst(payload: string): void {
    this.control = this.control.filter((message) => message.kind !== 'status');
    this.control.unshift({ kind: 'status', payload });
  }

  /** The connection went: what was in flight goes again on the next one. */
  connectionDown(): void {
    this.inFlight = false;
  }

  /** Resolves when at most `limit` readings wait for their PUBACK. */
  waitForRoom(limit: number): Promise<void> {
    if (this.buffered <= limit) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push({ limit, resolve }));
  }

  /** Resolves once every reading and event is acknowledged. */
  async drained(): Promise<void> {
    while (this.buffered > 0 || this.control.length > 0) {
      await this.waitForRoom(0);
      if (this.control.length > 0) await this.link().wheel.sleep(10);
    }
  }

  /** Sends the next message when connected and nothing is in flight: control first, then readings. */
  send(): void {
    if (!this.uplink.connected || this.inFlight) return;
    const link = this.link();
    let kind: UpKind;
    let payload: string;
    let delivered: () => void;
    const control = this.control[0];
    if (control) {
      kind = control.kind;
      payload = control.payload;
      delivered = () => {
        this.control.shift();
        if (kind === 'alarm') link.counters.alarms += 1;
        if (kind === 'reply') link.counters.replies += 1;
      };
    } else if (this.buffered > 0) {
      const first = this.readings[this.head]!;
      if (this.buffered === 1 && first.fresh) {
        kind = 'telemetry';
        payload = `{"v":${PROTOCOL_VERSION},"interval_s":${this.intervalS()},${first.json.slice(1)}`;
        delivered = () => this.release(1);
      } else {
        kind = 'backfill';
        const parts: string[] = [];
        let bytes = ENVELOPE_BYTES;
        for (
          let index = this.head;
          index < this.readings.length && parts.length < MAX_BACKFILL_READINGS;
          index += 1
        ) {
          const json = this.readings[index]!.json;
          if (parts.length > 0 && bytes + json.length + 1 > MAX_MESSAGE_BYTES) break;
          parts.push(json);
          bytes += json.length + 1;
        }
        payload = `{"v":${PROTOCOL_VERSION},"interval_s":${this.intervalS()},"readings":[${parts.join(',')}]}`;
        const count = parts.length;
        delivered = () => this.release(count);
      }
    } else {
      return;
    }
    this.inFlight = true;
    this.uplink.publish(kind, payload, (error) => {
      this.inFlight = false;
      if (error) {
        link.counters.publishErrors += 1;
        return;
      }
      link.counters.messages += 1;
      delivered();
      link.trace?.(this.sn, kind, payload);
      this.send();
    });
  }

  /**
   * A full buffer keeps every second one of its older half (protocol section 5.2): the energy of
   * what is dropped is still counted, by the cumulative counters of the next reading kept.
   */
  private thinOut(): void {
    const waiting = this.readings.slice(this.head);
    const older = Math.floor(waiting.length / 2);
    this.readings = [
      ...waiting.slice(0, older).filter((_, index) => index % 2 === 1),
      ...waiting.slice(older),
    ];
    this.head = 0;
  }

  private release(count: number): void {
    this.link().counters.readings += count;
    this.head += count;
    // compact now and then rather than shifting on every message
    if (this.head > 1024 && this.head * 2 > this.readings.length) {
      this.readings = this.readings.slice(this.head);
      this.head = 0;
    }
    if (this.buffered === 0) {
      this.readings = [];
      this.head = 0;
    }
    if (this.roomWaiters.length > 0) {
      const waiting = this.roomWaiters;
      this.roomWaiters = [];
      for (const waiter of waiting) {
        if (this.buffered <= waiter.limit) waiter.resolve();
        else this.roomWaiters.push(waiter);
      }
    }
  }
}
