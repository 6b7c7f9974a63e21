import { DeviceType, StationType } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCommand } from '../../server/src/domains/commands/service.ts';
import type { Account } from '../../server/test/support/accounts.ts';
import type { TestServer } from '../../server/test/support/server.ts';
import {
  type ImageServer,
  imageBytes,
  makerKey,
  startImageServer,
  upgradeParams,
} from './support/firmware.ts';
import { eventually, online, registeredStation, rows, startPortal, testLink } from './support/portal.ts';

/**
 * Simulated devices answering the real portal's commands: its API creates them, its embedded broker
 * delivers them, its ingestion moves each command forward by the device's replies.
 */

let server: TestServer;
let installer: Account;
let brokerUrl: string;

let files: ImageServer;
const maker = makerKey();

beforeAll(async () => {
  ({ server, installer, brokerUrl } = await startPortal());
  files = await startImageServer();
}, 120_000);
afterAll(async () => {
  await files?.close();
  await server?.close();
});

type CommandState = {
  state: string;
  upgrade_status: number | null;
  progress_pct: number | null;
  message: string | null;
};

/** Creates a command in the portal for `deviceId`, answering its id. */
async function create(deviceId: number, command: NewCommand, createdBy: number): Promise<string> {
  return (await server.commands.create(deviceId, command, createdBy)).commandId;
}

/** Polls a command's state in the portal until it is final, answering every distinct state seen. */
async function follow(commandId: string, timeoutMs = 15_000): Promise<CommandState[]> {
  const seen: CommandState[] = [];
  const started = Date.now();
  for (;;) {
    const state = (await server.commands.state(commandId)) as CommandState;
    const last = seen.at(-1);
    if (!last || JSON.stringify(last) !== JSON.stringify(state)) seen.push(state);
    if (['succeeded', 'failed', 'expired'].includes(state.state)) return seen;
    if (Date.now() - started > timeoutMs)
      throw new Error(`command still ${state.state}: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a simulated device answers commands like a real one', () => {
  it('applies a settings command (acknowledged, then succeeded with its values) and the plant follows', async () => {
    const { station, deviceIds } = await registeredStation(server, installer, StationType.residentialEss);
    const run = testLink(brokerUrl);
    const inverter = run.attach(station.devices.find((device) => device.deviceType === DeviceType.inverter)!);
    await online(inverter);
    const id = await create(
      deviceIds.get(inverter.sn)!,
      {
        name: 'settings',
        params: { export_limit_enabled: true, export_limit_w: 1500, discharge_stop_soc_pct: 30 },
      },
      installer.userId,
    );
    const states = await follow(id);
    await inverter.drained();
    expect(states.at(-1)).toMatchObject({ state: 'succeeded' });
    expect(station.plant.config.exportLimitW).toBe(1500);
    expect(station.plant.config.battery).toMatchObject({ minSocPct: 30 });
    const replies = run.traced.filter((entry) => entry.kind === 'reply').map((entry) => entry.message);
    expect(replies.map((reply) => reply.state)).toEqual(['acknowledged', 'succeeded']);
    expect(replies.at(-1)!.values).toMatchObject({ export_limit_w: 1500, discharge_stop_soc_pct: 30 });
    await inverter.disconnect();
    run.wheel.stop();
  });

  it('runs a battery strategy and the plant follows', async () => {
    const { station, deviceIds } = await registeredStation(server, installer, StationType.residentialEss);
    const run = testLink(brokerUrl);
    // the hybrid inverter runs the site's battery (a battery module takes no strategies)
    const inverter = run.attach(station.devices.find((device) => device.deviceType === DeviceType.inverter)!);
    await online(inverter);
    const id = await create(
      deviceIds.get(inverter.sn)!,
      { name: 'strategy', params: { mode: 'backup_reserve', min_soc_pct: 30, grid_charge: true } },
      installer.userId,
    );
    expect((await follow(id)).at(-1)).toMatchObject({ state: 'succeeded' });
    expect(station.plant.config.battery?.strategy).toMatchObject({
      mode: 'backup_reserve',
      minSocPct: 30,
      gridCharge: true,
    });
    await inverter.disconnect();
    run.wheel.stop();
  });

  it('fails a settings command with a name it does not know, says which, and changes nothing', async () => {
    const { station, deviceIds } = await registeredStation(server, installer, StationType.residentialEss);
    const run = testLink(brokerUrl);
    const inverter = run.attach(station.devices[0]!);
    await online(inverter);
    const before = structuredClone(station.plant.config);
    const id = await create(
      deviceIds.get(inverter.sn)!,
      { name: 'settings', params: { active_power_pct: 45, no_such_setting: 1 } },
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
    const run = testLink(brokerUrl, { firmwareKeys: [maker.publicKey] });
    const inverter = run.attach(station.devices[0]!);
    await online(inverter);
    const deviceId = deviceIds.get(inverter.sn)!;
    const image = imageBytes(1_048_576, 'V9.9.9');
    const params = upgradeParams(files.serve('V9.9.9.bin', { bytes: image }), image, maker, 'V9.9.9');
    const id = await create(deviceId, { name: 'upgrade', params }, installer.userId);
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
    const again = await create(deviceId, { name: 'upgrade', params }, installer.userId);
    expect((await follow(again)).at(-1)).toMatchObject({ state: 'failed', upgrade_status: 8 });
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
      {
        name: 'network',
        params: {
          dhcp: false,
          ip: '192.168.1.50',
          mask: '255.255.255.0',
          gateway: '192.168.1.1',
          dns: '192.168.1.1',
        },
      },
      { name: 'debug', params: { action: 'start', interval_s: 10, duration_s: 900 } },
      { name: 'self_test', params: {} },
      { name: 'restart', params: {} },
    ];
    for (const command of commands) {
      const id = await create(deviceId, command, installer.userId);
      expect((await follow(id)).at(-1), command.name).toMatchObject({ state: 'succeeded' });
    }
    // a restart: offline (its own status, not the will), then online again, then succeeded
    const statuses = run.traced
      .filter((entry) => entry.kind === 'status')
      .map((entry) => entry.message.state);
    expect(statuses.filter((state) => state === 'online').length).toBeGreaterThanOrEqual(2);

    // the portal delivers a command twice (QoS 1 allows it): the device runs it once
    const id = await create(deviceId, { name: 'network', params: { dhcp: true } }, installer.userId);
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
