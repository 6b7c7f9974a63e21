import { charging, control, DEMO_USER_ID, RoleId } from '@helio/contracts';
import { chargeParams } from '@helio/contracts/device-link';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import { type ChargingFixture, onlineWallbox, startChargingServer } from './support/charging.ts';
import type { TestDevice } from './support/devices.ts';
import { registerDevice } from './support/fleet.ts';
import type { TestServer } from './support/server.ts';

/**
 * Remote start, stop and current (api/charging/remote) against wallboxes on the embedded broker:
 * the one `charge` command the charger is sent, who may (the end user without the device password,
 * an installer only after the unlock, another installer, a device that is not a wallbox, the demo),
 * bad bodies with their translated keys and nothing sent, and the client's key.
 */

const PASSWORD = 'device-pass-1';
let server: TestServer;
let installer: Account;
let endUser: Account;
let other: Account;
let plans: ChargingFixture;
let closing: TestDevice[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ server, installer, endUser, plans, closing, close } = await startChargingServer('remote'));
  other = await registerAccount(server, RoleId.installer, 'remoteother');
});
afterAll(() => close?.());

const remote = (body: object, token: string) =>
  server.call(charging.remote, { key: crypto.randomUUID(), ...body }, token);

/** The charge commands stored for a device, oldest first. */
async function chargeCommands(sn: string) {
  const { rows } = (await server.database.db.execute(
    sql`select c.command_id, c.params, c.created_by, c.expires_at, c.created_at from device_commands c
        join devices d on d.device_id = c.device_id
        where d.sn = ${sn} and c.name = 'charge' order by c.created_at`,
  )) as unknown as {
    rows: {
      command_id: string;
      params: Record<string, unknown>;
      created_by: number | null;
      expires_at: string;
      created_at: string;
    }[];
  };
  return rows;
}

describe('api/charging/remote', () => {
  it('the end user starts, stops and sets the current of their own charger without the device password', async () => {
    const { sn, wallbox } = await plans.chargerStation();
    await server.call(control.setDevicePassword, { equ_sn: sn, pwd: PASSWORD }, installer.token);
    const { device, received } = await onlineWallbox(server, wallbox);
    closing.push(device);
    for (const body of [{ action: 'start' }, { action: 'stop' }, { action: 'current', current_a: 10 }]) {
      const answer = await remote({ equ_sn: sn, ...body }, endUser.token);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(1);
      const { command_id: id, state } = charging.remote.data.parse(answer.body.data);
      expect(state).toBe('sent');
      const command = await vi.waitFor(() => {
        const found = received.find((message) => message.id === id);
        if (!found) throw new Error('not received yet');
        return found;
      });
      expect(command.name).toBe('charge');
      expect(chargeParams.parse(command.params)).toEqual(body);
    }
    const stored = await chargeCommands(sn);
    expect(stored.map((row) => row.created_by)).toEqual([endUser.userId, endUser.userId, endUser.userId]);
    // a "now" lapses within minutes, not the day a setting waits
    for (const row of stored)
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeLessThanOrEqual(10 * 60_000);
  });

  it('an installer needs the device unlocked (200905), then stops', async () => {
    const { sn } = await plans.chargerStation();
    await server.call(control.setDevicePassword, { equ_sn: sn, pwd: PASSWORD }, installer.token);
    expect((await remote({ equ_sn: sn, action: 'stop' }, installer.token)).body.msg).toBe('200905');
    expect(await chargeCommands(sn)).toEqual([]);
    await server.call(control.unlock, { equ_sn: sn, pwd: PASSWORD }, installer.token);
    expect((await remote({ equ_sn: sn, action: 'stop' }, installer.token)).body.code).toBe(1);
    expect((await chargeCommands(sn)).map((row) => row.created_by)).toEqual([installer.userId]);
  });

  it('another installer, a device that is not a wallbox and an unknown SN answer 9001', async () => {
    const { sn, stationId } = await plans.chargerStation();
    expect((await remote({ equ_sn: sn, action: 'start' }, other.token)).body.msg).toBe('9001');
    const inverter = await registerDevice(server, installer.token, stationId, { device_type: 1 });
    expect((await remote({ equ_sn: inverter.sn, action: 'start' }, endUser.token)).body.msg).toBe('9001');
    expect((await remote({ equ_sn: 'EVC-NOSUCH', action: 'start' }, endUser.token)).body.msg).toBe('9001');
    expect(await chargeCommands(sn)).toEqual([]);
  });

  it('the demo may not act (9001)', async () => {
    const { sn, stationId } = await plans.chargerStation();
    await server.database.db.execute(
      sql`update stations set installer_id = ${DEMO_USER_ID} where station_id = ${stationId}`,
    );
    const demo = await server.login();
    expect((await remote({ equ_sn: sn, action: 'start' }, demo)).body.msg).toBe('9001');
    expect(await chargeCommands(sn)).toEqual([]);
  });

  it('refuses bad bodies with translated keys and sends nothing', async () => {
    const { sn } = await plans.chargerStation();
    const cases: [object, string, string][] = [
      [{ equ_sn: sn, action: 'current' }, 'current_a', 'validation.chargingCurrent'],
      [{ equ_sn: sn, action: 'current', current_a: 5 }, 'current_a', 'validation.chargingCurrent'],
      [{ equ_sn: sn, action: 'current', current_a: 33 }, 'current_a', 'validation.chargingCurrent'],
      [{ equ_sn: sn, action: 'current', current_a: 'lots' }, 'current_a', 'validation.chargingCurrent'],
      [{ equ_sn: sn, action: 'boost' }, 'action', 'validation.invalidValue'],
      [{ equ_sn: sn, action: 'start', key: 'again' }, 'key', 'validation.invalidValue'],
    ];
    for (const [body, path, message] of cases) {
      const answer = await remote(body, endUser.token);
      expect(answer.status, JSON.stringify(body)).not.toBe(500);
      expect(answer.body.msg).toBe('200005');
      expect((answer.body.data as { issues: { path: string; message: string }[] }).issues).toContainEqual({
        path,
        message,
      });
    }
    expect(await chargeCommands(sn)).toEqual([]);
  });

  it('the same key twice is one command', async () => {
    const { sn } = await plans.chargerStation();
    const key = crypto.randomUUID();
    const first = await remote({ equ_sn: sn, action: 'start', key }, endUser.token);
    const second = await remote({ equ_sn: sn, action: 'start', key }, endUser.token);
    expect(charging.remote.data.parse(second.body.data).command_id).toBe(
      charging.remote.data.parse(first.body.data).command_id,
    );
    expect(await chargeCommands(sn)).toHaveLength(1);
  });
});
