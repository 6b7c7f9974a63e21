import {
  allCalls,
  auth,
  control,
  DEMO_USER_ID,
  ems5000,
  emsChartFields,
  emsModeKinds,
  emsPartParameters,
  localDate,
  localPeriod,
  RoleId,
  StationType,
  strategy,
  systemTemplateNames,
} from '@helio/contracts';
import { commandTopic } from '@helio/contracts/device-link';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { alarmEvent } from './support/alarms.ts';
import { connectDevice, localBrokerUrl, type TestDevice } from './support/devices.ts';
import { openEventStream } from './support/event-stream.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The EMS 5000 console over HTTP against an EMS that answers as the protocol says (an MQTT client
 * in the test, so every answer is the test's choice): each call's answer as its contract says,
 * reads and writes of a part's parameters through commands polled by id (7005 while pending), the
 * unlock and the one check of a change set with unprefixed field names, who may read and write
 * (another installer, the station's end user, the demo, a station without an EMS), and a mode
 * switched with api/mode/update on the EMS.
 */

let server: TestServer;
let installer: Account;
let broker: string;
const PASSWORD = 'device-pass-1';
const ZONE = 'Europe/Rome';

beforeAll(async () => {
  server = await startTestServer();
  installer = await registerAccount(server, RoleId.installer, 'ems');
  broker = localBrokerUrl(server.deviceLink.embeddedPort!);
});
afterAll(async () => {
  await server.close();
});

/** What the EMS answers to a read: its parts' parameters (no generator on this site) and its system group. */
const emsSettings = (): Record<string, number | string | boolean> => ({
  'pcs.enabled': true,
  'pcs.max_charge_w': 50_000,
  'pcs.max_discharge_w': 50_000,
  'pcs.ramp_pct_min': 10,
  'pcs.reactive_mode': 'off',
  'pcs.power_factor': 1,
  'pcs.rated_power_w': 100_000,
  'bms.charge_stop_soc_pct': 95,
  'bms.discharge_stop_soc_pct': 10,
  'bms.max_charge_a': 200,
  'bms.max_discharge_a': 200,
  'bms.balancing': true,
  'bms.balance_start_mv': 30,
  'bms.capacity_kwh': 215,
  'bms.cluster_count': 2,
  'bms.cells_per_cluster': 240,
  'meter.ct_ratio': 200,
  'meter.demand_window_min': '15',
  report_interval_s: '300',
});

/** A reading of the EMS: system state and mode, PCS, BMS with two clusters, meter. */
const emsReading = (pcsPowerW: number) => ({
  state: 1,
  mode: 'self_consumption',
  load_power_w: 30_000,
  pcs: { state: 4, ac_power_w: pcsPowerW, ac_voltage_v: 400, temperature_c: 35, ac_frequency_hz: 50 },
  bms: {
    state: 2,
    soc_pct: 60,
    voltage_v: 760,
    current_a: -20,
    max_cell_temperature_c: 31,
    clusters: [
      { soc_pct: 61, voltage_v: 761 },
      { soc_pct: 59, voltage_v: 759 },
    ],
  },
  meter: { state: 0, grid_power_w: 12_000, demand_w: 11_000 },
});

interface Command {
  id: string;
  name: string;
  params: Record<string, unknown>;
}

/** An EMS on a C&I station of `owner`, online, with its commands collected and answered when the test says. */
async function emsStation(owner = installer, endUserId?: number) {
  const station = await addStation(server, owner.token, {
    station_type: StationType.commercialEss,
    timezone: ZONE,
    country_code: 'IT',
    province_code: 'IT-25',
    city: 'Milan',
    latitude: 45.46,
    longitude: 9.19,
    currency: 'EUR',
    installer_id: owner.userId,
    ...(endUserId ? { end_user_id: endUserId } : {}),
  });
  const item = await registerDevice(server, owner.token, station.station_id, {
    device_type: 8,
    model: 'EMS 5000',
    rated_power_w: 100_000,
  });
  const device = await connectDevice(broker, item.sn, item.credentials.password);
  const values = emsSettings();
  const received: Command[] = [];
  device.client.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString()) as Command));
  await device.client.subscribeAsync(commandTopic(item.sn), { qos: 1 });
  await device.publish('status', { state: 'online', ts: Date.now(), interval_s: 300 });
  await device.telemetry(Date.now(), 1, emsReading(-20_000), 300);
  await vi.waitFor(async () => {
    const answer = await call(ems5000.sysIndex, { station_id: station.station_id }, owner);
    if ((answer.data as { updated_at: string | null }).updated_at === null) throw new Error('no reading yet');
  });
  /** Answers the command the device received as the protocol says: applied with its values, or failed. */
  async function answer(name: string, state: 'succeeded' | 'failed' = 'succeeded') {
    const command = await vi.waitFor(() => {
      const found = received.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no ${name} command yet`);
      return found;
    });
    received.splice(received.indexOf(command), 1);
    if (state === 'succeeded' && name === 'settings') Object.assign(values, command.params);
    await device.publish('reply', { id: command.id, ts: Date.now(), state: 'acknowledged' });
    await device.publish('reply', {
      id: command.id,
      ts: Date.now(),
      state,
      ...(name === 'strategy' || state === 'failed' ? {} : { values }),
    });
    return command;
  }
  return { stationId: station.station_id, sn: item.sn, deviceId: item.device_id, device, answer, values };
}

async function call(def: { path: string }, body: object, account: Account | string = installer) {
  const token = typeof account === 'string' ? account : account.token;
  return (await server.post(def.path, body, { token })).body;
}

async function unlock(sn: string, account = installer) {
  await server.call(control.setDevicePassword, { equ_sn: sn, pwd: PASSWORD }, installer.token);
  expect((await server.call(control.unlock, { equ_sn: sn, pwd: PASSWORD }, account.token)).body.code).toBe(1);
}

/** Polls a command until the device has answered it (7005 until then). */
async function polled(commandId: string, part?: string, account: Account = installer) {
  return vi.waitFor(
    async () => {
      const answer = await call(
        ems5000.pollingReply,
        { command_id: commandId, ...(part ? { part } : {}) },
        account,
      );
      if (answer.msg === '7005') throw new Error('not answered yet');
      expect(answer.code, JSON.stringify(answer)).toBe(1);
      return ems5000.pollingReply.data.parse(answer.data);
    },
    { timeout: 5000 },
  );
}

const closing: TestDevice[] = [];
afterAll(async () => {
  for (const device of closing) await device.close();
});

describe('the system and a part', () => {
  it('sys/index: the system’s state and mode, each part reported with its state, key values, alarms now and rights', async () => {
    const ems = await emsStation();
    closing.push(ems.device);
    await alarmEvent(server, ems.sn, 'raise', 101, Date.now() - 60_000, 'pcs');
    const answer = await call(ems5000.sysIndex, { station_id: ems.stationId });
    expect(answer.code, JSON.stringify(answer)).toBe(1);
    const data = ems5000.sysIndex.data.parse(answer.data);
    expect(data).toMatchObject({
      station_id: ems.stationId,
      device_id: ems.deviceId,
      equ_sn: ems.sn,
      state: 1,
      mode: 'self_consumption',
      needs_password: true,
      unlocked_until: null,
    });
    // the parts the EMS reports, in the contract's order; no PV, STS or generator on this site
    expect(data.parts.map((part) => part.part)).toEqual(['pcs', 'bms', 'meter']);
    const [pcs, bms, meter] = data.parts;
    expect(pcs).toMatchObject({
      state: 4,
      values: { ac_power_w: -20_000, ac_voltage_v: 400, temperature_c: 35 },
      writable: true,
    });
    // key values only: the frequency is the part's detail
    expect(pcs!.values).not.toHaveProperty('ac_frequency_hz');
    expect(pcs!.alarms).toEqual([
      { alarm_id: expect.any(Number), code: 101, severity: 'fault', started_at: expect.any(String) },
    ]);
    expect(bms).toMatchObject({ state: 2, values: { soc_pct: 60, current_a: -20 }, alarms: [] });
    expect(meter).toMatchObject({ state: 0, values: { grid_power_w: 12_000, demand_w: 11_000 } });
  });

  it('ex: the part’s full values unprefixed (clusters included), its alarms, and its local day in five-minute means', async () => {
    const ems = await emsStation();
    closing.push(ems.device);
    const answer = await call(ems5000.ex, { station_id: ems.stationId, part: 'bms' });
    expect(answer.code, JSON.stringify(answer)).toBe(1);
    const data = ems5000.ex.data.parse(answer.data);
    expect(data.state).toBe(2);
    expect(data.values).toMatchObject({
      soc_pct: 60,
      voltage_v: 760,
      'clusters.1.soc_pct': 61,
      'clusters.2.voltage_v': 759,
    });
    expect(data.values).not.toHaveProperty('state');
    const today = localDate(server.clock.now().getTime(), ZONE);
    const { startMs, endMs } = localPeriod('day', today, ZONE);
    expect(data.history).toMatchObject({ date: today, start: new Date(startMs).toISOString(), step_s: 300 });
    expect(data.history.series.map((line) => line.field)).toEqual(emsChartFields.bms);
    const soc = data.history.series[0]!.values;
    expect(soc.length).toBe((endMs - startMs) / 300_000);
    // the one reading's bucket holds its value; every other bucket is null
    expect(soc.filter((value) => value !== null)).toEqual([60]);

    // a 23-hour day (clocks go forward in Rome): 276 buckets, all empty
    const spring = ems5000.ex.data.parse(
      (await call(ems5000.ex, { station_id: ems.stationId, part: 'pcs', date: '2026-03-29' })).data,
    );
    expect(spring.history.series.map((line) => line.values.length)).toEqual([276, 276]);
    expect(spring.history.series.every((line) => line.values.every((value) => value === null))).toBe(true);
    expect((await call(ems5000.ex, { station_id: ems.stationId, part: 'pcs', date: '2026-02-30' })).msg).toBe(
      '200005',
    );
  });
});

describe('parameters', () => {
  it('sys/rw read: true issues a read (7005 for a second one), polling answers 7005 until the EMS answers, then the part’s values', async () => {
    const ems = await emsStation();
    closing.push(ems.device);
    const before = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs' })).data,
    );
    expect(before.parameters.map((parameter) => parameter.name)).toEqual(
      emsPartParameters('pcs').map((parameter) => parameter.name.slice('pcs.'.length)),
    );
    expect(before.parameters.every((parameter) => parameter.value === null)).toBe(true);
    expect(before).toMatchObject({ read_at: null, reading: null, writable: true, rated_power_w: 100_000 });
    expect(before.parameters.find((parameter) => parameter.name === 'max_charge_w')).toMatchObject({
      kind: 'number',
      access: 'rw',
      unit: 'W',
      min: 0,
      max: 1_000_000,
      decimals: 0,
      options: null,
    });
    expect(before.parameters.find((parameter) => parameter.name === 'reactive_mode')).toMatchObject({
      kind: 'choice',
      unit: null,
      options: ['off', 'fixed_pf', 'q_u'],
    });
    expect(before.parameters.find((parameter) => parameter.name === 'rated_power_w')?.access).toBe('r');

    const read = await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs', read: true });
    expect(read.code, JSON.stringify(read)).toBe(1);
    const reading = ems5000.sysRw.data.parse(read.data).reading;
    expect(reading).toEqual(expect.any(String));
    expect((await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs', read: true })).msg).toBe(
      '7005',
    );
    expect((await call(ems5000.pollingReply, { command_id: reading })).msg).toBe('7005');

    await ems.answer('read');
    const reply = await polled(reading!, 'pcs');
    expect(reply).toMatchObject({ command_id: reading, name: 'read', state: 'succeeded', error: null });
    expect(reply.values).toEqual({
      enabled: true,
      max_charge_w: 50_000,
      max_discharge_w: 50_000,
      ramp_pct_min: 10,
      reactive_mode: 'off',
      power_factor: 1,
      rated_power_w: 100_000,
    });
    // without a part: everything the EMS answered
    expect((await polled(reading!)).values).toMatchObject({
      'bms.balancing': true,
      report_interval_s: '300',
    });
    const after = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs' })).data,
    );
    expect(after.reading).toBeNull();
    expect(after.read_at).toEqual(expect.any(String));
    expect(after.parameters.find((parameter) => parameter.name === 'max_charge_w')?.value).toBe(50_000);

    // a part this site does not have: its parameters, none of them answered
    const generator = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'generator' })).data,
    );
    expect(generator.parameters.map((parameter) => parameter.name)).toEqual([
      'auto_start',
      'start_soc_pct',
      'stop_soc_pct',
      'max_power_pct',
      'warmup_s',
      'cooldown_s',
      'rated_power_w',
    ]);
    expect(generator.parameters.every((parameter) => parameter.value === null)).toBe(true);
  });

  it('set/save: 200905 before the unlock, 200005 naming the unprefixed field, then one command polled to its values', async () => {
    const ems = await emsStation();
    closing.push(ems.device);
    await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs', read: true });
    await ems.answer('read');
    const save = (changes: Record<string, unknown>, key: string = crypto.randomUUID()) =>
      call(ems5000.setSave, { station_id: ems.stationId, part: 'pcs', key, changes });

    await server.call(control.setDevicePassword, { equ_sn: ems.sn, pwd: PASSWORD }, installer.token);
    expect((await save({ max_discharge_w: 30_000 })).msg).toBe('200905');
    await unlock(ems.sn);
    const unlocked = ems5000.sysIndex.data.parse(
      (await call(ems5000.sysIndex, { station_id: ems.stationId })).data,
    );
    expect(unlocked.unlocked_until).toEqual(expect.any(String));

    const outOfRange = await save({ max_charge_w: 2_000_000 });
    expect(outOfRange.msg).toBe('200005');
    const paths = (outOfRange.data as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(paths).toContain('changes.max_charge_w');
    // above the EMS's rating (100 kW) is refused too, and so is a name the part does not have
    expect((await save({ max_discharge_w: 150_000 })).msg).toBe('200005');
    const unknown = await save({ start_soc_pct: 20 });
    expect((unknown.data as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual([
      'changes.start_soc_pct',
    ]);

    const key = crypto.randomUUID();
    const saved = await save({ max_discharge_w: 30_000 }, key);
    expect(saved.code, JSON.stringify(saved)).toBe(1);
    const { command_id: commandId } = ems5000.setSave.data.parse(saved.data);
    // the same key again is the same command
    expect(ems5000.setSave.data.parse((await save({ max_discharge_w: 30_000 }, key)).data).command_id).toBe(
      commandId,
    );
    const pending = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs' })).data,
    );
    expect(pending.pending.map((command) => command.command_id)).toEqual([commandId]);
    expect(pending.pending[0]!.params).toEqual(expect.objectContaining({ 'pcs.max_discharge_w': 30_000 }));
    // another part's view does not list it
    const bms = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'bms' })).data,
    );
    expect(bms.pending).toEqual([]);
    expect((await call(ems5000.pollingReply, { command_id: commandId, part: 'pcs' })).msg).toBe('7005');

    const command = await ems.answer('settings');
    expect(command.params).toMatchObject({ 'pcs.max_discharge_w': 30_000 });
    const reply = await polled(commandId, 'pcs');
    expect(reply).toMatchObject({ name: 'settings', state: 'succeeded' });
    expect(reply.values).toMatchObject({ max_discharge_w: 30_000, max_charge_w: 50_000 });
    const shown = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs' })).data,
    );
    expect(shown.parameters.find((parameter) => parameter.name === 'max_discharge_w')?.value).toBe(30_000);
    expect(shown.pending).toEqual([]);

    // a refused change: failed, and the values it did not bring are not its
    const refused = ems5000.setSave.data.parse((await save({ ramp_pct_min: 20 })).data);
    await ems.answer('settings', 'failed');
    expect(await polled(refused.command_id, 'pcs')).toMatchObject({ state: 'failed', values: null });
  });
});

describe('who may', () => {
  it('another installer, and anyone on a station without an EMS: 9001 on every call', async () => {
    const ems = await emsStation();
    closing.push(ems.device);
    const read = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs', read: true })).data,
    );
    const stranger = await registerAccount(server, RoleId.installer, 'emsnosy');
    const plain = await addStation(server, installer.token, {
      station_type: StationType.commercialEss,
      installer_id: installer.userId,
    });
    await registerDevice(server, installer.token, plain.station_id, { device_type: 6 });
    const bodies = (stationId: number): Record<string, object> => ({
      [ems5000.sysIndex.path]: { station_id: stationId },
      [ems5000.ex.path]: { station_id: stationId, part: 'pcs' },
      [ems5000.sysRw.path]: { station_id: stationId, part: 'pcs' },
      [ems5000.setSave.path]: {
        station_id: stationId,
        part: 'pcs',
        key: crypto.randomUUID(),
        changes: { max_charge_w: 1000 },
      },
      [ems5000.pollingReply.path]: { command_id: read.reading },
      [ems5000.modeShow.path]: { station_id: stationId },
      [ems5000.modeDetail.path]: { station_id: stationId, kind: 'tou' },
    });
    const calls = allCalls.filter((def) => def.domain === 'ems5000');
    expect(calls.length).toBe(7);
    for (const def of calls) {
      expect((await call(def, bodies(ems.stationId)[def.path]!, stranger)).msg, def.path).toBe('9001');
      if (def !== ems5000.pollingReply)
        expect((await call(def, bodies(plain.station_id)[def.path]!)).msg, `${def.path} without an EMS`).toBe(
          '9001',
        );
    }
    // a station that does not exist is the same
    expect((await call(ems5000.sysIndex, { station_id: 999_999 })).msg).toBe('9001');
  });

  it('the station’s end user reads everything and writes nothing: set/save and read: true are 9001', async () => {
    const endUser = await createAccount(server, installer, RoleId.endUser, installer.userId, 'emsuser');
    const ems = await emsStation(installer, endUser.userId);
    closing.push(ems.device);
    const index = ems5000.sysIndex.data.parse(
      (await call(ems5000.sysIndex, { station_id: ems.stationId }, endUser)).data,
    );
    expect(index.needs_password).toBe(true);
    expect(index.parts.every((part) => part.writable === false)).toBe(true);
    const rw = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs' }, endUser)).data,
    );
    expect(rw.writable).toBe(false);
    expect((await call(ems5000.ex, { station_id: ems.stationId, part: 'meter' }, endUser)).code).toBe(1);
    const show = ems5000.modeShow.data.parse(
      (await call(ems5000.modeShow, { station_id: ems.stationId }, endUser)).data,
    );
    expect(show.writable).toBe(false);
    expect(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs', read: true }, endUser)).msg,
    ).toBe('9001');
    expect(
      (
        await call(
          ems5000.setSave,
          {
            station_id: ems.stationId,
            part: 'pcs',
            key: crypto.randomUUID(),
            changes: { max_charge_w: 1000 },
          },
          endUser,
        )
      ).msg,
    ).toBe('9001');
    // a command on the station's EMS is the end user's to poll
    const read = ems5000.sysRw.data.parse(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs', read: true })).data,
    );
    await ems.answer('read');
    expect((await polled(read.reading!, 'bms', endUser)).values).toMatchObject({ charge_stop_soc_pct: 95 });
  });

  it('the demo reads the console and is never asked for a password, but set/save and read: true are 9001', async () => {
    const ems = await emsStation();
    closing.push(ems.device);
    await server.database.db.execute(
      sql`update stations set installer_id = ${DEMO_USER_ID} where station_id = ${ems.stationId}`,
    );
    const demo = await server.login();
    const index = ems5000.sysIndex.data.parse(
      (await call(ems5000.sysIndex, { station_id: ems.stationId }, demo)).data,
    );
    expect(index.needs_password).toBe(false);
    expect(index.parts.every((part) => part.writable === false)).toBe(true);
    expect((await call(ems5000.ex, { station_id: ems.stationId, part: 'pcs' }, demo)).code).toBe(1);
    expect((await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs' }, demo)).code).toBe(1);
    expect((await call(ems5000.modeShow, { station_id: ems.stationId }, demo)).code).toBe(1);
    expect((await call(ems5000.modeDetail, { station_id: ems.stationId, kind: 'backup' }, demo)).code).toBe(
      1,
    );
    expect(
      (await call(ems5000.sysRw, { station_id: ems.stationId, part: 'pcs', read: true }, demo)).msg,
    ).toBe('9001');
    expect(
      (
        await call(
          ems5000.setSave,
          {
            station_id: ems.stationId,
            part: 'pcs',
            key: crypto.randomUUID(),
            changes: { max_charge_w: 1000 },
          },
          demo,
        )
      ).msg,
    ).toBe('9001');
    expect(
      (
        await call(
          strategy.update,
          { key: crypto.randomUUID(), equ_sns: [ems.sn], mode: { kind: 'backup' } },
          demo,
        )
      ).msg,
    ).toBe('9001');
  });
});

describe('modes', () => {
  it('mode/show and mode/detail, and api/mode/update on the EMS: 200905 locked, pending, then applied when the EMS answers', async () => {
    const ems = await emsStation();
    closing.push(ems.device);
    const show = ems5000.modeShow.data.parse(
      (await call(ems5000.modeShow, { station_id: ems.stationId })).data,
    );
    expect(show.modes).toEqual(
      emsModeKinds.map((kind) => ({ kind, mode: expect.any(String), name: expect.any(String) })),
    );
    expect(show.modes.find((mode) => mode.kind === 'generator_support')).toEqual({
      kind: 'generator_support',
      mode: 'generator_support',
      name: 'Generator support',
    });
    expect(show.modes.find((mode) => mode.kind === 'backup')?.mode).toBe('backup_reserve');
    expect(show).toMatchObject({
      active: null,
      pending: null,
      reported: 'self_consumption',
      writable: true,
      rated_power_w: 100_000,
    });

    const detail = ems5000.modeDetail.data.parse(
      (await call(ems5000.modeDetail, { station_id: ems.stationId, kind: 'peak_shaving' })).data,
    );
    expect(detail).toMatchObject({
      kind: 'peak_shaving',
      mode: 'peak_shaving',
      name: systemTemplateNames.peak_shaving.en,
      active: false,
    });
    expect(detail.fields.map((field) => field.name)).toEqual([
      'priority',
      'max_soc_pct',
      'min_soc_pct',
      'grid_charge',
      'max_grid_w',
      'max_consumption_w',
      'days',
      'charge_slots',
    ]);
    expect(detail.fields.find((field) => field.name === 'max_grid_w')).toMatchObject({
      required: true,
      unit: 'W',
    });
    expect(detail.fields.find((field) => field.name === 'min_soc_pct')).toMatchObject({
      required: false,
      unit: '%',
      min: 5,
      max: 100,
    });
    // the rated fields are bounded by the EMS's rating
    expect(detail.fields.find((field) => field.name === 'max_consumption_w')?.max).toBe(100_000);
    expect(detail.values.min_soc_pct).toBe(10);
    const manual = ems5000.modeDetail.data.parse(
      (await call(ems5000.modeDetail, { station_id: ems.stationId, kind: 'manual' })).data,
    );
    expect(manual.fields.find((field) => field.name === 'manual_power_w')).toMatchObject({
      required: true,
      min: -100_000,
      max: 100_000,
    });
    const tou = ems5000.modeDetail.data.parse(
      (await call(ems5000.modeDetail, { station_id: ems.stationId, kind: 'tou' })).data,
    );
    expect(tou.fields.find((field) => field.name === 'charge_slots')).toMatchObject({
      required: true,
      min: 1,
      max: 3,
    });
    expect(tou.values.charge_slots.length).toBeGreaterThan(0);
    // tou_power is no mode of the EMS
    expect((await call(ems5000.modeDetail, { station_id: ems.stationId, kind: 'tou_power' })).msg).toBe(
      '200005',
    );

    const mode = {
      kind: 'peak_shaving',
      max_grid_w: 40_000,
      min_soc_pct: 20,
      grid_charge: true,
      charge_slots: [{ start: '00:00', end: '06:00' }],
    };
    const update = () => call(strategy.update, { key: crypto.randomUUID(), equ_sns: [ems.sn], mode });
    await server.call(control.setDevicePassword, { equ_sn: ems.sn, pwd: PASSWORD }, installer.token);
    expect((await update()).msg).toBe('200905');
    await unlock(ems.sn);
    const applied = await update();
    expect(applied.code, JSON.stringify(applied)).toBe(1);
    const waiting = ems5000.modeShow.data.parse(
      (await call(ems5000.modeShow, { station_id: ems.stationId })).data,
    );
    expect(waiting.active).toBeNull();
    expect(waiting.pending).toMatchObject({ kind: 'peak_shaving', state: 'pending' });

    const command = await ems.answer('strategy');
    expect(command.params).toMatchObject({
      mode: 'peak_shaving',
      max_grid_w: 40_000,
      charge_1_start: '00:00',
    });
    const active = await vi.waitFor(
      async () => {
        const answer = ems5000.modeShow.data.parse(
          (await call(ems5000.modeShow, { station_id: ems.stationId })).data,
        );
        if (answer.pending) throw new Error('still pending');
        return answer;
      },
      { timeout: 5000 },
    );
    expect(active.active).toMatchObject({ kind: 'peak_shaving', state: 'applied' });
    const running = ems5000.modeDetail.data.parse(
      (await call(ems5000.modeDetail, { station_id: ems.stationId, kind: 'peak_shaving' })).data,
    );
    expect(running.active).toBe(true);
    expect(running.values).toMatchObject({
      max_grid_w: 40_000,
      min_soc_pct: 20,
      grid_charge: true,
      charge_slots: [{ start: '00:00', end: '06:00' }],
    });
  });
});

/** The console's live stream as a client reads it. */
const openLive = (stationId: number, token: string) =>
  openEventStream(server, ems5000.live, { station_id: stationId }, token);

describe('the live stream (api/ems5000/live)', () => {
  it('tells the console of new readings and of its commands moving, as they happen', async () => {
    const ems = await emsStation();
    await unlock(ems.sn);
    const live = await openLive(ems.stationId, installer.token);
    expect(live.response.status).toBe(200);
    await vi.waitFor(() => expect(live.events[0]).toEqual({ type: 'ready', equ_sn: ems.sn }));

    await ems.device.telemetry(Date.now() + 1000, 2, emsReading(-10_000), 300);
    await vi.waitFor(() => expect(live.events.some((event) => event.type === 'reading')).toBe(true), {
      timeout: 10_000,
    });

    const saved = await call(ems5000.setSave, {
      station_id: ems.stationId,
      part: 'pcs',
      key: crypto.randomUUID(),
      changes: { max_discharge_w: 30_000 },
    });
    expect(saved.code, JSON.stringify(saved)).toBe(1);
    const commandId = (saved.data as { command_id: string }).command_id;
    await ems.answer('settings');
    await vi.waitFor(
      () =>
        expect(live.events).toContainEqual({
          type: 'command',
          command_id: commandId,
          name: 'settings',
          state: 'succeeded',
        }),
      { timeout: 10_000 },
    );
    await live.close();
  });

  it('is refused like a read before it begins, and ends when the sign-in does', async () => {
    const ems = await emsStation();
    const anonymous = await fetch(`${server.url}/${ems5000.live.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ station_id: ems.stationId }),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 400, msg: '1000' });

    const stranger = await registerAccount(server, RoleId.installer, 'emslive');
    const foreign = await openLive(ems.stationId, stranger.token);
    expect(foreign.response.status).toBe(403);
    expect(await foreign.response.json()).toMatchObject({ msg: '9001' });

    const malformed = await fetch(`${server.url}/${ems5000.live.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: installer.token },
      body: JSON.stringify({ station_id: 'x' }),
    });
    expect(malformed.status).toBe(400);

    // a session of its own, signed out while the stream runs
    const session = await server.login(installer.userName, installer.password);
    const live = await openLive(ems.stationId, session);
    await vi.waitFor(() => expect(live.events[0]?.type).toBe('ready'));
    await server.call(auth.logout, {}, session);
    await vi.waitFor(() => expect(live.ended()).toBe(true), { timeout: 15_000 });

    // left open on purpose: closing the server ends it (else afterAll would wait for it)
    const lingering = await openLive(ems.stationId, installer.token);
    await vi.waitFor(() => expect(lingering.events[0]?.type).toBe('ready'));
  });
});
