import { control, DeviceType, StationType, strategy } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import {
  eventually,
  online,
  type PortalStation,
  registeredStation,
  testLink,
} from '../../simulator/test/support/portal.ts';
import { brokerKinds, brokerPortal } from './support/broker-portal.ts';

/**
 * A strategy end to end: a TOU template applied through api/mode/update to the inverters of two
 * simulated battery plants → the portal's broker (embedded, or a real Mosquitto with per-device
 * clients) → each simulated device, which checks the strategy and hands it to its plant → its
 * reply back in ingestion's transaction, where the strategy becomes applied and the device's active one.
 */

const PASSWORD = 'device-pass-1';
const NOON = Date.parse('2026-06-21T10:00:00Z');

describe.each(brokerKinds)('through the %s broker', (kind) => {
  const setup = brokerPortal(kind, { clientId: 'helio-strategy-test', accountPrefix: 'srt' });

  /** A residential battery plant whose devices are connected; answers its inverter's SN. */
  async function batteryPlant(seed: number): Promise<PortalStation & { inverterSn: string }> {
    const portal = await registeredStation(setup.server, setup.installer, StationType.residentialEss, {
      types: [DeviceType.inverter, DeviceType.battery, DeviceType.meter],
      startMs: NOON - 3_600_000,
      seed,
    });
    const run = testLink(setup.brokerUrl);
    for (const device of portal.station.devices) run.attach(device);
    await Promise.all(portal.station.devices.map(online));
    const inverter = portal.station.devices.find((device) => device.deviceType === DeviceType.inverter)!;
    await setup.server.call(
      control.setDevicePassword,
      { equ_sn: inverter.sn, pwd: PASSWORD },
      setup.installer.token,
    );
    const unlocked = await setup.server.call(
      control.unlock,
      { equ_sn: inverter.sn, pwd: PASSWORD },
      setup.installer.token,
    );
    expect(unlocked.body.code).toBe(1);
    return { ...portal, inverterSn: inverter.sn };
  }

  it('applies a TOU template to two simulated inverters; both plants run it and the strategies become applied', async () => {
    const plants = [await batteryPlant(11), await batteryPlant(12)];
    const added = await setup.server.call(
      strategy.tcd.add,
      {
        name: `Night charge ${kind}`,
        grid_charge: true,
        max_soc_pct: 95,
        min_soc_pct: 15,
        charge_slots: [{ start: '01:00', end: '05:00', soc_pct: 90 }],
        discharge_slots: [{ start: '17:00', end: '21:00', soc_pct: 20 }],
      },
      setup.installer.token,
    );
    expect(added.body.code, JSON.stringify(added.body)).toBe(1);
    const templateId = (added.body.data as { template_id: number }).template_id;
    const sns = plants.map((plant) => plant.inverterSn);
    const applied = await setup.server.call(
      strategy.update,
      { key: crypto.randomUUID(), equ_sns: sns, template_id: templateId },
      setup.installer.token,
    );
    expect(applied.body.code, JSON.stringify(applied.body)).toBe(1);
    const batchId = (applied.body.data as { batch_id: string }).batch_id;

    const states = await eventually(async () => {
      const answer = await setup.server.call(strategy.batch, { batch_id: batchId }, setup.installer.token);
      const list = (answer.body.data as { list: { equ_sn: string; state: string }[] }).list;
      if (list.some((row) => row.state === 'pending')) throw new Error('still pending');
      return list;
    });
    expect(states.map((row) => row.state)).toEqual(['applied', 'applied']);

    for (const plant of plants) {
      // the simulated plant runs the strategy it was sent
      expect(plant.station.plant.config.battery?.strategy).toMatchObject({
        mode: 'time_of_use',
        minSocPct: 15,
      });
      const tab = (
        await setup.server.call(strategy.device, { equ_sn: plant.inverterSn }, setup.installer.token)
      ).body.data as {
        active: { name: string; state: string; slots: { kind: string; start: string }[] } | null;
        pending: unknown[];
      };
      expect(tab.active).toMatchObject({ name: `Night charge ${kind}`, state: 'applied' });
      expect(tab.active?.slots.map((slot) => `${slot.kind} ${slot.start}`)).toEqual([
        'charge 01:00',
        'discharge 17:00',
      ]);
      expect(tab.pending).toEqual([]);
    }
    // in use on both devices: the template stays
    expect(
      (await setup.server.call(strategy.tcd.del, { template_id: templateId }, setup.installer.token)).body
        .msg,
    ).toBe('200701');
  }, 60_000);
});
