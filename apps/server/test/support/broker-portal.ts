import { RoleId } from '@helio/contracts';
import { afterAll, beforeAll } from 'vitest';
import { type Account, registerAccount } from './accounts.ts';
import { localBrokerUrl } from './devices.ts';
import { type StartedMosquitto, startMosquitto } from './mosquitto.ts';
import { historyAdmission, startTestServer, type TestServer } from './server.ts';

/** The brokers a device-link round trip runs through: the portal's embedded one, or a real Mosquitto. */
export const brokerKinds = ['embedded', 'mosquitto'] as const;
export type BrokerKind = (typeof brokerKinds)[number];

/** A started portal, its installer and the URL its simulated devices connect to. */
export interface BrokerPortal {
  readonly server: TestServer;
  readonly installer: Account;
  readonly brokerUrl: string;
}

/**
 * The portal of a round trip through the `kind` broker, for the enclosing `describe`: started in its
 * `beforeAll` (readings of any day admitted; with Mosquitto, the portal joins it as `clientId`), an
 * installer registered under `accountPrefix`, and closed with its Mosquitto in its `afterAll`. Read
 * the fields inside hooks and tests only: they are set once the `beforeAll` has run.
 */
export function brokerPortal(
  kind: BrokerKind,
  options: { clientId: string; accountPrefix: string },
): BrokerPortal {
  let server: TestServer | undefined;
  let installer: Account | undefined;
  let mosquitto: StartedMosquitto | undefined;
  let brokerUrl: string | undefined;

  beforeAll(async () => {
    if (kind === 'mosquitto') mosquitto = await startMosquitto();
    server = await startTestServer({
      admission: historyAdmission,
      env: mosquitto ? { MQTT_URL: mosquitto.url, MQTT_CLIENT_ID: options.clientId } : {},
    });
    installer = await registerAccount(server, RoleId.installer, options.accountPrefix);
    brokerUrl = mosquitto
      ? `mqtt://127.0.0.1:${mosquitto.port}`
      : localBrokerUrl(server.deviceLink.embeddedPort!);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await mosquitto?.dispose();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the broker portal is read before its beforeAll has run');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get installer() {
      return started(installer);
    },
    get brokerUrl() {
      return started(brokerUrl);
    },
  };
}
