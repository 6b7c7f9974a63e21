import type { UpKind } from '@helio/contracts/device-link';
import type { CommandChannel } from '../domains/commands/service.ts';
import type { BrokerAccess } from '../domains/devices/broker-access.ts';

/**
 * The seams of the device link. The portal speaks to devices through one broker: the embedded
 * one (aedes, in this process) or a real one given by MQTT_URL (Mosquitto with its
 * dynamic-security plugin). Either way the same ingestion takes what devices send up. The link
 * implements the ports the domains declare (the devices domain's BrokerAccess, the commands
 * domain's CommandChannel), which the app wires: no domain imports the device link.
 */

/**
 * Takes one message a device published on one of its up topics and settles once the message is
 * handled for good: committed to the database, or judged unusable and logged. The broker's
 * acknowledgement waits for it, so a message is acknowledged only after its reading is stored.
 * It may wait before even starting (backpressure) when too much is already in flight.
 */
export type UpHandler = (sn: string, kind: UpKind, payload: Buffer) => Promise<void>;

/** The portal's side of the broker: what it sends down. */
export interface DeviceLink extends BrokerAccess, CommandChannel {
  /** Whether the device `sn` has a connection to the broker now, when the broker can tell. */
  isConnected?(sn: string): boolean;
  /** Whether devices' messages reach the portal now: the broker listens, or the portal's client is connected to it. */
  ready(): boolean;
  close(): Promise<void>;
}
