import { charging, control, DEMO_USER_ID, defaultChargingPlan, RoleId } from '@helio/contracts';
import { chargingPlanParams } from '@helio/contracts/device-link';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import {
  type ChargingFixture,
  expectInValley,
  onlineWallbox,
  planCommands,
  startChargingServer,
  ZONE,
} from './support/charging.ts';
import type { TestDevice } from './support/devices.ts';
import { registerDevice } from './support/fleet.ts';
import type { TestServer } from './support/server.ts';

/**
 * Charging plans over HTTP (api/charging/plan, plan/preview, plan/save) against wallboxes on the
 * embedded broker: each call's answer as its contract says, who may (another installer's charger,
 * a device that is not a wallbox, the demo, the end user without the device password, an installer
 * only after the unlock), refused bodies with their translated keys and nothing written, off-peak
 * and its tariff, the command the charger is sent and its key. The PV forecast and the replan job
 * have their own files (charging-forecast.test.ts, charging-replan.test.ts); here no weather
 * provider is asked.
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
  ({ server, installer, endUser, plans, closing, close } = await startChargingServer('plan'));
  other = await registerAccount(server, RoleId.installer, 'planother');
});
afterAll(() => close?.());

/** The default: PV surplus, 6–16 A, phases switched as needed, no target. */
const pvPlan = defaultChargingPlan;
const offPeakPlan = { ...pvPlan, mode: 'off_peak', phases: '3p' };

/** The issues of a 200005 answer. */
function issuesOf(answer: { body: { msg: string; data?: unknown } }) {
  expect(answer.body.msg).toBe('200005');
  return (answer.body.data as { issues: { path: string; message: string }[] }).issues;
}

/** Nothing was stored or sent for the charger. */
async function expectNothingWritten(sn: string) {
  expect((await plans.view(sn, installer.token)).saved).toBe(false);
  expect(await planCommands(server, sn)).toEqual([]);
}

describe('api/charging/plan', () => {
  it('answers the default plan before any is saved, with rights by who asks', async () => {
    const { sn, stationId, wallbox } = await plans.chargerStation();
    const mine = await plans.view(sn);
    expect(mine).toMatchObject({
      equ_sn: sn,
      device_id: wallbox.device_id,
      station_id: stationId,
      timezone: ZONE,
      currency: 'PLN',
      plan: pvPlan,
      saved: false,
      updated_at: null,
      command: null,
      charger: null,
      has_tariff: false,
      may: { plan: true, start_stop: true, current: true, unlock: false },
    });
    expect(mine.forecast.mode).toBe('pv');
    expect(mine.forecast.target).toBeNull();
    expect((await plans.view(sn, installer.token)).may).toEqual({
      plan: true,
      start_stop: true,
      current: true,
      unlock: true,
    });
  });

  it('says what the charger follows from its newest reading, and plans with the session’s energy', async () => {
    const { sn, wallbox } = await plans.chargerStation();
    const { device } = await onlineWallbox(server, wallbox);
    closing.push(device);
    const values = {
      pile_state: 'charging',
      power_w: 7200,
      session_kwh: 3.5,
      phases: 3,
      current_limit_a: 10.4,
      plan_mode: 'pv',
      remote_hold: 0,
      car_soc_pct: 41,
      target_kwh: 20,
    };
    await device.telemetry(server.clock.now().getTime(), 1, values, 3600);
    const charger = await vi.waitFor(async () => {
      const found = (await plans.view(sn)).charger;
      if (!found) throw new Error('no reading yet');
      return found;
    });
    expect(charger).toMatchObject({ ...values, remote_hold: false, online: true });
    // a target of 10 kWh by tomorrow needs what the session has not taken yet
    const departure = new Date(server.clock.now().getTime() + 20 * 3_600_000).toISOString();
    const preview = await server.call(
      charging.preview,
      { equ_sn: sn, plan: { ...pvPlan, override: { departure_at: departure, energy_kwh: 10 } } },
      endUser.token,
    );
    const forecast = charging.preview.data.parse(preview.body.data);
    expect(forecast.target).toMatchObject({ source: 'override', need_kwh: 6.5 });
    expect(Date.parse(forecast.target!.departure_at)).toBe(Date.parse(departure));
  });
});

