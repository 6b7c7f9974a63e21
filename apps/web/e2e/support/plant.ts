import type { DeviceCredentials } from '@helio/contracts';
import { upTopic } from '@helio/contracts/device-link';
import { connectAsync, type MqttClient } from 'mqtt';

/**
 * Stations, devices and accounts made through the API for the journeys that are not about making
 * them, and a device that talks MQTT to the embedded broker as docs/device-protocol.md says.
 */

export interface Account {
  name: string;
  password: string;
  token: string;
  userId: number;
}

/** POSTs one call and answers its data; anything but code 1 fails the test with the answer. */
export async function api<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Token: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg?: string; data: T };
  if (answer.code !== 1) throw new Error(`${path} failed: ${JSON.stringify(answer)}`);
  return answer.data;
}

export async function signInByApi(baseUrl: string, name: string, password: string): Promise<Account> {
  const data = await api<{ token: string; user_id: number }>(baseUrl, 'api/user/login', {
    user_name: name,
    pwd: password,
  });
  return { name, password, token: data.token, userId: data.user_id };
}

/** A level-1 installer of its own tree, registered from outside (as the login page's dialog does). */
export async function registerInstaller(baseUrl: string, name: string): Promise<Account> {
  const password = 'installer-pass-2';
  await api(baseUrl, 'api/user/register', {
    user_name: name,
    email: `${name.replaceAll('_', '-')}@helio.invalid`,
    pwd: password,
    pwd_again: password,
    role_id: 1,
  });
  return signInByApi(baseUrl, name, password);
}

/** An end user under the installer (dialog mode 2), signed in. */
export async function addEndUser(baseUrl: string, installer: Account, name: string): Promise<Account> {
  const password = 'end-user-pass-1';
  await api(
    baseUrl,
    'api/user/installer/registerUser',
    {
      user_name: name,
      email: `${name.replaceAll('_', '-')}@helio.invalid`,
      pwd: password,
      pwd_again: password,
      role_id: 2,
    },
    installer.token,
  );
  return signInByApi(baseUrl, name, password);
}

/** An on-grid station near Warsaw (time zone Europe/Warsaw) held by the installer (and an end user). */
export async function addStation(
  baseUrl: string,
  installer: Account,
  name: string,
  endUser?: Account,
): Promise<number> {
  const station = await api<{ station_id: number }>(
    baseUrl,
    'bg/station/add',
    {
      station_name: name,
      station_type: 1,
      installer_id: installer.userId,
      ...(endUser ? { end_user_id: endUser.userId } : {}),
      country_code: 'PL',
      address: 'ul. Słoneczna 7',
      latitude: 52.2297,
      longitude: 21.0122,
      capacity_kwp: 9.6,
      unit_price: 0.85,
      currency: 'PLN',
    },
    installer.token,
  );
  return station.station_id;
}

/** Registers an inverter on a station and answers its id and broker credentials. */
export async function addInverter(
  baseUrl: string,
  installer: Account,
  stationId: number,
  sn: string,
): Promise<{ deviceId: number; credentials: DeviceCredentials }> {
  const device = await api<{ device_id: number; credentials: DeviceCredentials }>(
    baseUrl,
    'api/device/add',
    { station_id: stationId, device_type: 1, sn, model: 'HX-5K' },
    installer.token,
  );
  return { deviceId: device.device_id, credentials: device.credentials };
}

/**
 * Registers a device of `type` on a station and connects it to the broker with its credentials,
 * announced online with no alarms: one device of a plant, speaking docs/device-protocol.md.
 */
export async function connectNewDevice(
  baseUrl: string,
  installer: Account,
  stationId: number,
  type: number,
  sn: string,
  model: string,
): Promise<TestDevice> {
  const { credentials } = await api<{ credentials: DeviceCredentials }>(
    baseUrl,
    'api/device/add',
    { station_id: stationId, device_type: type, sn, model },
    installer.token,
  );
  return TestDevice.connect(credentials);
}

/** A device connected to the broker with its credentials, announcing itself online with no alarms. */
export class TestDevice {
  private seq = 0;
  private constructor(
    readonly sn: string,
    readonly client: MqttClient,
  ) {}

  static async connect(credentials: DeviceCredentials): Promise<TestDevice> {
    const client = await connectAsync(credentials.broker_url, {
      protocolVersion: 4,
      clientId: credentials.client_id,
      username: credentials.username,
      password: credentials.password,
      clean: false,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    const device = new TestDevice(credentials.username, client);
    await device.publish('status', {
      v: 1,
      state: 'online',
      ts: Date.now(),
      firmware_version: 'V2.14.3',
      interval_s: 60,
      active_alarms: [],
    });
    return device;
  }

  /** Publishes at QoS 1: resolves once the portal has stored it. */
  private async publish(kind: 'status' | 'alarm', payload: Record<string, unknown>): Promise<void> {
    await this.client.publishAsync(upTopic(this.sn, kind), JSON.stringify(payload), { qos: 1 });
  }

  /** A fault starts (`raise`) or ends (`clear`) at `ts`. */
  async alarm(event: 'raise' | 'clear', code: number, ts: number): Promise<void> {
    this.seq += 1;
    await this.publish('alarm', { v: 1, ts, seq: this.seq, event, code });
  }

  close(): Promise<void> {
    return this.client.endAsync(true);
  }
}
