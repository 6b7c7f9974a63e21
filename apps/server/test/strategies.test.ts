import { allCalls, control, RoleId, strategy, type TemplateItem } from '@helio/contracts';
import { commandTopic } from '@helio/contracts/device-link';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { connectDevice, localBrokerUrl } from './support/devices.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Strategy templates and applying them over HTTP: the system templates, custom ones per owner
 * (200908, read-only system ones, 200701 while in use), another tree's ids as unknown ones (9001),
 * the demo refused on writes, and applying to devices (15 at most, 200906, the unlock 200905, the
 * rating) where a refused request writes nothing and the same key answers the same application;
 * a device's answer (or its command's expiry) settles the strategy.
 */

let server: TestServer;
let installer: Account;
let stranger: Account;
const PASSWORD = 'device-pass-1';

beforeAll(async () => {
  server = await startTestServer({ env: { COMMAND_TTL_HOURS: '1' } });
  installer = await registerAccount(server, RoleId.installer, 'strat');
  stranger = await registerAccount(server, RoleId.installer, 'strange');
});
afterAll(() => server.close());

const tou = {
  grid_charge: true,
  charge_slots: [{ start: '01:00', end: '05:00', soc_pct: 90 }],
  discharge_slots: [{ start: '17:00', end: '21:00' }],
};

async function call(
  def: Parameters<TestServer['call']>[0],
  body: unknown,
  account: Account | string = installer,
) {
  const answer = await server.call(def, body, typeof account === 'string' ? account : account.token);
  return answer.body as { code: number; msg: string; data: unknown };
}

async function newDevices(
  count: number,
  owner = installer,
  overrides: Record<string, unknown> = {},
  endUserId?: number,
) {
  const station = await addStation(server, owner.token, {
    installer_id: owner.userId,
    ...(endUserId ? { end_user_id: endUserId } : {}),
  });
  const items = [];
  for (let i = 0; i < count; i += 1)
    items.push(
      await registerDevice(server, owner.token, station.station_id, { rated_power_w: 6000, ...overrides }),
    );
  return items;
}

async function unlocked(sns: string[], account = installer, owner = installer) {
  for (const sn of sns) {
    await call(control.setDevicePassword, { equ_sn: sn, pwd: PASSWORD }, owner);
    expect((await call(control.unlock, { equ_sn: sn, pwd: PASSWORD }, account)).code).toBe(1);
  }
}

