import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { device } from '@helio/contracts';
import { PROTOCOL_VERSION, upTopic } from '@helio/contracts/device-link';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from './support/database.ts';
import { startMosquitto } from './support/mosquitto.ts';
import { freePort, killPortals, startPortal as startChild, waitForHealth } from './support/portal-process.ts';

/**
 * The portal killed with SIGKILL in the middle of a device's stream, then started again: every
 * reading the device had an acknowledgement for is stored, and none twice once the device has
 * sent the rest again. On the embedded default (PGlite and the embedded broker), and, when
 * DATABASE_URL is set (CI), on PostgreSQL with a real Mosquitto; without it that case is reported
 * as skipped, by a name that says why.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  killPortals();
  for (const cleanup of cleanups) await cleanup();
});

const installer = { name: 'kill_test_installer', email: 'kill@example.com', password: 'kill-pass-1' };

function startPortal(env: Record<string, string>) {
  return startChild({
    LOG_LEVEL: 'warn',
    INSTALLER_NAME: installer.name,
    INSTALLER_EMAIL: installer.email,
    INSTALLER_PASSWORD: installer.password,
    ...env,
  });
}

async function post(port: number, callPath: string, body: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}/${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: never };
  if (answer.code !== 1) throw new Error(`${callPath}: ${JSON.stringify(answer)}`);
  return answer.data;
}

async function scenario(env: Record<string, string>, brokerUrl: (mqttPort: number) => string) {
  const port = await freePort();
  const mqttPort = await freePort();
  const portalEnv = { ...env, PORT: String(port), MQTT_PORT: String(mqttPort) };
  let portal = startPortal(portalEnv);
  await waitForHealth(port, portal);
  const me = (await post(port, 'api/user/login', { user_name: installer.name, pwd: installer.password })) as {
    token: string;
    user_id: number;
  };
  const token = me.token;
  const station = (await post(
    port,
    'bg/station/add',
    {
      station_name: `Kill ${Date.now()}`,
      station_type: 1,
      country_code: 'PL',
      address: 'ul. Testowa 1',
      latitude: 52.2,
      longitude: 21,
      capacity_kwp: 5,
      unit_price: 0.8,
      currency: 'PLN',
      timezone: 'Europe/Warsaw',
      installer_id: me.user_id,
    },
    token,
  )) as { station_id: number };
  const sn = `INVKILL${Date.now().toString(36).toUpperCase().slice(-8)}`;
  const registered = (await post(
    port,
    device.add.path,
    { station_id: station.station_id, sn, device_type: 1, model: 'K-1' },
    token,
  )) as { device_id: number; credentials: { password: string } };

  const total = 400;
  const start = Date.now() - total * 1000;
  const reading = (seq: number) =>
    JSON.stringify({
      v: PROTOCOL_VERSION,
      ts: start + seq * 1000,
      seq,
      values: { ac_power_w: seq, pv_kwh: 100 + seq / 100 },
    });
  const acknowledged = new Set<number>();
  const connect = (): Promise<MqttClient> =>
    mqtt.connectAsync(brokerUrl(mqttPort), {
      protocolVersion: 4,
      clientId: sn,
      username: sn,
      password: registered.credentials.password,
      clean: false,
      reconnectPeriod: 0,
    });

  // the stream: many readings in flight at once; the portal dies part way through
  const client = await connect();
  client.on('error', () => {});
  // the embedded broker dies with the portal: acknowledgements it sent arrive before the close
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  let killed = false;
  const sends: Promise<void>[] = [];
  for (let seq = 1; seq <= total; seq += 1) {
    sends.push(
      client.publishAsync(upTopic(sn, 'telemetry'), reading(seq), { qos: 1 }).then(
        () => {
          acknowledged.add(seq);
          if (!killed && acknowledged.size >= total / 4) {
            killed = true;
            portal.child.kill('SIGKILL');
          }
        },
        () => undefined,
      ),
    );
    if (seq % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await portal.exited;
  // every send settled (a real broker acknowledges for the portal) or the connection is gone
  await Promise.race([Promise.allSettled(sends), closed]);
  client.end(true);
  const acknowledgedBeforeKill = new Set(acknowledged);
  expect(killed).toBe(true);
  expect(acknowledgedBeforeKill.size).toBeGreaterThan(0);

  // start again on the same data; see what is stored
  portal = startPortal(portalEnv);
  await waitForHealth(port, portal);
  const { token: again } = (await post(port, 'api/user/login', {
    user_name: installer.name,
    pwd: installer.password,
  })) as {
    token: string;
  };
  const storedSeqs = async () => {
    const history = (await post(
      port,
      device.history.path,
      {
        device_id: registered.device_id,
        from: new Date(start).toISOString(),
        to: new Date(start + (total + 1) * 1000).toISOString(),
      },
      again,
    )) as { points: { values: { ac_power_w: number } }[] };
    return history.points.map((point) => point.values.ac_power_w);
  };
  // with a real broker the portal takes what the broker held for it once it is back: wait for it
  let stored: number[] = [];
  for (let i = 0; i < 100; i++) {
    stored = await storedSeqs();
    if ([...acknowledgedBeforeKill].every((seq) => stored.includes(seq))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const seq of acknowledgedBeforeKill) expect(stored).toContain(seq);
  expect(new Set(stored).size).toBe(stored.length);

  // the device sends everything it has no acknowledgement for, and some it has, again
  const resend = await connect();
  await Promise.all(
    Array.from({ length: total }, (_, index) => index + 1)
      .filter((seq) => !acknowledgedBeforeKill.has(seq) || seq % 10 === 0)
      .map((seq) => resend.publishAsync(upTopic(sn, 'telemetry'), reading(seq), { qos: 1 })),
  );
  await resend.endAsync();
  const final = await storedSeqs();
  expect(final).toEqual(Array.from({ length: total }, (_, index) => index + 1));
  portal.child.kill('SIGTERM');
  await portal.exited;
}

describe('killed in the middle of a stream', () => {
  it('on the embedded default: every acknowledged reading is stored, none twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'helio-kill-'));
    await scenario({ DATA_DIR: dataDir }, (mqttPort) => `mqtt://127.0.0.1:${mqttPort}`);
  }, 120_000);

  // Reported as skipped without DATABASE_URL; with it (CI) it runs, and an unreachable PostgreSQL
  // or a missing Mosquitto fails it.
  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL with a real Mosquitto: every acknowledged reading is stored, none twice (runs only against PostgreSQL: set DATABASE_URL)',
    async () => {
      const mosquitto = await startMosquitto();
      cleanups.push(() => mosquitto.stop());
      const database = await freshPostgresUrl();
      cleanups.push(database.drop);
      await scenario(
        {
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'helio-kill-pg-')),
          DATABASE_URL: database.url,
          MQTT_URL: mosquitto.url,
        },
        () => `mqtt://${mosquitto.host}:${mosquitto.port}`,
      );
    },
    120_000,
  );
});
