import { auth, charging, control, DEMO_USER_ID, RoleId } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import { type ChargingFixture, onlineWallbox, startChargingServer } from './support/charging.ts';
import type { TestDevice } from './support/devices.ts';
import { openEventStream } from './support/event-stream.ts';
import { registerDevice } from './support/fleet.ts';
import type { TestServer } from './support/server.ts';

/**
 * A charger's live stream (api/charging/live) against a wallbox on the embedded broker: `ready`,
 * a new reading and a remote command moving as they happen; refused before it begins for another
 * installer's charger and a device that is not a wallbox (9001); the demo follows; it ends with
 * the sign-in.
 */

let server: TestServer;
let installer: Account;
let endUser: Account;
let other: Account;
let plans: ChargingFixture;
let closing: TestDevice[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ server, installer, endUser, plans, closing, close } = await startChargingServer('chlive'));
  other = await registerAccount(server, RoleId.installer, 'chliveother');
});
afterAll(() => close?.());

const openLive = (sn: string, token: string) => openEventStream(server, charging.live, { equ_sn: sn }, token);

describe('api/charging/live', () => {
  it('tells the charging screen of a new reading and of a command moving, as they happen', async () => {
    const { sn, wallbox } = await plans.chargerStation();
    const { device, received } = await onlineWallbox(server, wallbox);
    closing.push(device);
    const live = await openLive(sn, endUser.token);
    expect(live.response.status).toBe(200);
    await vi.waitFor(() => expect(live.events[0]).toEqual({ type: 'ready', equ_sn: sn }));

    const at = server.clock.now().getTime();
    await device.telemetry(at, 1, { pile_state: 'charging', power_w: 7200, session_kwh: 1 }, 3600);
    await vi.waitFor(
      () => expect(live.events).toContainEqual({ type: 'reading', updated_at: new Date(at).toISOString() }),
      { timeout: 10_000 },
    );

    const answer = await server.call(
      charging.remote,
      { equ_sn: sn, action: 'stop', key: crypto.randomUUID() },
      endUser.token,
    );
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(1);
    const { command_id: id } = charging.remote.data.parse(answer.body.data);
    await vi.waitFor(() => expect(received.some((command) => command.id === id)).toBe(true));
    await device.publish('reply', { id, ts: Date.now(), state: 'succeeded' });
    await vi.waitFor(
      () =>
        expect(live.events).toContainEqual({
          type: 'command',
          command_id: id,
          name: 'charge',
          state: 'succeeded',
        }),
      { timeout: 10_000 },
    );
    await live.close();
  });

  it('answers 9001 before it begins for another installer’s charger and a device that is not a wallbox', async () => {
    const { sn, stationId } = await plans.chargerStation();
    const foreign = await openLive(sn, other.token);
    expect(foreign.response.status).toBe(403);
    expect(await foreign.response.json()).toMatchObject({ msg: '9001' });
    const inverter = await registerDevice(server, installer.token, stationId, { device_type: 1 });
    const notWallbox = await openLive(inverter.sn, installer.token);
    expect(notWallbox.response.status).toBe(403);
    expect(await notWallbox.response.json()).toMatchObject({ msg: '9001' });
    const unknown = await openLive('EVC-NOSUCH', installer.token);
    expect(await unknown.response.json()).toMatchObject({ msg: '9001' });
    const malformed = await openLive('', installer.token);
    expect(malformed.response.status).toBe(400);
    expect(await malformed.response.json()).toMatchObject({ msg: '4002' });
  });

  it('the demo follows a charger it sees', async () => {
    const { sn, stationId } = await plans.chargerStation();
    await server.database.db.execute(
      sql`update stations set installer_id = ${DEMO_USER_ID} where station_id = ${stationId}`,
    );
    const live = await openLive(sn, await server.login());
    expect(live.response.status).toBe(200);
    await vi.waitFor(() => expect(live.events[0]).toEqual({ type: 'ready', equ_sn: sn }));
    await live.close();
  });

  it('ends when the sign-in does', async () => {
    const { sn } = await plans.chargerStation();
    await server.call(control.setDevicePassword, { equ_sn: sn, pwd: 'device-pass-1' }, installer.token);
    const session = await server.login(endUser.userName, endUser.password);
    const live = await openLive(sn, session);
    await vi.waitFor(() => expect(live.events[0]?.type).toBe('ready'));
    await server.call(auth.logout, {}, session);
    await vi.waitFor(() => expect(live.ended()).toBe(true), { timeout: 15_000 });
  });
});