describe('who may', () => {
  it('another installer’s charger, a device that is not a wallbox and an unknown SN are 9001 for every call', async () => {
    const { sn, stationId } = await plans.chargerStation();
    const inverter = await registerDevice(server, installer.token, stationId, { device_type: 1 });
    for (const [target, token] of [
      [sn, other.token],
      [inverter.sn, installer.token],
      ['EVCNOSUCHONE00000', installer.token],
    ] as const) {
      expect((await server.call(charging.plan, { equ_sn: target }, token)).body.msg).toBe('9001');
      expect((await server.call(charging.preview, { equ_sn: target, plan: pvPlan }, token)).body.msg).toBe(
        '9001',
      );
      expect((await plans.save(target, pvPlan, token)).body.msg).toBe('9001');
    }
    await expectNothingWritten(sn);
  });

  it('the demo reads the plan and previews, but saving is 9001', async () => {
    const { sn, stationId } = await plans.chargerStation();
    await server.database.db.execute(
      sql`update stations set installer_id = ${DEMO_USER_ID} where station_id = ${stationId}`,
    );
    const demo = await server.login();
    const answer = await server.call(charging.plan, { equ_sn: sn }, demo);
    expect(answer.body.code).toBe(1);
    expect(charging.plan.data.parse(answer.body.data).may).toEqual({
      plan: false,
      start_stop: false,
      current: false,
      unlock: false,
    });
    expect((await server.call(charging.preview, { equ_sn: sn, plan: pvPlan }, demo)).body.code).toBe(1);
    expect((await plans.save(sn, pvPlan, demo)).body.msg).toBe('9001');
    await expectNothingWritten(sn);
  });

  it('the end user saves their plan without the device password; the charger is sent it', async () => {
    const { sn, wallbox } = await plans.chargerStation();
    const { device, received } = await onlineWallbox(server, wallbox);
    closing.push(device);
    const saved = await plans.save(sn, { ...pvPlan, mode: 'fast', max_current_a: 20 });
    expect(saved.body.code).toBe(1);
    const answer = charging.savePlan.data.parse(saved.body.data);
    expect(answer.state).toBe('sent');
    const command = await vi.waitFor(() => {
      const found = received.find((message) => message.id === answer.command_id);
      if (!found) throw new Error('not received yet');
      return found;
    });
    expect(command.name).toBe('charging_plan');
    expect(chargingPlanParams.parse(command.params)).toEqual({
      mode: 'fast',
      min_current_a: 6,
      max_current_a: 20,
      phases: 'auto',
      target_wh: null,
      departure_at: null,
      windows: [],
    });
    const after = await plans.view(sn);
    expect(after).toMatchObject({
      saved: true,
      plan: { ...pvPlan, mode: 'fast', max_current_a: 20 },
      command: { command_id: answer.command_id, state: 'sent' },
    });
    expect(after.updated_at).not.toBeNull();
    const [stored] = await planCommands(server, sn);
    expect(stored?.created_by).toBe(endUser.userId);
  });

  it('an installer needs the device unlocked (200905), then saves', async () => {
    const { sn } = await plans.chargerStation();
    await server.call(control.setDevicePassword, { equ_sn: sn, pwd: PASSWORD }, installer.token);
    expect((await plans.save(sn, pvPlan, installer.token)).body.msg).toBe('200905');
    await expectNothingWritten(sn);
    expect(
      (await server.call(control.unlock, { equ_sn: sn, pwd: PASSWORD }, installer.token)).body.code,
    ).toBe(1);
    const saved = await plans.save(sn, pvPlan, installer.token);
    expect(saved.body.code).toBe(1);
    // an offline charger's plan waits for it
    expect(charging.savePlan.data.parse(saved.body.data).state).toBe('pending');
    expect((await plans.view(sn)).saved).toBe(true);
  });
});

