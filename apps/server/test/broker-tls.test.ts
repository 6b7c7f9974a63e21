import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { MAX_MQTT_PACKET_BYTES } from '@helio/contracts/device-link';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { type Account, registerAccount } from './support/accounts.ts';
import { connectDevice } from './support/devices.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { fixedHeader, within } from './support/mqtt-raw.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * mqtts on the embedded broker (MQTT_TLS_CERT, MQTT_TLS_KEY, MQTT_TLS_PORT): a self-signed
 * certificate made for this run only (never kept), devices that pin it as their only CA, and the
 * broker address registration hands out.
 */

let directory: string;
let certificate: Buffer;
let server: TestServer;
let installer: Account;

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'helio-mqtts-'));
  const certFile = path.join(directory, 'cert.pem');
  const keyFile = path.join(directory, 'key.pem');
  // a P-256 key and a one-day certificate for localhost, as a small portal might have
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'pipe' },
  );
  certificate = readFileSync(certFile);
  server = await startTestServer({
    env: { MQTT_TLS_CERT: certFile, MQTT_TLS_KEY: keyFile, MQTT_TLS_PORT: '0' },
  });
  installer = await registerAccount(server, 1, 'mqtts');
});
afterAll(async () => {
  await server?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function registered() {
  const station = await addStation(server, installer.token, { installer_id: installer.userId });
  return registerDevice(server, installer.token, station.station_id);
}

describe('mqtts on the embedded broker', () => {
  it('registration hands out the mqtts address, where a device pinning the CA signs in and is stored', async () => {
    const item = await registered();
    const tlsPort = server.deviceLink.embeddedTlsPort;
    expect(tlsPort).toBeGreaterThan(0);
    // the certificate's own name, so the device can verify the broker
    expect(item.credentials.broker_url).toBe(`mqtts://localhost:${tlsPort}`);

    const device = await connectDevice(item.credentials.broker_url, item.sn, item.credentials.password, {
      ca: certificate,
    });
    const ts = Date.now() - 60_000;
    await device.telemetry(ts, 1, { pv_power_w: 1234, pv_kwh: 10.5 });
    await device.close();
    const [stored] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from readings where device_id = ${item.device_id}`,
    );
    expect(stored!.n).toBe(1);
  });

  it('a device that does not trust the certificate does not connect (verification is on)', async () => {
    const item = await registered();
    await expect(
      connectDevice(item.credentials.broker_url, item.sn, item.credentials.password),
    ).rejects.toThrow(/self[- ]signed/i);
  });

  it('the packet size limit holds over TLS too', async () => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port: server.deviceLink.embeddedTlsPort!,
      servername: 'localhost',
      ca: certificate,
    });
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('secureConnect', resolve));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // a CONNECT announcing one byte over the limit (4 bytes of fixed header for this length)
    socket.write(fixedHeader(0x10, MAX_MQTT_PACKET_BYTES - 4 + 1));
    await within(closed, 5000, 'the broker did not close the connection');
    expect(server.logs.join('')).toContain('packet over the size limit');
  });

  it('a certificate needs its key, and a key its certificate', () => {
    expect(() => loadConfig({ MQTT_TLS_CERT: '/etc/helio/cert.pem' })).toThrow(ConfigError);
    expect(() => loadConfig({ MQTT_TLS_KEY: '/etc/helio/key.pem' })).toThrow(ConfigError);
    const config = loadConfig({ MQTT_TLS_CERT: 'cert.pem', MQTT_TLS_KEY: 'key.pem' });
    expect(config.mqttTls).toEqual({
      certFile: path.resolve('cert.pem'),
      keyFile: path.resolve('key.pem'),
      port: 8883,
    });
    expect(loadConfig({}).mqttTls).toBeUndefined();
  });
});
