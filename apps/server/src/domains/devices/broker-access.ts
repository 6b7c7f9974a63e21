/**
 * What the devices domain needs of the broker, offered by the device link (the embedded broker
 * reads each device's hash at sign-in; a real broker is told through its dynamic-security plugin)
 * and wired by the app: a registration, rotation or removal of a device changes who may connect.
 */
export interface BrokerAccess {
  /** Lets the device `sn` connect with `secret` (replacing any earlier secret, disconnecting it). */
  provision(sn: string, secret: string): Promise<void>;
  /** Refuses the device `sn` from now on, and disconnects it. */
  revoke(sn: string): Promise<void>;
}