describe('refused bodies', () => {
  it('answers 200005 with the translated field keys, never 500, and writes nothing', async () => {
    const { sn } = await plans.chargerStation();
    const past = new Date(server.clock.now().getTime() - 3_600_000).toISOString();
    const cases: [unknown, string, string][] = [
      [{ ...pvPlan, min_current_a: 5 }, 'plan.min_current_a', 'validation.chargingCurrent'],
      [{ ...pvPlan, max_current_a: 40 }, 'plan.max_current_a', 'validation.chargingCurrent'],
      [{ ...pvPlan, min_current_a: 20 }, 'plan.min_current_a', 'validation.chargingCurrentOrder'],
      [{ ...pvPlan, mode: 'turbo' }, 'plan.mode', 'validation.invalidValue'],
      [{ ...pvPlan, phases: '2p' }, 'plan.phases', 'validation.invalidValue'],
      [{ ...pvPlan, mode: 'scheduled' }, 'plan.weekly', 'validation.chargingTargetRequired'],
      [
        { ...pvPlan, override: { departure_at: past, energy_kwh: 10 } },
        'plan.override.departure_at',
        'validation.chargingDeparture',
      ],
      [
        { ...pvPlan, weekly: [{ days: [1], departure: '07:00', energy_kwh: 10, soc_pct: 80 }] },
        'plan.weekly.0.energy_kwh',
        'validation.chargingTargetAmount',
      ],
      [
        { ...pvPlan, weekly: [{ days: [1], departure: '07:00', soc_pct: 80 }] },
        'plan.car_capacity_kwh',
        'validation.carCapacityRequired',
      ],
      [
        {
          ...pvPlan,
          weekly: [
            { days: [1, 2], departure: '07:00', energy_kwh: 10 },
            { days: [2], departure: '08:00', energy_kwh: 5 },
          ],
        },
        'plan.weekly.1.days',
        'validation.weekdayRepeated',
      ],
      [{ ...pvPlan, car_capacity_kwh: 1000 }, 'plan.car_capacity_kwh', 'validation.carCapacity'],
      [
        { ...pvPlan, weekly: [{ days: [1], departure: '7 am', energy_kwh: 10 }] },
        'plan.weekly.0.departure',
        'validation.timeFormat',
      ],
      [
        { ...pvPlan, weekly: [{ days: [1], departure: '07:00', energy_kwh: 0.1 }] },
        'plan.weekly.0.energy_kwh',
        'validation.chargingEnergy',
      ],
    ];
    for (const [plan, path, message] of cases) {
      const answer = await plans.save(sn, plan);
      expect(answer.status).toBeLessThan(500);
      expect(issuesOf(answer)).toContainEqual({ path, message });
      const preview = await server.call(charging.preview, { equ_sn: sn, plan }, endUser.token);
      expect(issuesOf(preview)).toContainEqual({ path, message });
    }
    const badKey = await server.call(
      charging.savePlan,
      { equ_sn: sn, plan: pvPlan, key: 'k' },
      endUser.token,
    );
    expect(issuesOf(badKey)).toContainEqual({ path: 'key', message: 'validation.invalidValue' });
    for (const plan of ['fast', [pvPlan], 7]) {
      const answer = await plans.save(sn, plan);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.msg).toBe('200005');
      for (const issue of issuesOf(answer)) expect(issue.message).toMatch(/^validation\./);
    }
    await expectNothingWritten(sn);
  });

  it('off-peak without the station’s tariff is refused on plan.mode', async () => {
    const { sn } = await plans.chargerStation();
    expect(issuesOf(await plans.save(sn, offPeakPlan))).toEqual([
      { path: 'plan.mode', message: 'validation.chargingNeedsTariff' },
    ]);
    await expectNothingWritten(sn);
    // the preview answers, warning there is no valley to wait for
    const preview = await server.call(charging.preview, { equ_sn: sn, plan: offPeakPlan }, endUser.token);
    expect(charging.preview.data.parse(preview.body.data).warnings).toContain('noTariff');
  });
});

describe('the plan command', () => {
  it('off-peak with a tariff: windows at the maximum, only in the valley; the key makes one command', async () => {
    const { sn, stationId, wallbox } = await plans.chargerStation();
    await plans.setTariff(stationId);
    const { device } = await onlineWallbox(server, wallbox);
    closing.push(device);
    expect((await plans.view(sn)).has_tariff).toBe(true);
    const key = crypto.randomUUID();
    const first = await plans.save(sn, offPeakPlan, endUser.token, key);
    const again = await plans.save(sn, offPeakPlan, endUser.token, key);
    expect(first.body.code).toBe(1);
    expect(again.body.data).toMatchObject({
      command_id: (first.body.data as { command_id: string }).command_id,
    });
    const commands = await planCommands(server, sn);
    expect(commands).toHaveLength(1);
    const params = chargingPlanParams.parse(commands[0]?.params);
    expect(params).toMatchObject({ mode: 'off_peak', phases: '3p', target_wh: null, departure_at: null });
    expectInValley(params.windows);
    for (const window of params.windows) expect(window.power_w).toBe(16 * 230 * 3);
    const { rows } = (await server.database.db.execute(
      sql`select count(*)::int as n from operation_log where target = ${sn} and action = 'device_command'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(1);
  });

  it('a target by departure: the energy the session should have, the departure and windows to meet it', async () => {
    const { sn, stationId } = await plans.chargerStation();
    await plans.setTariff(stationId);
    const departure = new Date(server.clock.now().getTime() + 30 * 3_600_000);
    departure.setUTCMinutes(0, 0, 0);
    const plan = {
      ...pvPlan,
      mode: 'scheduled',
      phases: '3p',
      override: { departure_at: departure.toISOString(), energy_kwh: 20 },
    };
    expect((await plans.save(sn, plan)).body.code).toBe(1);
    const params = chargingPlanParams.parse((await planCommands(server, sn))[0]?.params);
    expect(params.target_wh).toBe(20_000);
    expect(params.departure_at).toBe(departure.getTime());
    const energy = params.windows.reduce((sum, w) => sum + (w.power_w * (w.end - w.start)) / 3_600_000, 0);
    // the last quarter is raised to the least the charger draws on three phases; powers go in whole watts
    expect(energy).toBeGreaterThan(20_000 - 1);
    expect(energy).toBeLessThan(20_000 + (6 * 230 * 3) / 4);
    // the cheapest grid quarters first: the valley has room for it all
    expectInValley(params.windows);
    const shown = await plans.view(sn);
    expect(shown.forecast).toMatchObject({ reachable: true, target: { need_kwh: 20 } });
  });
});
