import { user } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount, uniqueName } from './support/accounts.ts';
import { addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The tenancy matrix: two level-1 installers, each with a level-2 and a level-3 sub-installer and
 * end users. Every account tries every call of the accounts domain against every account's id;
 * only ids of its own tree work, everything else answers 9001 and changes nothing.
 */
let server: TestServer;
const accounts = new Map<string, Account>();
/** Who is below whom: account label → labels of its tree (itself included). */
const trees = new Map<string, Set<string>>();

beforeAll(async () => {
  server = await startTestServer();
  for (const side of ['A', 'B']) {
    const l1 = await registerAccount(server, 1, `${side}1`);
    const l2 = await createAccount(server, l1, 1, undefined, `${side}2`);
    const l3 = await createAccount(server, l1, 1, l2.userId, `${side}3`);
    const e1 = await createAccount(server, l1, 2, undefined, `${side}e1`);
    const e3 = await createAccount(server, l3, 2, undefined, `${side}e3`);
    accounts
      .set(`${side}1`, l1)
      .set(`${side}2`, l2)
      .set(`${side}3`, l3)
      .set(`${side}e1`, e1)
      .set(`${side}e3`, e3);
    trees.set(`${side}1`, new Set([`${side}1`, `${side}2`, `${side}3`, `${side}e1`, `${side}e3`]));
    trees.set(`${side}2`, new Set([`${side}2`, `${side}3`, `${side}e3`]));
    trees.set(`${side}3`, new Set([`${side}3`, `${side}e3`]));
    trees.set(`${side}e1`, new Set([`${side}e1`]));
    trees.set(`${side}e3`, new Set([`${side}e3`]));
    // every end user holds a station, so that no deletion in the matrix can succeed
    for (const endUser of [e1, e3]) {
      await addStation(server, l1.token, {
        station_name: `Plant of ${endUser.userName}`,
        end_user_id: endUser.userId,
      });
    }
  }
});
afterAll(() => server.close());

/** Known before the accounts exist, so that the cases can be declared. */
const labels = () =>
  ['A', 'B'].flatMap((side) => ['1', '2', '3', 'e1', 'e3'].map((part) => `${side}${part}`));
const pairs = () => labels().flatMap((actor) => labels().map((target) => [actor, target] as const));
const reaches = (actor: string, target: string) => trees.get(actor)!.has(target);
const isInstaller = (label: string) => !label.includes('e');

describe('tenancy matrix', () => {
  it.each(pairs())('%s → %s: api/user/info and bg/user/edit', async (actor, target) => {
    const me = accounts.get(actor)!;
    const them = accounts.get(target)!;
    const info = await server.call(user.info, { user_id: them.userId }, me.token);
    const edit = await server.call(
      user.edit,
      { user_id: them.userId, user_name: them.userName, email: them.email },
      me.token,
    );
    if (reaches(actor, target)) {
      expect(info.body).toMatchObject({ code: 1, data: { user_id: them.userId } });
      expect(edit.body.code).toBe(1);
    } else {
      expect(info.body).toMatchObject({ code: 400, msg: '9001' });
      expect(info.body.data).toBeUndefined();
      expect(edit.body.msg).toBe('9001');
    }
  });

  it.each(pairs())('%s → %s: api/deleteUserInstaller', async (actor, target) => {
    const answer = await server.call(
      user.deleteUserInstaller,
      { user_id: accounts.get(target)!.userId },
      accounts.get(actor)!.token,
    );
    const below = reaches(actor, target) && actor !== target && isInstaller(actor);
    if (below) expect(['4004', '4005', '3003']).toContain(answer.body.msg);
    else expect(answer.body.msg).toBe('9001');
  });

  it.each(pairs())('%s → %s: creating, binding and listing under the id', async (actor, target) => {
    const me = accounts.get(actor)!;
    const them = accounts.get(target)!;
    const name = uniqueName('m');
    const create = await server.call(
      user.registerUser,
      {
        user_name: name,
        email: `${name}@example.com`,
        pwd: 'abcdef',
        pwd_again: 'abcdef',
        role_id: 2,
        installer_id: them.userId,
      },
      me.token,
    );
    const loner = await registerAccount(server, 2, 'loner');
    const bind = await server.call(
      user.addInstallerUser,
      { user_name: loner.userName, installer_id: them.userId },
      me.token,
    );
    const list = await server.call(user.getInstallerLower, { installer_id: them.userId }, me.token);
    if (!isInstaller(actor) || !reaches(actor, target)) {
      expect(create.body.msg).toBe('9001');
      expect(bind.body.msg).toBe('9001');
      expect(list.body.msg).toBe('9001');
    } else if (!isInstaller(target)) {
      expect(create.body.msg).toBe('200801');
      expect(bind.body.msg).toBe('200801');
    } else {
      expect(create.body.code).toBe(1);
      expect(bind.body.code).toBe(1);
      expect(list.body.code).toBe(1);
    }
  });

  it('each installer lists exactly its own tree, never the other side', async () => {
    for (const [label, account] of accounts) {
      if (!isInstaller(label)) continue;
      const answer = await server.call(user.getInstallerLower, { page_size: 200 }, account.token);
      const listed = (answer.body.data as { list: { user_id: number }[] }).list.map((a) => a.user_id);
      const other = label.startsWith('A') ? 'B' : 'A';
      for (const [otherLabel, otherAccount] of accounts) {
        if (otherLabel.startsWith(other)) expect(listed).not.toContain(otherAccount.userId);
      }
      for (const inTree of trees.get(label)!) {
        if (inTree !== label) expect(listed).toContain(accounts.get(inTree)!.userId);
      }
      expect(listed).not.toContain(account.userId);
    }
  });

  it('every account still exists and kept its name: nothing outside a tree was changed', async () => {
    for (const account of accounts.values()) {
      const answer = await server.call(user.info, { user_id: account.userId }, account.token);
      expect(answer.body.data).toMatchObject({ user_name: account.userName, email: account.email });
    }
  });
});
