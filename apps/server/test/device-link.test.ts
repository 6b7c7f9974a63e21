import { device, station } from '@helio/contracts';
import { commandTopic, upTopic } from '@helio/contracts/device-link';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { connectDevice, localBrokerUrl } from './support/devices.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let installer: Account;
let broker: string;

beforeAll(async () => {
  server = await startTestServer();
  installer = await registerAccount(server, 1, 'link');
  broker = localBrokerUrl(server.deviceLink.embeddedPort!);
});
afterAll(async () => {
  await server.close();
});

async function registered(overrides: Record<string, unknown> = {}) {
  const station = await addStation(server, installer.token, {
    timezone: 'Europe/Warsaw',
    installer_id: installer.userId,
  });
  return registerDevice(server, installer.token, station.station_id, overrides);
}

/** Waits until `check` passes (ingestion commits before the PUBACK, jobs run on their own). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('device credentials', () => {
  it('registration issues a random secret shown once, with the broker address, and stores only its hash', async () => {
    const first = await registered();
    const second = await registered();
    expect(first.credentials.username).toBe(first.sn);
    expect(first.credentials.client_id).toBe(first.sn);
    expect(first.credentials.password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.credentials.password).not.toBe(second.credentials.password);
    expect(first.credentials.password).not.toContain(first.sn);
    expect(first.credentials.broker_url).toMatch(/^mqtt:\/\//);
    const detail = await server.call(device.detail, { device_id: first.device_id }, installer.token);
    expect(JSON.stringify(detail.body)).not.toContain(first.credentials.password);
    const rows = await server.database.db.execute(
      `select secret_hash from devices where device_id = ${first.device_id}` as never,
    );
    const stored = (rows as unknown as { rows: { secret_hash: string }[] }).rows[0]!.secret_hash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(first.credentials.password);
    expect(server.logs.join('')).not.toContain(first.credentials.password);
  });

  it('the broker takes the right secret and refuses a wrong one, an unknown SN and a client id that is not the SN', async () => {
    const item = await registered();
    const good = await connectDevice(broker, item.sn, item.credentials.password);
    await good.close();
    await expect(connectDevice(broker, item.sn, 'wrong-secret-of-the-right-size-xx')).rejects.toThrow();
    await expect(connectDevice(broker, 'INV0000000000NOPE', item.credentials.password)).rejects.toThrow();
    await expect(
      connectDevice(broker, item.sn, item.credentials.password, { clientId: `${item.sn}-other` }),
    ).rejects.toThrow();
    await expect(connectDevice(broker, item.sn, item.sn)).rejects.toThrow();
    const log = server.logs.join('');
    expect(log).toContain('device sign-in refused');
    expect(log).not.toContain(item.credentials.password);
  });

  it('rotation ends the old secret and the connection at once; the new one works', async () => {
    const item = await registered();
    const old = await connectDevice(broker, item.sn, item.credentials.password);
    const closed = new Promise<void>((resolve) => old.client.once('close', () => resolve()));
    const answer = await server.call(device.rotateSecret, { device_id: item.device_id }, installer.token);
    expect(answer.body.code).toBe(1);
    const fresh = answer.body.data as { password: string };
    expect(fresh.password).not.toBe(item.credentials.password);
    await closed;
    await expect(connectDevice(broker, item.sn, item.credentials.password)).rejects.toThrow();
    const renewed = await connectDevice(broker, item.sn, fresh.password);
    await renewed.close();
  });

  it('another tenant cannot rotate a device it does not reach, nor read its data', async () => {
    const item = await registered();
    const stranger = await registerAccount(server, 1, 'stranger');
    for (const call of [device.rotateSecret, device.realtime]) {
      const answer = await server.call(call, { device_id: item.device_id }, stranger.token);
      expect(answer.body.msg).toBe('9001');
    }
    const history = await server.call(
      device.history,
      { device_id: item.device_id, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
      stranger.token,
    );
    expect(history.body.msg).toBe('9001');
  });

  it('an end user may rotate the secret of a device on their own station', async () => {
    const owner = await createAccount(server, installer, 2);
    const station = await addStation(server, owner.token);
    const item = await registerDevice(server, owner.token, station.station_id);
    const answer = await server.call(device.rotateSecret, { device_id: item.device_id }, owner.token);
    expect(answer.body.code).toBe(1);
  });

  it('removing a device disconnects it and refuses it from then on', async () => {
    const item = await registered();
    const connected = await connectDevice(broker, item.sn, item.credentials.password);
    const closed = new Promise<void>((resolve) => connected.client.once('close', () => resolve()));
    expect((await server.call(device.unbind, { device_id: item.device_id }, installer.token)).body.code).toBe(
      1,
    );
    await closed;
    await expect(connectDevice(broker, item.sn, item.credentials.password)).rejects.toThrow();
  });
});

describe('what a device may do on the broker', () => {
  it('refuses a publish on a foreign SN’s topic, retained messages, and subscriptions beyond its own command topic', async () => {
    const mine = await registered();
    const theirs = await registered();
    const me = await connectDevice(broker, mine.sn, mine.credentials.password);

    // subscriptions: only its own command topic is granted
    const granted = await new Promise<number[]>((resolve) => {
      me.client.subscribe(
        [
          '#',
          'dev/+/down/command',
          commandTopic(theirs.sn),
          upTopic(theirs.sn, 'telemetry'),
          commandTopic(mine.sn),
        ],
        { qos: 1 },
        (error, grants) => {
          // mqtt.js reports any refused filter as an error carrying the SUBACK
          const packet = (error as { packet?: { granted?: number[] } } | null)?.packet;
          resolve(packet?.granted ?? (grants ?? []).map((grant) => grant.qos));
        },
      );
    });
    expect(granted).toEqual([128, 128, 128, 128, 1]);

    // a publish on another device's topic ends the connection and stores nothing
    const closed = new Promise<void>((resolve) => me.client.once('close', () => resolve()));
    me.client.publish(
      upTopic(theirs.sn, 'telemetry'),
      JSON.stringify({ v: 1, ts: Date.now(), seq: 1, values: { ac_power_w: 1 } }),
      { qos: 1 },
    );
    await closed;
    await me.client.endAsync(true);

    // a retained publish, even on its own topic, likewise
    const again = await connectDevice(broker, mine.sn, mine.credentials.password);
    const closedAgain = new Promise<void>((resolve) => again.client.once('close', () => resolve()));
    again.client.publish(
      upTopic(mine.sn, 'telemetry'),
      JSON.stringify({ v: 1, ts: Date.now(), seq: 2, values: { ac_power_w: 2 } }),
      { qos: 1, retain: true },
    );
    await closedAgain;
    await again.client.endAsync(true);

    const theirsNow = await server.call(device.realtime, { device_id: theirs.device_id }, installer.token);
    expect((theirsNow.body.data as { reading: unknown }).reading).toBeNull();
    const mineNow = await server.call(device.realtime, { device_id: mine.device_id }, installer.token);
    expect((mineNow.body.data as { reading: unknown }).reading).toBeNull();
    const log = server.logs.join('');
    expect(log).toContain('device publish refused: not one of its topics');
    expect(log).toContain('device publish refused: retained messages are not allowed');
    expect(log).toContain('device subscribe refused');
  });

  it('a command reaches its device and no other', async () => {
    const mine = await registered();
    const theirs = await registered();
    const me = await connectDevice(broker, mine.sn, mine.credentials.password);
    const them = await connectDevice(broker, theirs.sn, theirs.credentials.password);
    await me.client.subscribeAsync(commandTopic(mine.sn), { qos: 1 });
    await them.client.subscribeAsync(commandTopic(theirs.sn), { qos: 1 });
    const received: string[] = [];
    const strays: string[] = [];
    me.client.on('message', (topic) => received.push(topic));
    them.client.on('message', (topic) => strays.push(topic));
    await server.deviceLink.link.sendCommand(mine.sn, JSON.stringify({ v: 1, id: crypto.randomUUID() }));
    await eventually(async () => expect(received).toEqual([commandTopic(mine.sn)]));
    expect(strays).toEqual([]);
    await me.close();
    await them.close();
  });

  it('a client with no credentials at all is refused', async () => {
    await expect(
      mqtt.connectAsync(broker, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 3000 }),
    ).rejects.toThrow();
  });
});

describe('readings from a device to the screens', () => {
  it('telemetry is stored once, shown as real-time data and in the list with today’s energy', async () => {
    const item = await registered();
    const dev = await connectDevice(broker, item.sn, item.credentials.password);
    const now = Date.now();
    await dev.publish('status', {
      state: 'online',
      ts: now - 120_000,
      firmware_version: 'V2.1.0',
      interval_s: 60,
    });
    await dev.telemetry(now - 120_000, 1, { ac_power_w: 3000, pv_power_w: 3200, pv_kwh: 1000 }, 60);
    await dev.telemetry(now - 60_000, 2, { ac_power_w: 3100, pv_power_w: 3300, pv_kwh: 1000.05 }, 60);
    await dev.telemetry(now - 60_000, 2, { ac_power_w: 3100, pv_power_w: 3300, pv_kwh: 1000.05 }, 60); // repeated
    await dev.telemetry(now, 3, { ac_power_w: 3200, pv_power_w: 3400, pv_kwh: 1000.1 }, 60);
    // the PUBACK came after the commit: the data is there without waiting
    const realtime = await server.call(device.realtime, { device_id: item.device_id }, installer.token);
    const data = realtime.body.data as {
      status: string;
      interval_s: number;
      reading: { values: Record<string, number>; seq: number };
    };
    expect(data.status).toBe('online');
    expect(data.interval_s).toBe(60);
    expect(data.reading.seq).toBe(3);
    expect(data.reading.values).toEqual({ ac_power_w: 3200, pv_power_w: 3400, pv_kwh: 1000.1 });

    const detail = (await server.call(device.detail, { device_id: item.device_id }, installer.token)).body
      .data as {
      active_power_w: number;
      today_energy_kwh: number;
      total_energy_kwh: number;
      firmware_version: string;
      last_update_at: string;
    };
    expect(detail.active_power_w).toBe(3200);
    expect(detail.total_energy_kwh).toBeCloseTo(1000.1, 6);
    expect(detail.firmware_version).toBe('V2.1.0');
    expect(Date.parse(detail.last_update_at)).toBe(now);
    // rises within today (Warsaw) add up; a reading from just after midnight may belong to yesterday
    expect(detail.today_energy_kwh).toBeGreaterThanOrEqual(0);
    expect(detail.today_energy_kwh).toBeLessThanOrEqual(0.1 + 1e-9);

    const history = await server.call(
      device.history,
      {
        device_id: item.device_id,
        from: new Date(now - 3_600_000).toISOString(),
        to: new Date(now + 1000).toISOString(),
      },
      installer.token,
    );
    const points = history.body.data as { bucket_s: number; points: { values: Record<string, number> }[] };
    expect(points.bucket_s).toBe(0);
    expect(points.points.map((point) => point.values.ac_power_w)).toEqual([3000, 3100, 3200]);
    await dev.close();
  });

  it('a malformed or future-versioned message is acknowledged, logged and not stored', async () => {
    const item = await registered();
    const dev = await connectDevice(broker, item.sn, item.credentials.password);
    await dev.client.publishAsync(upTopic(item.sn, 'telemetry'), 'not json', { qos: 1 });
    await dev.client.publishAsync(upTopic(item.sn, 'telemetry'), JSON.stringify({ v: 2, ts: Date.now() }), {
      qos: 1,
    });
    await dev.telemetry(Date.now(), 1, { pv_kwh: -5 }); // a counter below zero
    await dev.telemetry(Date.now() + 3_600_000, 2, { ac_power_w: 1 }); // clock an hour ahead
    const realtime = await server.call(device.realtime, { device_id: item.device_id }, installer.token);
    expect((realtime.body.data as { reading: unknown }).reading).toBeNull();
    const log = server.logs.join('');
    expect(log).toContain('not_json');
    expect(log).toContain('unsupported_version');
    expect(log).toContain('clock_ahead');
    await dev.close();
  });

  it('alarms make the device alarm until cleared; the last will makes it offline', async () => {
    const item = await registered({ device_type: 1 });
    const dev = await connectDevice(broker, item.sn, item.credentials.password, {
      will: {
        topic: upTopic(item.sn, 'status'),
        payload: Buffer.from('{"v":1,"state":"offline"}'),
        qos: 1,
        retain: false,
      },
    });
    const now = Date.now();
    await dev.telemetry(now - 1000, 1, { ac_power_w: 10 });
    await dev.publish('alarm', { ts: now, seq: 2, event: 'raise', code: 101 });
    await dev.publish('alarm', { ts: now, seq: 2, event: 'raise', code: 101 }); // repeated
    let realtime = (await server.call(device.realtime, { device_id: item.device_id }, installer.token)).body
      .data as {
      status: string;
      active_alarms: { code: number }[];
    };
    expect(realtime.status).toBe('alarm');
    expect(realtime.active_alarms.map((alarm) => alarm.code)).toEqual([101]);
    // the lists count the alarms happening on a device and on its station
    const listed = (await server.call(device.detail, { device_id: item.device_id }, installer.token)).body
      .data as {
      alarm_count: number;
    };
    expect(listed.alarm_count).toBe(1);
    const stationRow = (
      await server.call(station.stationDetail, { station_id: item.station_id }, installer.token)
    ).body.data as { alarm_count: number };
    expect(stationRow.alarm_count).toBe(1);
    await dev.publish('alarm', { ts: now + 1000, seq: 3, event: 'clear', code: 101 });
    realtime = (await server.call(device.realtime, { device_id: item.device_id }, installer.token)).body
      .data as typeof realtime;
    expect(realtime.status).toBe('online');
    expect(realtime.active_alarms).toEqual([]);
    expect(
      (
        (await server.call(device.detail, { device_id: item.device_id }, installer.token)).body.data as {
          alarm_count: number;
        }
      ).alarm_count,
    ).toBe(0);

    // the connection drops without a goodbye: the will arrives
    dev.client.stream.destroy();
    await eventually(async () => {
      const answer = await server.call(device.detail, { device_id: item.device_id }, installer.token);
      expect((answer.body.data as { status: string }).status).toBe('offline');
    });
    await dev.client.endAsync(true);
  });

  it('a device silent for three intervals goes offline by the job', async () => {
    const item = await registered();
    const dev = await connectDevice(broker, item.sn, item.credentials.password);
    await dev.telemetry(Date.now(), 1, { ac_power_w: 10 }, 1);
    await dev.close();
    await server.jobs.runAllNow();
    let answer = await server.call(device.detail, { device_id: item.device_id }, installer.token);
    expect((answer.body.data as { status: string }).status).toBe('online');
    // three intervals of one second pass
    server.clock.advance(3200);
    await server.jobs.runAllNow();
    answer = await server.call(device.detail, { device_id: item.device_id }, installer.token);
    expect((answer.body.data as { status: string }).status).toBe('offline');
  });

  it('a device is heard at the server’s time, the clock the offline job reads too', async () => {
    const item = await registered();
    server.clock.advance(10 * 60_000);
    const dev = await connectDevice(broker, item.sn, item.credentials.password);
    await dev.telemetry(server.clock.now().getTime(), 1, { ac_power_w: 10 }, 1);
    await dev.close();
    await server.jobs.runAllNow();
    const answer = await server.call(device.detail, { device_id: item.device_id }, installer.token);
    expect((answer.body.data as { status: string }).status).toBe('online');
  });
});

describe('commands', () => {
  it('a command for an away device waits, goes out when it is back, and follows its replies to the end', async () => {
    const item = await registered();
    const commands = server.commands;
    const { commandId: id } = await commands.create(
      item.device_id,
      {
        name: 'upgrade',
        params: {
          url: 'https://example.com/fw.bin',
          version: '2.0',
          size_bytes: 1024,
          sha256: 'a'.repeat(64),
          signature: 'c2ln',
        },
      },
      installer.userId,
    );
    expect((await commands.state(id))?.state).toBe('pending');

    const dev = await connectDevice(broker, item.sn, item.credentials.password);
    const received: { id: string; name: string }[] = [];
    dev.client.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString())));
    await dev.client.subscribeAsync(commandTopic(item.sn), { qos: 1 });
    await dev.publish('status', { state: 'online', ts: Date.now(), interval_s: 60 });
    await eventually(async () => expect(received.map((command) => command.id)).toEqual([id]));
    await eventually(async () => expect((await commands.state(id))?.state).toBe('sent'));
    expect(received[0]!.name).toBe('upgrade');

    await dev.publish('reply', { id, ts: Date.now(), state: 'acknowledged' });
    await dev.publish('reply', {
      id,
      ts: Date.now(),
      state: 'progress',
      upgrade_status: 1,
      progress_pct: 40,
    });
    expect(await commands.state(id)).toMatchObject({
      state: 'progress',
      upgrade_status: 1,
      progress_pct: 40,
    });
    await dev.publish('reply', {
      id,
      ts: Date.now(),
      state: 'succeeded',
      upgrade_status: 2,
      progress_pct: 100,
    });
    // a late, reordered acknowledgement does not move it back
    await dev.publish('reply', { id, ts: Date.now(), state: 'acknowledged' });
    expect(await commands.state(id)).toMatchObject({
      state: 'succeeded',
      upgrade_status: 2,
      progress_pct: 100,
    });
    await dev.close();
  });

  it('a device cannot touch another device’s command, and a waiting command expires', async () => {
    const mine = await registered();
    const theirs = await registered();
    const commands = server.commands;
    const { commandId: id } = await commands.create(theirs.device_id, { name: 'restart' }, installer.userId, {
      ttlMs: 50,
    });
    const me = await connectDevice(broker, mine.sn, mine.credentials.password);
    await me.publish('reply', { id, ts: Date.now(), state: 'failed', message: 'spoofed' });
    await me.close();
    expect((await commands.state(id))?.state).toBe('pending');
    server.clock.advance(80);
    await server.jobs.runAllNow();
    expect((await commands.state(id))?.state).toBe('expired');
  });
});
