import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  MAX_MESSAGE_BYTES,
  MAX_MQTT_PACKET_BYTES,
  MAX_UNAUTHENTICATED_PACKET_BYTES,
  PROTOCOL_VERSION,
  upTopic,
} from '@helio/contracts/device-link';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import { connectDevice, localBrokerUrl } from './support/devices.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { startMosquitto } from './support/mosquitto.ts';
import { rawSocket, streamOversizeConnect, within } from './support/mqtt-raw.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The embedded broker's limits (README "Device link", docs/device-protocol.md §2.5), against the
 * real server: the packet size limit before and after sign-in, the CONNECT timeout and the
 * connections per address; and Mosquitto started with the README's settings refuses the same
 * oversize packet.
 */

const CONNECT_TIMEOUT_MS = 500;
const PER_ADDRESS = 3;

let server: TestServer;
let installer: Account;
let port: number;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      MQTT_CONNECT_TIMEOUT_SECONDS: String(CONNECT_TIMEOUT_MS / 1000),
      MQTT_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    },
  });
  installer = await registerAccount(server, 1, 'limits');
  port = server.deviceLink.embeddedPort!;
});
afterAll(async () => {
  await server?.close();
});

/** The JSON log lines with this message. */
function logged(message: string): Record<string, unknown>[] {
  return server.logs
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes(message))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function registered(overrides: Record<string, unknown> = {}, stationType = 4) {
  const station = await addStation(server, installer.token, {
    station_type: stationType,
    installer_id: installer.userId,
  });
  return registerDevice(server, installer.token, station.station_id, overrides);
}

/**
 * The largest backfill the protocol allows in practice: an EMS 5000's readings (the widest type)
 * with every part reported, as many as fit in MAX_MESSAGE_BYTES of JSON.
 */
function largestBackfill() {
  const start = Date.now() - 3 * 86_400_000;
  const reading = (index: number) => ({
    ts: start + index * 300_000,
    seq: 100_000 + index,
    values: {
      load_power_w: 41_234.56 + index,
      pcs: {
        state: 5,
        ac_power_w: -20_123.45,
        ac_voltage_v: 401.23,
        temperature_c: 38.12,
        charge_kwh: 151_234.567,
        discharge_kwh: 140_987.654 + index,
      },
      pvs: { state: 2, pv_power_w: 61_234.56, pv_voltage_v: 712.34, pv_kwh: 451_234.567 + index },
      bms: {
        state: 5,
        soc_pct: 63.45,
        soh_pct: 97.21,
        voltage_v: 768.12,
        current_a: -26.34,
        max_cell_temperature_c: 31.56,
      },
      sts: { state: 2, grid_voltage_v: 400.12, grid_frequency_hz: 49.987 },
      generator: { state: 0, power_w: 0, generator_kwh: 1_234.567 },
      meter: { grid_power_w: -100.5, import_kwh: 98_765.432 + index, export_kwh: 87_654.321 + index },
    },
  });
  const readings: ReturnType<typeof reading>[] = [];
  let bytes = Buffer.byteLength(JSON.stringify({ v: PROTOCOL_VERSION, interval_s: 300, readings }));
  while (readings.length < 500) {
    const next = reading(readings.length);
    // the reading and, after the first, its comma
    const added = Buffer.byteLength(JSON.stringify(next)) + (readings.length > 0 ? 1 : 0);
    if (bytes + added > MAX_MESSAGE_BYTES) break;
    readings.push(next);
    bytes += added;
  }
  const message = { interval_s: 300, readings };
  expect(Buffer.byteLength(JSON.stringify({ v: PROTOCOL_VERSION, ...message }))).toBe(bytes);
  return { message, bytes };
}