async function count(table: 'device_strategies' | 'device_commands' | 'strategy_templates') {
  const result = (await server.database.db.execute(
    `select count(*)::int as n from ${table}` as never,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

async function addTou(name: string, account = installer, fields: object = tou) {
  const answer = await call(strategy.tcd.add, { name, ...fields }, account);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return (answer.data as { template_id: number }).template_id;
}

describe('templates', () => {
  it('lists one system template per kind, read-only, named (English without a Lang header)', async () => {
    const answer = await call(strategy.list, { source: 'system', page_size: 20 });
    const list = (answer.data as { list: TemplateItem[] }).list;
    expect(list.map((item) => item.kind)).toEqual([
      'manual',
      'tou',
      'tou_power',
      'self_consumption',
      'peak_shaving',
      'backup',
      'cut_off',
      'generator_support',
    ]);
    expect(list.find((item) => item.kind === 'peak_shaving')).toMatchObject({
      name: 'Peak shaving and valley filling',
      max_grid_w: 5000,
    });
    const id = list[1]!.template_id;
    expect((await call(strategy.tcd.edit, { template_id: id, name: 'Mine', ...tou })).msg).toBe('9001');
    expect((await call(strategy.tcd.del, { template_id: id })).msg).toBe('9001');
    expect((await call(strategy.enable, { template_id: id, enabled: false })).msg).toBe('9001');
  });

  it('adds, lists, edits, disables and deletes a custom template of each SPEC path', async () => {
    const touId = await addTou('Night charge');
    const power = await call(strategy.tcdp.add, {
      name: 'Fixed',
      charge_slots: [{ start: '02:00', end: '04:00', power_w: 2500 }],
    });
    expect(power.code).toBe(1);
    const peak = await call(strategy.ps.add, { name: 'Peaks', max_grid_w: 4000 });
    expect(peak.code).toBe(1);

    const tcdList = (await call(strategy.tcd.list, {})).data as { total: number; list: TemplateItem[] };
    expect(tcdList.list.map((item) => item.name)).toEqual(['Time of use (TOU)', 'Night charge']);
    expect(tcdList.list[1]).toMatchObject({
      system: false,
      enabled: true,
      devices: 0,
      grid_charge: true,
      days: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(
      ((await call(strategy.ps.list, { name: 'PEA' })).data as { list: TemplateItem[] }).list.map(
        (item) => item.name,
      ),
    ).toEqual(['Peaks']);

    expect(
      (await call(strategy.tcd.edit, { template_id: touId, name: 'Night charge 2', ...tou, min_soc_pct: 20 }))
        .code,
    ).toBe(1);
    expect(((await call(strategy.detail, { template_id: touId })).data as TemplateItem).min_soc_pct).toBe(20);
    // a template of another path is not this path's
    expect((await call(strategy.ps.edit, { template_id: touId, name: 'x', max_grid_w: 1 })).msg).toBe('9001');
    expect((await call(strategy.enable, { template_id: touId, enabled: false })).code).toBe(1);
    expect(
      (
        (await call(strategy.list, { kind: 'tou', enabled: false })).data as { list: TemplateItem[] }
      ).list.map((item) => item.template_id),
    ).toEqual([touId]);
    expect((await call(strategy.tcd.del, { template_id: touId })).code).toBe(1);
    expect((await call(strategy.detail, { template_id: touId })).msg).toBe('9001');
  });

  it('refuses a bad template naming the form’s field, and a name the owner has (200908, any case)', async () => {
    const reversed = await call(strategy.tcd.add, {
      name: 'Reversed',
      ...tou,
      discharge_slots: [{ start: '21:00', end: '17:00' }],
    });
    expect(reversed.msg).toBe('200005');
    expect(reversed.data).toEqual({
      issues: [{ path: 'discharge_slots.0.end', message: 'validation.timeRangeOrder' }],
    });
    const noLimit = await call(strategy.ps.add, { name: 'No limit' });
    expect(noLimit.data).toEqual({
      issues: [{ path: 'max_grid_w', message: 'validation.strategyFieldRequired' }],
    });
    const soc = await call(strategy.tcd.add, { name: 'Soc', ...tou, max_soc_pct: 101 });
    expect(soc.msg).toBe('200005');
    const before = await count('strategy_templates');
    await addTou('Evening');
    expect((await call(strategy.tcd.add, { name: 'EVENING', ...tou })).msg).toBe('200908');
    expect((await call(strategy.ps.add, { name: 'evening', max_grid_w: 3000 })).msg).toBe('200908');
    const other = await addTou('Other');
    expect((await call(strategy.tcd.edit, { template_id: other, name: 'Evening', ...tou })).msg).toBe(
      '200908',
    );
    // another tree may use the name
    await addTou('Evening', stranger);
    expect(await count('strategy_templates')).toBe(before + 3);
  });

  it('a tree shares its templates; another tree’s and an end user’s are 9001 like unknown ids', async () => {
    const id = await addTou('Tree plan');
    const sub = await createAccount(server, installer, RoleId.installer, installer.userId, 'substrat');
    const subList = (await call(strategy.tcd.list, { page_size: 50 }, sub)).data as { list: TemplateItem[] };
    expect(subList.list.map((item) => item.template_id)).toContain(id);
    const endUser = await createAccount(server, installer, RoleId.endUser, installer.userId, 'endstrat');
    const own = await addTou('Tree plan', endUser);
    expect(
      ((await call(strategy.tcd.list, {}, endUser)).data as { list: TemplateItem[] }).list.map(
        (item) => item.template_id,
      ),
    ).toEqual([expect.any(Number), own]);
    for (const [account, foreign] of [
      [stranger, id],
      [endUser, id],
      [installer, own],
    ] as const) {
      expect((await call(strategy.detail, { template_id: foreign }, account)).msg).toBe('9001');
      expect(
        (await call(strategy.tcd.edit, { template_id: foreign, name: 'Mine', ...tou }, account)).msg,
      ).toBe('9001');
      expect((await call(strategy.tcd.del, { template_id: foreign }, account)).msg).toBe('9001');
      expect((await call(strategy.enable, { template_id: foreign, enabled: false }, account)).msg).toBe(
        '9001',
      );
      const list = (await call(strategy.list, { page_size: 200 }, account)).data as { list: TemplateItem[] };
      expect(list.list.map((item) => item.template_id)).not.toContain(foreign);
    }
    const [device] = await newDevices(1, stranger);
    await unlocked([device!.sn], stranger, stranger);
    const apply = await call(
      strategy.update,
      { key: crypto.randomUUID(), equ_sns: [device!.sn], template_id: id },
      stranger,
    );
    expect(apply.msg).toBe('9001');
    expect((await call(strategy.tcd.del, { template_id: 2_000_000_000 })).msg).toBe('9001');
  });

  it('the demo reads templates and writes none of them (9001)', async () => {
    const demo = await server.login();
    expect((await call(strategy.list, {}, demo)).code).toBe(1);
    const id = await addTou('Demo target');
    const writes = allCalls.filter((def) => def.domain === 'strategy' && def.kind === 'write');
    expect(writes.length).toBe(11);
    for (const def of writes) {
      const body = {
        template_id: id,
        name: 'D',
        ...tou,
        enabled: false,
        key: crypto.randomUUID(),
        equ_sns: ['X'],
        max_grid_w: 1,
      };
      expect((await call(def, body, demo)).msg, def.path).toBe('9001');
    }
  });
});

describe('applying', () => {
  it('applies a template to devices of one model: one command and one pending strategy each, the same key the same ones', async () => {
    const id = await addTou('Apply me');
    const devices = await newDevices(2);
    const sns = devices.map((item) => item.sn);
    await unlocked(sns);
    const key = crypto.randomUUID();
    const first = await call(strategy.update, { key, equ_sns: sns, template_id: id });
    expect(first.code, JSON.stringify(first)).toBe(1);
    const answer = first.data as {
      batch_id: string;
      list: { equ_sn: string; command_id: string; state: string }[];
    };
    expect(answer.list.map((row) => [row.equ_sn, row.state])).toEqual(sns.map((sn) => [sn, 'pending']));
    const commands = await count('device_commands');
    const strategies = await count('device_strategies');
    const again = await call(strategy.update, { key, equ_sns: sns, template_id: id });
    expect(again.data).toEqual(answer);
    expect(await count('device_commands')).toBe(commands);
    expect(await count('device_strategies')).toBe(strategies);

    const sent = (await call(control.command, { command_id: answer.list[0]!.command_id })).data as {
      name: string;
      params: Record<string, unknown>;
    };
    expect(sent).toMatchObject({
      name: 'strategy',
      params: {
        mode: 'time_of_use',
        grid_charge: true,
        charge_1_start: '01:00',
        discharge_1_end: '21:00',
        days: '1234567',
      },
    });
    const tab = (await call(strategy.device, { equ_sn: sns[0] })).data as {
      active: unknown;
      pending: { name: string; slots: unknown[]; applied_by: string }[];
      history: { total: number };
    };
    expect(tab.active).toBeNull();
    expect(tab.pending[0]).toMatchObject({ name: 'Apply me', applied_by: installer.userName });
    expect(tab.pending[0]!.slots).toEqual([
      { kind: 'charge', start: '01:00', end: '05:00', power_w: null, soc_pct: 90 },
      { kind: 'discharge', start: '17:00', end: '21:00', power_w: null, soc_pct: null },
    ]);
    expect(tab.history.total).toBe(1);
    expect(
      ((await call(strategy.batch, { batch_id: answer.batch_id })).data as { list: unknown[] }).list,
    ).toHaveLength(2);
    expect((await call(strategy.batch, { batch_id: answer.batch_id }, stranger)).msg).toBe('9001');
    expect((await call(strategy.device, { equ_sn: sns[0] }, stranger)).msg).toBe('9001');
    // in use by a pending application: not deleted
    expect((await call(strategy.tcd.del, { template_id: id })).msg).toBe('200701');
    const detail = (await call(strategy.detail, { template_id: id })).data as TemplateItem;
    expect(detail.devices).toBe(2);
    const log = (await server.database.db.execute(
      `select count(*)::int as n from operation_log where action = 'device_command' and detail->>'command' = 'strategy' and target in ('${sns[0]}', '${sns[1]}')` as never,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(log.rows[0]?.n)).toBe(2);
  });

  it('refuses before writing anything: 16 devices, another model (200906), a locked device (200905), the rating, another tree’s device', async () => {
    const id = await addTou('Refusals');
    const [a, b] = await newDevices(2);
    const [otherModel] = await newDevices(1, installer, { model: 'H-8000' });
    const [foreign] = await newDevices(1, stranger);
    await unlocked([a!.sn, otherModel!.sn]);
    const commands = await count('device_commands');
    const strategies = await count('device_strategies');
    const apply = (sns: string[], extra: object = { template_id: id }) =>
      call(strategy.update, { key: crypto.randomUUID(), equ_sns: sns, ...extra });

    const sixteen = await apply(Array.from({ length: 16 }, (_, i) => `INVX${i}`));
    expect(sixteen).toMatchObject({
      msg: '200005',
      data: { issues: [{ path: 'equ_sns', message: 'validation.selectionLimit' }] },
    });
    expect((await apply([a!.sn, otherModel!.sn])).msg).toBe('200906');
    const locked = await apply([a!.sn, b!.sn]);
    expect(locked).toMatchObject({
      msg: '200905',
      data: { issues: [{ path: 'equ_sns.1', message: 'validation.devicePasswordRequired' }] },
    });
    expect((await apply([a!.sn, foreign!.sn])).msg).toBe('9001');
    expect((await apply([a!.sn, 'INV-NOT-THERE'])).msg).toBe('9001');
    const strong = await call(strategy.tcdp.add, {
      name: 'Strong',
      charge_slots: [{ start: '01:00', end: '02:00', power_w: 8000 }],
    });
    const rating = await apply([a!.sn], {
      template_id: (strong.data as { template_id: number }).template_id,
    });
    expect(rating).toMatchObject({
      msg: '200005',
      data: { issues: [{ path: 'charge_slots.0.power_w', message: 'validation.aboveRating' }] },
    });
    await call(strategy.enable, { template_id: id, enabled: false });
    expect((await apply([a!.sn])).msg).toBe('200005');
    const mode = await apply([a!.sn], { mode: { kind: 'manual' } });
    expect(mode).toMatchObject({ msg: '200005', data: { issues: [{ path: 'mode.manual_power_w' }] } });
    expect(await count('device_commands')).toBe(commands);
    expect(await count('device_strategies')).toBe(strategies);
  });

  it('applies a mode’s parameters; an end user applies to their own plant only', async () => {
    const endUser = await createAccount(server, installer, RoleId.endUser, installer.userId, 'modeuser');
    const [own] = await newDevices(1, installer, {}, endUser.userId);
    const [notOwn] = await newDevices(1);
    await unlocked([own!.sn], endUser);
    const backup = await call(
      strategy.update,
      { key: crypto.randomUUID(), equ_sns: [own!.sn], mode: { kind: 'backup', min_soc_pct: 40 } },
      endUser,
    );
    expect(backup.code, JSON.stringify(backup)).toBe(1);
    const tab = (await call(strategy.device, { equ_sn: own!.sn }, endUser)).data as {
      pending: { kind: string; name: string; params: object }[];
    };
    expect(tab.pending[0]).toMatchObject({
      kind: 'backup',
      name: 'Backup reserve',
      params: { mode: 'backup_reserve', min_soc_pct: 40, grid_charge: false },
    });
    expect(
      (
        await call(
          strategy.update,
          { key: crypto.randomUUID(), equ_sns: [notOwn!.sn], mode: { kind: 'cut_off' } },
          endUser,
        )
      ).msg,
    ).toBe('9001');
  });

  it('a device’s answer settles its strategy: applied becomes active, failed and expired are failures, and the active one keeps its template in use', async () => {
    const id = await addTou('Answered');
    const devices = await newDevices(2);
    const sns = devices.map((item) => item.sn);
    await unlocked(sns);
    const broker = localBrokerUrl(server.deviceLink.embeddedPort!);
    const answers = ['succeeded', 'failed'];
    const clients = [];
    for (const [index, item] of devices.entries()) {
      const device = await connectDevice(broker, item.sn, item.credentials.password);
      device.client.on('message', (_topic, payload) => {
        const command = JSON.parse(payload.toString()) as { id: string };
        void device.publish('reply', { id: command.id, ts: Date.now(), state: answers[index] });
      });
      await device.client.subscribeAsync(commandTopic(item.sn), { qos: 1 });
      await device.publish('status', { state: 'online', ts: Date.now(), interval_s: 60 });
      clients.push(device);
    }
    await vi.waitFor(async () => {
      for (const sn of sns) {
        const view = (await call(control.settings, { equ_sn: sn })).data as { status: string };
        if (view.status === 'offline') throw new Error('not online yet');
      }
    });
    const applied = await call(strategy.update, { key: crypto.randomUUID(), equ_sns: sns, template_id: id });
    const batchId = (applied.data as { batch_id: string }).batch_id;
    await vi.waitFor(
      async () => {
        const list = (
          (await call(strategy.batch, { batch_id: batchId })).data as {
            list: { equ_sn: string; state: string }[];
          }
        ).list;
        expect(sns.map((sn) => list.find((row) => row.equ_sn === sn)?.state)).toEqual(['applied', 'failed']);
      },
      { timeout: 5000 },
    );
    const tab = (await call(strategy.device, { equ_sn: sns[0] })).data as {
      active: { name: string; applied_at: string | null };
    };
    expect(tab.active).toMatchObject({ name: 'Answered', applied_at: expect.any(String) });
    expect((await call(strategy.tcd.del, { template_id: id })).msg).toBe('200701');
    for (const device of clients) await device.close();

    // replaced on its device by a mode that expires unanswered: the template is in use no more
    await vi.waitFor(async () => {
      const view = (await call(control.settings, { equ_sn: sns[0] })).data as { status: string };
      if (view.status !== 'offline') {
        server.clock.advance(10 * 60_000);
        await server.jobs.runAllNow();
        throw new Error('still online');
      }
    });
    const cut = await call(strategy.update, {
      key: crypto.randomUUID(),
      equ_sns: [sns[0]],
      mode: { kind: 'cut_off', min_soc_pct: 15 },
    });
    expect(cut.code).toBe(1);
    server.clock.advance(2 * 3_600_000);
    await server.jobs.runAllNow();
    const after = (await call(strategy.batch, { batch_id: (cut.data as { batch_id: string }).batch_id }))
      .data as { list: { state: string }[] };
    expect(after.list[0]!.state).toBe('failed');
    // the active strategy is still the template's: it stays in use
    expect((await call(strategy.tcd.del, { template_id: id })).msg).toBe('200701');
  });
});
