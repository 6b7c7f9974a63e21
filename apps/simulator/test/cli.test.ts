import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StationType } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../server/test/support/accounts.ts';
import type { TestServer } from '../../server/test/support/server.ts';
import { parseCommandLine, usage } from '../src/cli.ts';
import { places } from '../src/runtime/places.ts';
import { type FleetFile, provisionFleet, stationsFromFile } from '../src/runtime/provision.ts';
import { eventually, online, rows, startPortal, testLink } from './support/portal.ts';

/**
 * `npm run simulate` against the real portal: it provisions stations and devices through the API,
 * backfills, runs live and stops cleanly.
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
    const stored = async (sn: string) => {
      const [row] = await rows<{ history: number; live: number; status: string }>(
        server,
        sql`select (select count(*)::int from readings r where r.device_id = d.device_id
                      and r.ts < to_timestamp(${launched / 1000})) as history,
                   (select count(*)::int from readings r where r.device_id = d.device_id
                      and r.ts >= to_timestamp(${launched / 1000})) as live,
                   d.status
            from devices d where d.sn = ${sn}`,
      );
      return row!;
    };
    let file: FleetFile;
    try {
      await eventually(() => expect(output).toContain('all 7 devices connected'), 30_000);
      expect(output).toContain('backfill done');
      // saved before the backfill began
      file = JSON.parse(await readFile(save, 'utf8')) as FleetFile;
      expect(file.stations.map((entry) => entry.devices.length)).toEqual([3, 3, 1]);
      // running live: every device has a live reading stored
      const sns = file.stations.flatMap((entry) => entry.devices.map((device) => device.sn));
      await eventually(async () => {
        for (const sn of sns) expect((await stored(sn)).live, sn).toBeGreaterThan(0);
      }, 30_000);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited, output).toBe(0);
    expect(output).toContain('stopped');
    await rm(save);
    for (const entry of file.stations) {
      for (const device of entry.devices) {
        const row = await stored(device.sn);
        // 2.4 hours every 300 s, then live every second
        expect(row.history, device.sn).toBeGreaterThanOrEqual(28);
        expect(row.live, device.sn).toBeGreaterThan(0);
        // it said offline itself before it disconnected
        expect(row.status, device.sn).toBe('offline');
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