describe('MQTT packet size', () => {
  it('a CONNECT announcing 60 MB is closed when its header is read, before the body is taken in', async () => {
    const announced = 60 * 1024 * 1024;
    const { written, openMs } = await streamOversizeConnect(port, announced);
    // what the client got into its socket before the reset sat in kernel buffers, not the portal
    expect(written).toBeLessThan(announced);
    expect(openMs).toBeLessThan(CONNECT_TIMEOUT_MS);
    const [refusal] = logged('packet over the size limit');
    expect(refusal).toMatchObject({ packet: 'connect', limitBytes: MAX_UNAUTHENTICATED_PACKET_BYTES });
    expect(refusal!.announcedBytes).toBeGreaterThan(announced);
    // at most the first read of the socket, never the body
    expect(refusal!.receivedBytes as number).toBeLessThanOrEqual(128 * 1024);
  });

  it('before sign-in a packet may hold no more than a CONNECT needs (4 KiB)', async () => {
    const before = logged('packet over the size limit').length;
    const announced = MAX_UNAUTHENTICATED_PACKET_BYTES + 1024;
    await streamOversizeConnect(port, announced);
    const refusals = logged('packet over the size limit').slice(before);
    expect(refusals).toContainEqual(
      expect.objectContaining({ packet: 'connect', limitBytes: MAX_UNAUTHENTICATED_PACKET_BYTES }),
    );
  });

  it('a signed-in device: the largest legitimate backfill is stored; a publish over the limit is not acknowledged and ends the connection', async () => {
    const item = await registered({ device_type: 8 }, 9);
    const backfill = largestBackfill();
    expect(backfill.bytes).toBeGreaterThan(MAX_MESSAGE_BYTES - 1024);
    expect(backfill.bytes).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    const device = await connectDevice(localBrokerUrl(port), item.sn, item.credentials.password);
    await device.publish('backfill', backfill.message);
    const [stored] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from readings where device_id = ${item.device_id}`,
    );
    expect(stored!.n).toBe(backfill.message.readings.length);

    const closed = new Promise<void>((resolve) => device.client.once('close', () => resolve()));
    let acknowledged = false;
    device.client.publish(
      upTopic(item.sn, 'telemetry'),
      Buffer.alloc(MAX_MQTT_PACKET_BYTES, 0x20),
      { qos: 1 },
      (error) => {
        if (!error) acknowledged = true;
      },
    );
    await within(closed, 5000, 'the broker did not close the connection');
    device.client.end(true);
    expect(acknowledged).toBe(false);
    expect(logged('packet over the size limit')).toContainEqual(
      expect.objectContaining({ sn: item.sn, packet: 'publish' }),
    );
  });
});

describe('MQTT connections', () => {
  it('a connection that sends nothing is closed after the CONNECT timeout', async () => {
    const { closed } = await rawSocket(port);
    const opened = Date.now();
    const closedAt = await within(
      closed,
      10 * CONNECT_TIMEOUT_MS,
      'the broker did not close the silent connection',
    );
    expect(closedAt - opened).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(logged('MQTT connection closed before sign-in')).toContainEqual(
      expect.objectContaining({ address: '127.0.0.1', reason: 'connect did not arrive in time' }),
    );
  });

  it(`one address holds at most ${PER_ADDRESS} connections; others are not affected`, async () => {
    // a loopback address of its own, so the other tests' connections do not count
    const address = '127.0.0.2';
    const items = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, () => registered()));
    const fromAddress = (item: (typeof items)[number]) =>
      new Promise<MqttClient>((resolve, reject) => {
        const client = new MqttClient(() => net.connect({ host: '127.0.0.1', port, localAddress: address }), {
          protocolVersion: 4,
          clientId: item.sn,
          username: item.sn,
          password: item.credentials.password,
          reconnectPeriod: 0,
          connectTimeout: 5000,
        });
        client.once('connect', () => resolve(client));
        client.once('error', reject);
        client.once('close', () => reject(new Error('closed')));
      });
    const held = await Promise.all(items.slice(0, PER_ADDRESS).map(fromAddress));

    const { closed } = await rawSocket(port, address);
    await within(closed, 5000, 'the broker did not refuse the connection');
    expect(logged('too many connections from this address')).toContainEqual(
      expect.objectContaining({ address, open: PER_ADDRESS, limit: PER_ADDRESS }),
    );
    // another address still connects
    const other = await connectDevice(
      localBrokerUrl(port),
      items[PER_ADDRESS]!.sn,
      items[PER_ADDRESS]!.credentials.password,
    );
    await other.close();

    // a closed connection frees its place
    await held.pop()!.endAsync();
    const started = Date.now();
    for (;;) {
      try {
        held.push(await fromAddress(items[PER_ADDRESS - 1]!));
        break;
      } catch (error) {
        if (Date.now() - started > 5000) throw error;
      }
    }
    await Promise.all(held.map((client) => client.endAsync()));
  });
});

describe('the documented limit', () => {
  it('fits the largest legitimate PUBLISH and is the number the protocol and README give', () => {
    // fixed header (1 + 3 length bytes), topic (2 + its length), packet id, the largest message
    const topic = upTopic(`INV${'X'.repeat(16)}`, 'telemetry');
    const largestPublish = 1 + 3 + 2 + Buffer.byteLength(topic) + 2 + MAX_MESSAGE_BYTES;
    expect(largestPublish).toBe(262_188);
    expect(largestPublish).toBeLessThan(MAX_MQTT_PACKET_BYTES);
    expect(MAX_MQTT_PACKET_BYTES).toBe(327_680);
    const root = path.join(import.meta.dirname, '../../..');
    const protocol = readFileSync(path.join(root, 'docs/device-protocol.md'), 'utf8');
    expect(protocol).toContain('at most 327 680 bytes');
    expect(protocol).toContain('262 188 bytes');
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`max_packet_size ${MAX_MQTT_PACKET_BYTES}`);
  });
});

describe('Mosquitto with the README settings', () => {
  it('closes a connection announcing a packet over max_packet_size before taking its body', async () => {
    const mosquitto = await startMosquitto();
    try {
      const announced = 60 * 1024 * 1024;
      const { written } = await streamOversizeConnect(mosquitto.port, announced);
      expect(written).toBeLessThan(announced);
      // its log is written as it goes: wait for the line rather than a fixed time
      const started = Date.now();
      while (!mosquitto.log().includes('disconnected due to oversize packet')) {
        if (Date.now() - started > 5000) throw new Error(`not in Mosquitto's log:\n${mosquitto.log()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await mosquitto.dispose();
    }
  });
});
