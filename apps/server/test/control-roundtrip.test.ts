import { control, DeviceType, StationType } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  eventually,
  online,
  type PortalStation,
  registeredStation,
  rows,
  testLink,
} from '../../simulator/test/support/portal.ts';
import { brokerKinds, brokerPortal } from './support/broker-portal.ts';

/**
 * The control plane end to end: the portal's calls → its broker (embedded, or a real Mosquitto
 * with per-device clients) → the simulator's device, which applies the change to its plant → the
 * device's answer and its next readings back in the portal. The plant runs a June noon in Warsaw
 * (readings of that day are admitted), so there is PV to export.
 */

const PASSWORD = 'device-pass-1';
const NOON = Date.parse('2026-06-21T10:00:00Z');
const INTERVAL_S = 300;

describe.each(brokerKinds)('through the %s broker', (kind) => {
  const setup = brokerPortal(kind, { clientId: 'helio-control-test', accountPrefix: 'rt' });

  async function plant(): Promise<
    PortalStation & { run: ReturnType<typeof testLink>; inverterSn: string; meterId: number }
  > {
    const portal = await registeredStation(setup.server, setup.installer, StationType.onGrid, {
      types: [DeviceType.inverter, DeviceType.meter],
      startMs: NOON - 3_600_000,
    });
    const run = testLink(setup.brokerUrl, { intervalS: INTERVAL_S });
    for (const device of portal.station.devices) run.attach(device);
    await Promise.all(portal.station.devices.map(online));
    const inverter = portal.station.devices.find((device) => device.deviceType === DeviceType.inverter)!;
    const meter = portal.station.devices.find((device) => device.deviceType === DeviceType.meter)!;
    await setup.server.call(
      control.setDevicePassword,
      { equ_sn: inverter.sn, pwd: PASSWORD },
      setup.installer.token,
    );
    await setup.server.call(control.unlock, { equ_sn: inverter.sn, pwd: PASSWORD }, setup.installer.token);
    return { ...portal, run, inverterSn: inverter.sn, meterId: portal.deviceIds.get(meter.sn)! };
  }

  async function settled(commandId: string) {
    return eventually(async () => {
      const answer = await setup.server.call(
        control.command,
        { command_id: commandId },
        setup.installer.token,
      );
      const item = answer.body.data as { state: string; message: string | null; error: string | null };
      if (!['succeeded', 'failed', 'expired'].includes(item.state)) throw new Error(`still ${item.state}`);
      return item;
    });
  }

  /** Runs the plant from `fromMs` for `steps` reporting intervals; answers the meter's grid powers of those steps. */
  async function runPlant(portal: PortalStation & { meterId: number }, fromMs: number, steps: number) {
    let atMs = portal.station.nextTickAfter(fromMs, INTERVAL_S);
    const first = atMs;
    for (let step = 0; step < steps; step += 1) {
      portal.station.tick(atMs, true);
      atMs += INTERVAL_S * 1000;
    }
    await Promise.all(portal.station.devices.map((device) => device.drained()));
    // a real broker acknowledges on its own: the portal stores them a moment later
    const readings = await eventually(async () => {
      const found = await rows<{ grid_w: number }>(
        setup.server,
        sql`select (values->>'grid_power_w')::float8 as grid_w from readings
            where device_id = ${portal.meterId} and ts >= ${new Date(first).toISOString()} order by ts`,
      );
      if (found.length < steps) throw new Error(`${found.length} of ${steps} readings stored`);
      return found;
    });
    return { powers: readings.map((row) => row.grid_w), nextMs: atMs };
  }

  it('reads the device, caps its export with a setting and sees the cap in the next readings', async () => {
    const portal = await plant();
    const read = await setup.server.call(control.read, { equ_sn: portal.inverterSn }, setup.installer.token);
    expect(read.body.code).toBe(1);
    expect((await settled((read.body.data as { command_id: string }).command_id)).state).toBe('succeeded');
    const view = (
      await setup.server.call(control.settings, { equ_sn: portal.inverterSn }, setup.installer.token)
    ).body.data as {
      values: Record<string, unknown>;
      groups: string[];
    };
    expect(view.values.grid_standard).toBe('EN_50549_1');
    expect(view.groups).toEqual(expect.arrayContaining(['grid', 'export', 'power', 'system']));
    expect(view.groups).not.toContain('battery');

    const before = await runPlant(portal, NOON - 1_800_000, 4);
    expect(Math.min(...before.powers)).toBeLessThan(-1500);
    const saved = await setup.server.call(
      control.save,
      {
        equ_sn: portal.inverterSn,
        key: crypto.randomUUID(),
        changes: { export_limit_enabled: true, export_limit_w: 500 },
      },
      setup.installer.token,
    );
    expect(saved.body.code).toBe(1);
    expect((await settled((saved.body.data as { command_id: string }).command_id)).state).toBe('succeeded');
    const after = await runPlant(portal, before.nextMs, 4);
    expect(after.powers.length).toBe(4);
    for (const power of after.powers) expect(power).toBeGreaterThanOrEqual(-500.5);
    const applied = (
      await setup.server.call(control.settings, { equ_sn: portal.inverterSn }, setup.installer.token)
    ).body.data as { values: Record<string, unknown> };
    expect(applied.values).toMatchObject({ export_limit_enabled: true, export_limit_w: 500 });
    await Promise.all(portal.station.devices.map((device) => device.disconnect()));
    portal.run.wheel.stop();
  });

  it('a value outside the device’s own limits fails on the device, and nothing changes', async () => {
    const portal = await plant();
    const read = await setup.server.call(control.read, { equ_sn: portal.inverterSn }, setup.installer.token);
    await settled((read.body.data as { command_id: string }).command_id);
    // the battery group passes the portal's check only where the catalogue has it; this site has no battery
    const saved = await setup.server.call(
      control.save,
      {
        equ_sn: portal.inverterSn,
        key: crypto.randomUUID(),
        changes: { max_charge_w: 1000, export_limit_w: 800 },
      },
      setup.installer.token,
    );
    expect(saved.body.code).toBe(1);
    const outcome = await settled((saved.body.data as { command_id: string }).command_id);
    expect(outcome).toMatchObject({ state: 'failed', error: 'refused' });
    expect(outcome.message).toContain('max_charge_w');
    const view = (
      await setup.server.call(control.settings, { equ_sn: portal.inverterSn }, setup.installer.token)
    ).body.data as {
      values: Record<string, unknown>;
    };
    expect(view.values.export_limit_w).not.toBe(800);
    await Promise.all(portal.station.devices.map((device) => device.disconnect()));
    portal.run.wheel.stop();
  });

  it('a command for an offline device is delivered when it reconnects', async () => {
    const portal = await plant();
    const inverter = portal.station.devices.find((device) => device.sn === portal.inverterSn)!;
    await inverter.disconnect();
    await eventually(async () => {
      const view = (
        await setup.server.call(control.settings, { equ_sn: portal.inverterSn }, setup.installer.token)
      ).body.data as { status: string };
      if (view.status !== 'offline') throw new Error(view.status);
    });
    const read = await setup.server.call(control.read, { equ_sn: portal.inverterSn }, setup.installer.token);
    expect((read.body.data as { state: string }).state).toBe('pending');
    await online(inverter);
    expect((await settled((read.body.data as { command_id: string }).command_id)).state).toBe('succeeded');
    await Promise.all(portal.station.devices.map((device) => device.disconnect()));
    portal.run.wheel.stop();
  });
});
