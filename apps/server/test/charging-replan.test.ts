import { defaultChargingPlan } from '@helio/contracts';
import { chargingPlanParams } from '@helio/contracts/device-link';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChargingFixture,
  expectInValley,
  onlineWallbox,
  planCommands,
  startChargingServer,
  tariffWithValley,
} from './support/charging.ts';
import type { TestDevice } from './support/devices.ts';
import type { TestServer } from './support/server.ts';

/**
 * The replan job (every 15 minutes on the job runner, run here at once with the clock moved
 * instead of waiting): a saved plan of an online charger is planned again and sent only when what
 * the charger should do from now on changes: not because time moved on, but when the tariff's
 * valley moves or a departure passes. An offline charger is left alone; the portal is the author.
 */

let server: TestServer;
let plans: ChargingFixture;
let closing: TestDevice[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ server, plans, closing, close } = await startChargingServer('replan'));
});
afterAll(() => close?.());

const offPeakPlan = { ...defaultChargingPlan, mode: 'off_peak', phases: '3p' };

describe('the replan job', () => {
  it('sends again only when the windows change; the portal is its author', async () => {
    const { sn, stationId, wallbox } = await plans.chargerStation();
    await plans.setTariff(stationId);
    const { device } = await onlineWallbox(server, wallbox);
    closing.push(device);
    expect((await plans.save(sn, offPeakPlan)).body.code).toBe(1);
    await server.jobs.runAllNow();
    expect(await planCommands(server, sn)).toHaveLength(1);
    // a quarter of an hour on: the plan starts later, but the charger does the same from now on
    server.clock.advance(15 * 60_000);
    await server.jobs.runAllNow();
    expect(await planCommands(server, sn)).toHaveLength(1);
    // the valley moves: new windows
    const moved = tariffWithValley([{ start: '01:00', end: '05:00' }]);
    await plans.setTariff(stationId, moved);
    await server.jobs.runAllNow();
    const commands = await planCommands(server, sn);
    expect(commands).toHaveLength(2);
    expect(commands[1]?.created_by).toBeNull();
    expectInValley(chargingPlanParams.parse(commands[1]?.params).windows, moved);
    expect((await plans.view(sn)).command?.command_id).toBe(commands[1]?.command_id);
    // the plan keeps what was last sent for it
    const { rows } = (await server.database.db.execute(
      sql`select p.command_id from charging_plans p join devices d using (device_id) where d.sn = ${sn}`,
    )) as unknown as { rows: { command_id: string }[] };
    expect(rows[0]?.command_id).toBe(commands[1]?.command_id);
    await server.jobs.runAllNow();
    expect(await planCommands(server, sn)).toHaveLength(2);
  });

  it('leaves an offline charger’s plan alone', async () => {
    const { sn, stationId } = await plans.chargerStation();
    await plans.setTariff(stationId);
    expect((await plans.save(sn, offPeakPlan)).body.code).toBe(1);
    await plans.setTariff(stationId, tariffWithValley([{ start: '02:00', end: '04:00' }]));
    await server.jobs.runAllNow();
    expect(await planCommands(server, sn)).toHaveLength(1);
  });

  it('sends again when the departure passes: the plan goes on without it', async () => {
    const { sn, wallbox } = await plans.chargerStation();
    const { device } = await onlineWallbox(server, wallbox);
    closing.push(device);
    const departure = new Date(server.clock.now().getTime() + 45 * 60_000).toISOString();
    const plan = {
      ...defaultChargingPlan,
      mode: 'fast',
      override: { departure_at: departure, energy_kwh: 2 },
    };
    expect((await plans.save(sn, plan)).body.code).toBe(1);
    const [first] = await planCommands(server, sn);
    expect(chargingPlanParams.parse(first?.params)).toMatchObject({
      target_wh: 2000,
      departure_at: Date.parse(departure),
    });
    server.clock.advance(60 * 60_000);
    await server.jobs.runAllNow();
    const commands = await planCommands(server, sn);
    expect(commands).toHaveLength(2);
    expect(chargingPlanParams.parse(commands[1]?.params)).toMatchObject({
      mode: 'fast',
      target_wh: null,
      departure_at: null,
    });
    // the plan as shown has no override any more (its departure is past)
    expect((await plans.view(sn)).plan.override).toBeNull();
  });
});
