import { PROTOCOL_VERSION, upTopic } from '@helio/contracts/device-link';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/**
 * A device for tests: an mqtt.js client that signs in as a device (SN as client id and user name)
 * and speaks the protocol of docs/device-protocol.md.
 */
export interface TestDevice {
  client: MqttClient;
  sn: string;
  /** Publishes one telemetry reading at QoS 1; resolves on the broker's PUBACK. */
  telemetry(ts: number, seq: number, values: Record<string, unknown>, intervalS?: number): Promise<void>;
  publish(kind: Parameters<typeof upTopic>[1], message: object): Promise<void>;
  close(): Promise<void>;
}

/** Connects; rejects with the broker's refusal when it refuses the connection. */
export async function connectDevice(
  brokerUrl: string,
  sn: string,
  password: string,
  options: IClientOptions = {},
): Promise<TestDevice> {
  const client = await mqtt.connectAsync(brokerUrl, {
    protocolVersion: 4,
    clientId: sn,
    username: sn,
    password,
    clean: false,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
  const publish: TestDevice['publish'] = async (kind, message) => {
    await client.publishAsync(upTopic(sn, kind), JSON.stringify({ v: PROTOCOL_VERSION, ...message }), {
      qos: 1,
    });
  };
  return {
    client,
    sn,
    publish,
    telemetry: (ts, seq, values, intervalS) =>
      publish('telemetry', {
        ts,
        seq,
        values,
        ...(intervalS === undefined ? {} : { interval_s: intervalS }),
      }),
    close: () => client.endAsync(),
  };
}

/** The broker URL as the test process reaches it. */
export function localBrokerUrl(port: number): string {
  return `mqtt://127.0.0.1:${port}`;
}
