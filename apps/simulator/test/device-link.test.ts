import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeviceType, StationType } from '@helio/contracts';
import { type EmsPart, mayRaise } from '@helio/contracts/device-link';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCommand } from '../../server/src/device-link/commands.ts';
import type { Account } from '../../server/test/support/accounts.ts';
import type { TestServer } from '../../server/test/support/server.ts';
import { parseCommandLine, usage } from '../src/cli.ts';
import type { VirtualDevice } from '../src/devices/virtual-device.ts';
import { backfill } from '../src/runtime/backfill.ts';
import { startFleet } from '../src/runtime/fleet.ts';
import { places } from '../src/runtime/fleet-plan.ts';
import { type FleetFile, provisionFleet, stationsFromFile } from '../src/runtime/provision.ts';
import { eventually, registeredStation, rows, startPortal, testLink } from './support/portal.ts';

/**
 * Simulated devices against the real portal: its API registers them, its embedded broker checks
 * their secrets and topics, its ingestion stores their readings and moves their commands forward.
 */

let server: TestServer;
let installer: Account;
let brokerUrl: string;

beforeAll(async () => {
  ({ server, installer, brokerUrl } = await startPortal());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const upgradeParams = (version: string) => ({
  url: 'https://portal.example.com/firmware/image.bin',
  version,
  size_bytes: 1_835_008,
  sha256: '3405fcea9cfc0a3dbf8410fc484723b9dcb6644d7f5b91595714cfcecf5df93c',
  signature: 'ZTEUvclUzN4ASnvym7nrWKoKl6EIIIXrkt1/bZWYysmp8j+cDDJiDkXxnit7S06ce0Yu/OAcPih+v+DUpOHHiA==',
});

type CommandState = {
  state: string;
  upgrade_status: number | null;
  progress_pct: number | null;
  message: string | null;
};

/** Polls a command's state in the portal until it is final, answering every distinct state seen. */
async function follow(commandId: string, timeoutMs = 15_000): Promise<CommandState[]> {
  const seen: CommandState[] = [];
  const started = Date.now();
  for (;;) {
    const state = (await server.deviceLink.commands.state(commandId)) as CommandState;
    const last = seen.at(-1);
    if (!last || JSON.stringify(last) !== JSON.stringify(state)) seen.push(state);
    if (['succeeded', 'failed', 'expired'].includes(state.state)) return seen;
    if (Date.now() - started > timeoutMs)
      throw new Error(`command still ${state.state}: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function online(device: VirtualDevice): Promise<void> {
  await device.connect();
  await device.drained();
}

describe('a simulated device answers commands like a real one', () => {
  it('applies a settings command (acknowledged, then succeeded) and the plant follows', async () => {
    const { station, deviceIds } = await registeredStation(server, installer, StationType.residentialEss);
    const run = testLink(brokerUrl);
    const battery = run.attach(station.devices.find((device) => device.deviceType === DeviceType.battery)!);
    await online(battery);
    const before = station.plant.config.battery!.mode;
    const mode = before === 'time_of_use' ? 'backup_reserve' : 'time_of_use';
    const id = await server.deviceLink.commands.create(
      deviceIds.get(battery.sn)!,
      { name: 'settings', params: { battery_mode: mode, reserve_soc_pct: 30 } },
      installer.userId,
    );
    const states = await follow(id);
    await battery.drained();
    expect(states.at(-1)).toMatchObject({ state: 'succeeded' });
    expect(station.plant.config.battery).toMatchObject({ mode, reserveSocPct: 30 });
    const replies = run.traced.filter((entry) => entry.kind === 'reply').map((entry) => entry.message.state);
    expect(replies).toEqual(['acknowledged', 'succeeded']);
    await battery.disconnect();
    run.wheel.stop();
  });

  it('fails a settings command with a name it does not know, says which, and changes nothing', async () => {
    const { station, deviceIds } = await registeredStation(server, installer, StationType.residentialEss);
    const run = testLink(brokerUrl);
    const inverter = run.attach(station.devices[0]!);
    await online(inverter);
    const before = structuredClone(station.plant.config);
    const id = await server.deviceLink.commands.create(
      deviceIds.get(inverter.sn)!,
      { name: 'settings', params: { reserve_soc_pct: 45, no_such_setting: 1 } },
      installer.userId,
    );
    const states = await follow(id);
    expect(states.at(-1)).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('no_such_setting'),
    });
    // all or nothing: the valid parameter was not applied either
    expect(station.plant.config).toEqual(before);
    await inverter.disconnect();
    run.wheel.stop();
  });

  it('upgrades through every status: acknowledged 0, progress 1 with rising percentages, completed 2 on the new firmware', async () => {
    const { station, deviceIds } = await registeredStation(server, installer, StationType.onGrid);
    const run = testLink(brokerUrl);
    const inverter = run.attach(station.devices[0]!);
    await online(inverter);
    const deviceId = deviceIds.get(inverter.sn)!;
    const id = await server.deviceLink.commands.create(
      deviceId,
      { name: 'upgrade', params: upgradeParams('V9.9.9') },
      installer.userId,
    );
    const states = await follow(id);
    await inverter.drained();
    // the portal's command followed the device through its statuses
    expect(states.map((state) => state.state)).toEqual(expect.arrayContaining(['progress', 'succeeded']));
    expect(states.some((state) => state.state === 'progress' && state.upgrade_status === 1)).toBe(true);
    expect(states.at(-1)).toMatchObject({ state: 'succeeded', upgrade_status: 2, progress_pct: 100 });

    const replies = run.traced.filter((entry) => entry.kind === 'reply' && entry.message.id === id);
    expect(replies[0]!.message).toMatchObject({ state: 'acknowledged', upgrade_status: 0 });
    const progress = replies
      .filter((entry) => entry.message.state === 'progress')
      .map((entry) => entry.message);
    expect(progress.length).toBeGreaterThanOrEqual(5);
    for (const message of progress) expect(message.upgrade_status).toBe(1);
    const percentages = progress.map((message) => message.progress_pct as number);
    expect(percentages).toEqual([...percentages].sort((a, b) => a - b));
    expect(percentages.at(-1)).toBe(100);
    expect(replies.at(-1)!.message).toMatchObject({
      state: 'succeeded',
      upgrade_status: 2,
      progress_pct: 100,
    });

    // it restarted into the new firmware and said so in its online status, before the final reply
    const statuses = run.traced.filter((entry) => entry.kind === 'status').map((entry) => entry.message);
    expect(statuses.at(-1)).toMatchObject({ state: 'online', firmware_version: 'V9.9.9' });
    const order = run.traced.map((entry) => entry);
    expect(order.indexOf(run.traced.filter((entry) => entry.kind === 'status').at(-1)!)).toBeLessThan(
      order.indexOf(replies.at(-1)!),
    );
    const [device] = await rows<{ firmware_version: string }>(
      server,
      sql`select firmware_version from devices where device_id = ${deviceId}`,
    );
    expect(device!.firmware_version).toBe('V9.9.9');

    // the same version again: "upgrade exists"
    const again = await server.deviceLink.commands.create(
      deviceId,
      { name: 'upgrade', params: upgradeParams('V9.9.9') },
      installer.userId,
    );
    expect((await follow(again)).at(-1)).toMatchObject({ state: 'failed', upgrade_status: 8 });
    await inverter.disconnect();
    run.wheel.stop();
  });

  it('with a forced failure, an upgrade ends in one of the failure statuses 3–9', async () => {
    const { station, deviceIds } = await registeredStation(server, installer, StationType.onGrid);
    const run = testLink(brokerUrl, { upgradeFailureRate: 1 });
    const inverter = run.attach(station.devices[0]!);
    await online(inverter);
    const firmware = inverter.firmwareVersion;
    const outcomes = new Set<number>();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const id = await server.deviceLink.commands.create(
        deviceIds.get(inverter.sn)!,
        { name: 'upgrade', params: upgradeParams(`V3.0.${attempt}`) },
        installer.userId,
      );
      const last = (await follow(id)).at(-1)!;
      expect(last.state).toBe('failed');
      expect(last.upgrade_status).toBeGreaterThanOrEqual(3);
      expect(last.upgrade_status).toBeLessThanOrEqual(9);
      expect(last.message).toBeTruthy();
      outcomes.add(last.upgrade_status!);
    }
    expect(inverter.firmwareVersion).toBe(firmware);
    await inverter.disconnect();
    run.wheel.stop();
  });

  it('answers network, debug, self-test and restart, and runs a repeated command once', async () => {
    const { station, deviceIds } = await registeredStation(server, installer, StationType.onGrid);
    const run = testLink(brokerUrl);
    const inverter = run.attach(station.devices[0]!);
    await online(inverter);
    const deviceId = deviceIds.get(inverter.sn)!;
    const commands: NewCommand[] = [
      { name: 'network', params: { dhcp: false, ip: '192.168.1.50' } },
      { name: 'debug', params: { log_level: 'debug', duration_s: 900 } },
      { name: 'self_test', params: {} },
      { name: 'restart', params: {} },
    ];
    for (const command of commands) {
      const id = await server.deviceLink.commands.create(deviceId, command, installer.userId);
      expect((await follow(id)).at(-1), command.name).toMatchObject({ state: 'succeeded' });
    }
    // a restart: offline (its own status, not the will), then online again, then succeeded
    const statuses = run.traced
      .filter((entry) => entry.kind === 'status')
      .map((entry) => entry.message.state);
    expect(statuses.filter((state) => state === 'online').length).toBeGreaterThanOrEqual(2);

    // the portal delivers a command twice (QoS 1 allows it): the device runs it once
    const id = await server.deviceLink.commands.create(
      deviceId,
      { name: 'network', params: { dhcp: true } },
      installer.userId,
    );
    await follow(id);
    const [row] = await rows<{ name: string; params: unknown; created_ms: string; expires_ms: string }>(
      server,
      sql`select name, params, (extract(epoch from created_at) * 1000)::bigint as created_ms,
                 (extract(epoch from expires_at) * 1000)::bigint as expires_ms
          from device_commands where command_id = ${id}`,
    );
    const repeat = JSON.stringify({
      v: 1,
      id,
      ts: Number(row!.created_ms),
      expires_at: Number(row!.expires_ms),
      name: row!.name,
      params: row!.params,
    });
    const repliesBefore = run.traced.filter(
      (entry) => entry.kind === 'reply' && entry.message.id === id,
    ).length;
    await server.deviceLink.link.sendCommand(inverter.sn, repeat);
    await eventually(() => {
      const replies = run.traced.filter((entry) => entry.kind === 'reply' && entry.message.id === id);
      expect(replies.length).toBe(repliesBefore + 1);
      // its latest reply, sent again; nothing run again
      expect(replies.at(-1)!.message.state).toBe('succeeded');
    });
    expect(run.counters.commands).toBe(5);
    await inverter.disconnect();
    run.wheel.stop();
  });
});

describe('faults', () => {
  it('raise alarms from the catalogue and later clear them; the portal opens and ends them', async () => {
    const intervalS = 300;
    const start = Date.now() - 3 * 86_400_000;
    const { station, deviceIds } = await registeredStation(server, installer, StationType.commercialEss, {
      types: [DeviceType.energyManagementBox, DeviceType.dataLogger],
      startMs: start,
    });
    const run = testLink(brokerUrl, { intervalS });
    run.link.faultRate = 24;
    for (const device of station.devices) run.attach(device);
    await Promise.all(station.devices.map(online));
    const [ems] = station.devices;
    let atMs = station.nextTickAfter(start, intervalS);
    for (let index = 0; index < 2 * 288; index += 1) {
      station.tick(atMs, true);
      atMs += intervalS * 1000;
      if (index % 48 === 47) await Promise.all(station.devices.map((device) => device.drained()));
    }
    await Promise.all(station.devices.map((device) => device.drained()));
    const emsId = deviceIds.get(ems!.sn)!;
    const alarms = await rows<{ code: number; part: string; raised_ms: number; cleared_ms: number | null }>(
      server,
      sql`select code, part, (extract(epoch from raised_at) * 1000)::float8 as raised_ms,
                 (extract(epoch from cleared_at) * 1000)::float8 as cleared_ms
          from device_alarms where device_id = ${emsId} order by raised_at`,
    );
    expect(alarms.length).toBeGreaterThan(5);
    for (const alarm of alarms) {
      expect(
        mayRaise(DeviceType.energyManagementBox, alarm.code, alarm.part as EmsPart),
        `${alarm.code} ${alarm.part}`,
      ).toBe(true);
      if (alarm.cleared_ms !== null) expect(alarm.cleared_ms).toBeGreaterThan(alarm.raised_ms);
    }
    expect(alarms.filter((alarm) => alarm.cleared_ms !== null).length).toBeGreaterThan(0);
    // what is still open in the portal is what the device has now
    const open = alarms
      .filter((alarm) => alarm.cleared_ms === null)
      .map((alarm) => `${alarm.code}|${alarm.part}`)
      .sort();
    expect(open).toEqual(
      ems!
        .activeAlarms()
        .map((alarm) => `${alarm.code}|${alarm.part}`)
        .sort(),
    );
    const [row] = await rows<{ status: string }>(
      server,
      sql`select status from devices where device_id = ${emsId}`,
    );
    expect(row!.status).toBe(open.length > 0 ? 'alarm' : 'online');
    await Promise.all(station.devices.map((device) => device.disconnect()));
    run.wheel.stop();
  });
});

describe('offline periods and backfill', () => {
  it('a device that drops offline buffers its readings and backfills them, oldest first, ≤ 500 a message; the portal stores each once', async () => {
    const intervalS = 10;
    const start = Date.now() - 2 * 86_400_000;
    const { station, deviceIds } = await registeredStation(server, installer, StationType.onGrid, {
      types: [DeviceType.inverter, DeviceType.meter],
      startMs: start,
    });
    const run = testLink(brokerUrl, { intervalS });
    for (const device of station.devices) run.attach(device);
    await Promise.all(station.devices.map(online));
    let atMs = station.nextTickAfter(start, intervalS);
    const tick = () => {
      station.tick(atMs, true);
      atMs += intervalS * 1000;
    };
    for (let index = 0; index < 5; index += 1) {
      tick();
      await Promise.all(station.devices.map((device) => device.drained()));
    }
    const [inverter] = station.devices;
    const inverterId = deviceIds.get(inverter!.sn)!;
    // the uplink drops: no DISCONNECT, so the broker publishes the will and the portal marks it offline
    for (const device of station.devices) device.dropConnection(1500);
    await eventually(async () => {
      const [row] = await rows<{ status: string }>(
        server,
        sql`select status from devices where device_id = ${inverterId}`,
      );
      expect(row!.status).toBe('offline');
    });
    for (let index = 0; index < 620; index += 1) tick();
    expect(inverter!.buffered).toBe(620);
    await Promise.all(station.devices.map((device) => device.connect()));
    await Promise.all(station.devices.map((device) => device.drained()));
    for (let index = 0; index < 3; index += 1) {
      tick();
      await Promise.all(station.devices.map((device) => device.drained()));
    }

    const sent = run.traced.filter((entry) => entry.sn === inverter!.sn);
    const backfills = sent
      .filter((entry) => entry.kind === 'backfill')
      .map((entry) => entry.message.readings as { ts: number }[]);
    expect(backfills.map((readings) => readings.length)).toEqual([500, 120]);
    const backfilled = backfills.flat().map((reading) => reading.ts);
    expect(backfilled).toEqual([...backfilled].sort((a, b) => a - b));
    // after the online status, not before
    const kinds = sent.map((entry) => entry.kind);
    expect(kinds.lastIndexOf('status')).toBeLessThan(kinds.indexOf('backfill'));
    expect(kinds.at(-1)).toBe('telemetry');

    for (const [sn, deviceId] of deviceIds) {
      const [stored] = await rows<{ count: number; distinct_ts: number }>(
        server,
        sql`select count(*)::int as count, count(distinct ts)::int as distinct_ts from readings where device_id = ${deviceId}`,
      );
      expect(stored, sn).toEqual({ count: 628, distinct_ts: 628 });
    }
    const [row] = await rows<{ status: string }>(
      server,
      sql`select status from devices where device_id = ${inverterId}`,
    );
    expect(row!.status).toBe('online');
    await Promise.all(station.devices.map((device) => device.disconnect()));
    run.wheel.stop();
  });

  it('backfill writes a day of history through the protocol; the live run then carries on with continuous counters', async () => {
    const now = Date.now();
    const fromMs = now - 86_400_000;
    const { station, stationId, deviceIds } = await registeredStation(
      server,
      installer,
      StationType.residentialEss,
      {
        startMs: fromMs,
      },
    );
    const progress: number[] = [];
    const result = await backfill({
      brokerUrl,
      stations: [station],
      fromMs,
      toMs: now,
      intervalS: 300,
      keepConnected: true,
      onProgress: (state) => progress.push(state.readings),
    });
    expect(result.total).toBe(4 * 288);
    expect(result.readings).toBe(result.total);
    expect(progress.at(-1)).toBe(result.total);
    for (const deviceId of deviceIds.values()) {
      const [stored] = await rows<{ count: number }>(
        server,
        sql`select count(*)::int as count from readings where device_id = ${deviceId}`,
      );
      expect(stored!.count).toBe(288);
    }
    // the portal's energy of the day is the plant's: the counters' rise from the first reading on
    const inverterId = [...deviceIds].find(([sn]) => sn.startsWith('INV'))![1];
    const [first] = await rows<{ pv: number }>(
      server,
      sql`select (values->>'pv_kwh')::float8 as pv from readings where device_id = ${inverterId} order by ts limit 1`,
    );
    const [energy] = await rows<{ pv: number }>(
      server,
      sql`select coalesce(sum(pv_kwh), 0)::float8 as pv from station_energy where station_id = ${stationId} and period = 'd'`,
    );
    const counters = station.plant.current().counters;
    expect(energy!.pv).toBeCloseTo(counters.pvKwh - first!.pv, 2);
    const [lastBackfilled] = await rows<{ seq: number; pv: number }>(
      server,
      sql`select seq::int as seq, (values->>'pv_kwh')::float8 as pv from readings where device_id = ${inverterId} order by ts desc limit 1`,
    );

    const fleet = startFleet({ brokerUrl, stations: [station], intervalS: 1, speedUp: 1, faultRate: 0 });
    await fleet.ready;
    await eventually(async () => {
      const [live] = await rows<{ count: number }>(
        server,
        sql`select count(*)::int as count from readings where device_id = ${inverterId} and ts > to_timestamp(${now / 1000})`,
      );
      expect(live!.count).toBeGreaterThanOrEqual(2);
    });
    await fleet.stop();
    const live = await rows<{ seq: number; pv: number }>(
      server,
      sql`select seq::int as seq, (values->>'pv_kwh')::float8 as pv from readings
          where device_id = ${inverterId} and ts > to_timestamp(${now / 1000}) order by ts`,
    );
    expect(live[0]!.seq).toBe(lastBackfilled!.seq + 1);
    expect(live[0]!.pv).toBeGreaterThanOrEqual(lastBackfilled!.pv);
    expect(fleet.stats().totals.readings).toBeGreaterThanOrEqual(live.length);
  });
});

describe('the CLI', () => {
  it('provisions stations at every named place through the API, with credentials that sign in', async () => {
    const file = await provisionFleet({
      apiUrl: server.url,
      user: installer.userName,
      password: installer.password,
      stations: places.length,
      devicesPerStation: 1,
      stationTypes: [StationType.onGrid, StationType.residentialEss, StationType.wallbox],
      places,
      seed: 3,
      runTag: 'PLACES',
    });
    expect(file.stations).toHaveLength(places.length);
    expect(file.broker_url).toMatch(/^mqtt:\/\//);
    const [first] = stationsFromFile(file, 3, Date.now());
    const run = testLink(brokerUrl);
    const device = run.attach(first!.devices[0]!);
    await online(device);
    expect(run.traced[0]).toMatchObject({ kind: 'status', message: { state: 'online' } });
    await device.disconnect();
    run.wheel.stop();
  });

  it('provisions through the API, backfills, runs live, and stops cleanly on Ctrl-C', async () => {
    const launched = Date.now();
    const save = path.join(tmpdir(), `simulator-fleet-${process.pid}.json`);
    const root = path.resolve(import.meta.dirname, '../../..');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/simulator/src/cli.ts',
        '--api',
        server.url,
        '--user',
        installer.userName,
        '--stations',
        '3',
        '--station-types',
        '1,9,8',
        '--locations',
        'warsaw,sao_paulo,bangkok',
        '--interval',
        '1',
        '--summary',
        '1',
        '--backfill-days',
        '0.1',
        '--save',
        save,
      ],
      { cwd: root, env: { ...process.env, SIMULATOR_PASSWORD: installer.password } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await eventually(() => expect(output).toContain('all 7 devices connected'), 30_000);
      expect(output).toContain('backfill done');
      await new Promise((resolve) => setTimeout(resolve, 2500));
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited, output).toBe(0);
    expect(output).toContain('stopped');
    const file = JSON.parse(await readFile(save, 'utf8')) as FleetFile;
    await rm(save);
    expect(file.stations.map((entry) => entry.devices.length)).toEqual([3, 3, 1]);
    for (const entry of file.stations) {
      for (const device of entry.devices) {
        const [row] = await rows<{ history: number; live: number; status: string }>(
          server,
          sql`select (select count(*)::int from readings r where r.device_id = d.device_id
                        and r.ts < to_timestamp(${launched / 1000})) as history,
                     (select count(*)::int from readings r where r.device_id = d.device_id
                        and r.ts >= to_timestamp(${launched / 1000})) as live,
                     d.status
              from devices d where d.sn = ${device.sn}`,
        );
        // 2.4 hours every 300 s, then live every second
        expect(row!.history, device.sn).toBeGreaterThanOrEqual(28);
        expect(row!.live, device.sn).toBeGreaterThan(0);
        // it said offline itself before it disconnected
        expect(row!.status, device.sn).toBe('offline');
      }
    }
  }, 60_000);

  it('prints its usage with --help', () => {
    expect(parseCommandLine(['--help'])).toEqual({ help: true });
    expect(usage).toContain('--backfill-days');
    const parsed = parseCommandLine([
      '--devices',
      'fleet.json',
      '--station-types',
      '1,9',
      '--speed-up',
      '60',
    ]);
    expect(parsed).toMatchObject({
      help: false,
      options: { station_types: [1, 9], speed_up: 60, devices_file: 'fleet.json' },
    });
    expect(parseCommandLine(['--stations', '3'])).toMatchObject({
      error: expect.stringContaining('--devices'),
    });
    expect(parseCommandLine(['--devices', 'f.json', '--station-types', '2'])).toMatchObject({
      error: expect.any(String),
    });
  });
});
