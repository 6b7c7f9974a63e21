import type { DeviceType } from '@helio/contracts';
import type { AlarmMessage, FlatValues, ReplyMessage, StatusMessage } from '@helio/contracts/device-link';

/** What ingestion hands each batch's writers: the messages of a batch, decoded and admitted (ingestor.ts). */

/** A registered device, as the batch's writers need it. */
export interface DeviceRef {
  deviceId: number;
  stationId: number;
  type: DeviceType;
  /** Its station's IANA zone. */
  timeZone: string;
}

/** A reading: its instant (ms), the device's sequence number and its flattened values. */
export interface IncomingReading {
  ms: number;
  seq: number;
  values: FlatValues;
}

/** One message of a batch (telemetry and backfill both bring readings). */
export type BatchItem =
  | { device: DeviceRef; kind: 'readings'; intervalS: number | undefined; readings: IncomingReading[] }
  | { device: DeviceRef; kind: 'alarm'; message: AlarmMessage }
  | { device: DeviceRef; kind: 'status'; message: StatusMessage }
  | { device: DeviceRef; kind: 'reply'; message: ReplyMessage };

/** What a written batch changed, for the caller's log and tests. */
export interface BatchOutcome {
  stored: number;
  repeated: number;
  late: number;
  /** Alarms that opened (happening) in this batch: the notifier has work. */
  alarmsOpened: number;
}
