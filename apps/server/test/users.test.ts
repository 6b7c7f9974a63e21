import { message, user } from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  invitationsOf,
  registerAccount,
  uniqueName,
} from './support/accounts.ts';
import { addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let installer: Account;
beforeAll(async () => {
  server = await startTestServer();
  installer = await registerAccount(server, 1, 'lvl1');
});
afterAll(() => server.close());

function form(prefix: string, extra: Record<string, unknown> = {}) {
  const userName = uniqueName(prefix);
  return {
    user_name: userName,
    email: `${userName}@example.com`,
    pwd: 'abcdef',
    pwd_again: 'abcdef',
    ...extra,
  };
}

async function levelOf(userId: number) {
  const [row] = await queryRows<{
    role_id: number;
    installer_level: number | null;
    parent_id: number | null;
  }>(
    server.database.db,
    sql`select role_id, installer_level, parent_id from users where user_id = ${userId}`,
  );
  return row;
}

describe('api/user/register (mode 1)', () => {
  it('makes an end user by default, with its registration time', async () => {
    const body = form('enduser');
    const answer = await server.call(user.register, body);
    expect(answer.body).toMatchObject({ code: 1, data: { user_name: body.user_name, role_id: 2 } });
    const row = await levelOf((answer.body.data as { user_id: number }).user_id);
    expect(row).toMatchObject({ role_id: 2, installer_level: null, parent_id: null });
  });

  it('makes a level-1 installer with role_id 1', async () => {
    const answer = await server.call(user.register, form('installer', { role_id: 1 }));
    expect(await levelOf((answer.body.data as { user_id: number }).user_id)).toMatchObject({
      role_id: 1,
      installer_level: 1,
    });
  });

  it('refuses a taken user name (1003) or email (1004), in any case', async () => {
    const body = form('taken');
    await server.call(user.register, body);
    const sameName = await server.call(user.register, {
      ...form('other'),
      user_name: body.user_name.toUpperCase(),
    });
    expect(sameName.body.msg).toBe('1003');
    const sameEmail = await server.call(user.register, { ...form('other'), email: body.email.toUpperCase() });
    expect(sameEmail.body.msg).toBe('1004');
  });

  it('answers 1005 when the passwords differ, 5003 for another role, and field issues for bad fields', async () => {
    expect((await server.call(user.register, form('x', { pwd_again: 'abcdeg' }))).body.msg).toBe('1005');
    expect((await server.call(user.register, form('x', { role_id: 3 }))).body.msg).toBe('5003');
    const bad = await server.call(
      user.register,
      form('x', { user_name: 'a-b', email: 'nope', pwd: '123', pwd_again: '123' }),
    );
    expect(bad.body.msg).toBe('200005');
    expect((bad.body.data as { issues: { path: string; message: string }[] }).issues).toEqual(
      expect.arrayContaining([
        { path: 'user_name', message: 'validation.userNameCharacters' },
        { path: 'email', message: 'validation.emailFormat' },
        { path: 'pwd', message: 'validation.passwordTooShort' },
      ]),
    );
  });

  it('keeps nothing of a refused sign-up', async () => {
    const body = form('halfway', { pwd_again: 'different' });
    await server.call(user.register, body);
    const rows = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from users where user_name = ${body.user_name}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the installer tree (modes 2 and 3)', () => {
  it('level 1 adds a level-2 installer, and a level-3 one under it (mode 3)', async () => {
    const level2 = await createAccount(server, installer, 1);
    expect(await levelOf(level2.userId)).toMatchObject({ installer_level: 2, parent_id: installer.userId });
    const level3 = await createAccount(server, installer, 1, level2.userId);
    expect(await levelOf(level3.userId)).toMatchObject({ installer_level: 3, parent_id: level2.userId });
    // nothing goes below level 3
    const fourth = await server.call(
      user.registerUser,
      form('l4', { role_id: 1, installer_id: level3.userId }),
      installer.token,
    );
    expect(fourth.body.msg).toBe('5001');
  });

  it('level 2 cannot add sub-installers (4001), level 3 neither (5001)', async () => {
    const level2 = await createAccount(server, installer, 1);
    const level3 = await createAccount(server, installer, 1, level2.userId);
    expect((await server.call(user.registerUser, form('n', { role_id: 1 }), level2.token)).body.msg).toBe(
      '4001',
    );
    expect((await server.call(user.registerUser, form('n', { role_id: 1 }), level3.token)).body.msg).toBe(
      '5001',
    );
  });

  it('any installer adds end users, under itself or a sub-installer of its tree', async () => {
    const level2 = await createAccount(server, installer, 1);
    const level3 = await createAccount(server, installer, 1, level2.userId);
    const mine = await createAccount(server, level3, 2);
    expect(await levelOf(mine.userId)).toMatchObject({
      role_id: 2,
      installer_level: null,
      parent_id: level3.userId,
    });
    const underSub = await createAccount(server, installer, 2, level3.userId);
    expect(await levelOf(underSub.userId)).toMatchObject({ parent_id: level3.userId });
  });

  it('an end user adds nobody (9001), and nobody adds under a foreign installer (9001)', async () => {
    const endUser = await createAccount(server, installer, 2);
    expect((await server.call(user.registerUser, form('n'), endUser.token)).body.msg).toBe('9001');
    const stranger = await registerAccount(server, 1, 'stranger');
    const foreign = await server.call(
      user.registerUser,
      form('n', { installer_id: installer.userId }),
      stranger.token,
    );
    expect(foreign.body.msg).toBe('9001');
  });

  it('an end user cannot be the installer of a new account (200801)', async () => {
    const endUser = await createAccount(server, installer, 2);
    const answer = await server.call(
      user.registerUser,
      form('n', { installer_id: endUser.userId }),
      installer.token,
    );
    expect(answer.body.msg).toBe('200801');
  });
});

describe('api/user/installer/addInstallerUser: an invitation the end user accepts', () => {
  it('invites a self-registered end user; it joins once it accepts, and only once', async () => {
    const loner = await registerAccount(server, 2, 'loner');
    const answer = await server.call(user.addInstallerUser, { user_name: loner.email }, installer.token);
    expect(answer.body).toMatchObject({ code: 1, data: { valid_days: 14 } });
    // nothing changed yet: the account is not in the tree
    expect((await levelOf(loner.userId))?.parent_id).toBeNull();
    expect((await server.call(user.info, { user_id: loner.userId }, installer.token)).body.msg).toBe('9001');
    const [invitation] = await invitationsOf(server, loner);
    expect(invitation).toMatchObject({ invitation_state: 'pending', actor_name: installer.userName });
    const accepted = await server.call(
      user.invitationAnswer,
      { invitation_id: invitation!.invitation_id, accept: true },
      loner.token,
    );
    expect(accepted.body).toMatchObject({ code: 1, data: { state: 'accepted' } });
    expect((await levelOf(loner.userId))?.parent_id).toBe(installer.userId);
    const twice = await server.call(
      user.invitationAnswer,
      { invitation_id: invitation!.invitation_id, accept: true },
      loner.token,
    );
    expect(twice.body.msg).toBe('200001');
    // the installer is told, in its messages
    const told = await server.call(message.list, { kind: 'authorization' }, installer.token);
    expect((told.body.data as { list: { event: string; actor_name: string }[] }).list).toContainEqual(
      expect.objectContaining({ event: 'invitation_accepted', actor_name: loner.userName }),
    );
  });

  it('answers the same for unknown accounts, installers, bound users and oneself, and invites none of them', async () => {
    const other = await registerAccount(server, 1, 'otherl1');
    const bound = await createAccount(server, other, 2);
    for (const login of ['nobody_at_all', other.userName, bound.email, installer.userName]) {
      const answer = await server.call(user.addInstallerUser, { user_name: login }, installer.token);
      expect(answer.body, login).toMatchObject({ code: 1, data: { valid_days: 14 } });
    }
    // the invitations are written by a job after the answers: once it ran, none was
    await server.jobs.runDue();
    const [row] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from user_invitations where user_id in (${other.userId}, ${bound.userId}, ${installer.userId})`,
    );
    expect(row?.n).toBe(0);
  });

  it('another account cannot answer the invitation (9001); a declined one changes nothing', async () => {
    const loner = await registerAccount(server, 2, 'decliner');
    const stranger = await registerAccount(server, 2, 'stranger');
    await server.call(user.addInstallerUser, { user_name: loner.userName }, installer.token);
    const [invitation] = await invitationsOf(server, loner);
    const id = invitation!.invitation_id;
    expect(
      (await server.call(user.invitationAnswer, { invitation_id: id, accept: true }, stranger.token)).body
        .msg,
    ).toBe('9001');
    expect(
      (await server.call(user.invitationAnswer, { invitation_id: id, accept: false }, loner.token)).body,
    ).toMatchObject({ code: 1, data: { state: 'declined' } });
    expect((await levelOf(loner.userId))?.parent_id).toBeNull();
    expect((await invitationsOf(server, loner))[0]?.invitation_state).toBe('declined');
  });

  it('an expired invitation cannot be accepted (200001)', async () => {
    const loner = await registerAccount(server, 2, 'late');
    await server.call(user.addInstallerUser, { user_name: loner.userName }, installer.token);
    const [invitation] = await invitationsOf(server, loner);
    await server.database.db.execute(
      sql`update user_invitations set expires_at = now() - interval '1 second' where invitation_id = ${invitation!.invitation_id}`,
    );
    expect((await invitationsOf(server, loner))[0]?.invitation_state).toBe('expired');
    const answer = await server.call(
      user.invitationAnswer,
      { invitation_id: invitation!.invitation_id, accept: true },
      loner.token,
    );
    expect(answer.body.msg).toBe('200001');
    expect((await levelOf(loner.userId))?.parent_id).toBeNull();
  });

  it('accepting after joining another tree is 4003', async () => {
    const loner = await registerAccount(server, 2, 'twotrees');
    const second = await registerAccount(server, 1, 'second');
    await server.call(user.addInstallerUser, { user_name: loner.userName }, installer.token);
    await server.call(user.addInstallerUser, { user_name: loner.userName }, second.token);
    const invitations = await invitationsOf(server, loner, 2);
    const [first, later] = invitations.map((item) => item.invitation_id);
    expect(
      (await server.call(user.invitationAnswer, { invitation_id: first, accept: true }, loner.token)).body
        .code,
    ).toBe(1);
    expect(
      (await server.call(user.invitationAnswer, { invitation_id: later, accept: true }, loner.token)).body
        .msg,
    ).toBe('4003');
  });
});

describe('own account: info, edit, change password', () => {
  it('api/user/info takes a form-encoded user_id', async () => {
    const answer = await server.post('api/user/info', undefined, {
      raw: `user_id=${installer.userId}`,
      contentType: 'application/x-www-form-urlencoded',
      token: installer.token,
    });
    expect(answer.body.data).toMatchObject({
      user_name: installer.userName,
      email: installer.email,
      role_id: 1,
    });
  });

  it('bg/user/edit changes the name at once, the email once confirmed, and refuses taken ones', async () => {
    const me = await registerAccount(server, 2, 'editme');
    const newName = uniqueName('renamed');
    const answer = await server.call(
      user.edit,
      { user_name: newName, email: `${newName}@example.com` },
      me.token,
    );
    expect(answer.body).toMatchObject({
      code: 1,
      data: { user_name: newName, email: me.email, email_pending: `${newName}@example.com` },
    });
    expect((await server.call(user.info, { user_id: me.userId }, me.token)).body.data).toMatchObject({
      user_name: newName,
      email: me.email,
      email_pending: `${newName}@example.com`,
    });
    expect(
      (await server.call(user.edit, { user_name: installer.userName, email: me.email }, me.token)).body.msg,
    ).toBe('1003');
    expect(
      (await server.call(user.edit, { user_name: newName, email: installer.email }, me.token)).body.msg,
    ).toBe('1004');
    // keeping one's own name and email is no conflict, and withdraws the pending change
    const same = await server.call(user.edit, { user_name: newName, email: me.email }, me.token);
    expect(same.body).toMatchObject({ code: 1, data: { email_pending: null } });
  });

  it('api/user/changePwd needs the current password and ends every session', async () => {
    const me = await registerAccount(server, 2, 'pwd');
    const otherSession = await server.login(me.userName, me.password);
    const wrong = await server.call(
      user.changePwd,
      { old_pwd: 'not-it', pwd: 'new-pass-1', pwd_again: 'new-pass-1' },
      me.token,
    );
    expect(wrong.body.msg).toBe('200104');
    const mismatch = await server.call(
      user.changePwd,
      { old_pwd: me.password, pwd: 'new-pass-1', pwd_again: 'new-pass-2' },
      me.token,
    );
    expect(mismatch.body.msg).toBe('1005');
    const ok = await server.call(
      user.changePwd,
      { old_pwd: me.password, pwd: 'new-pass-1', pwd_again: 'new-pass-1' },
      me.token,
    );
    expect(ok.body.code).toBe(1);
    expect((await server.call(user.info, { user_id: me.userId }, otherSession)).body.msg).toBe('1000');
    expect((await server.call(user.info, { user_id: me.userId }, me.token)).body.msg).toBe('1000');
    await server.login(me.userName, 'new-pass-1');
  });

  it('the demo account changes nothing (9001)', async () => {
    const demo = await server.login();
    const answer = await server.call(
      user.changePwd,
      { old_pwd: 'demo123', pwd: 'hacked1', pwd_again: 'hacked1' },
      demo,
    );
    expect(answer.body.msg).toBe('9001');
    expect(
      (await server.call(user.edit, { user_name: 'demo2', email: 'd@example.com' }, demo)).body.msg,
    ).toBe('9001');
  });
});

describe('api/getInstallerLower', () => {
  it("lists the caller's whole tree with levels, parents and counts; searchable and paged", async () => {
    const root = await registerAccount(server, 1, 'root');
    const level2 = await createAccount(server, root, 1, undefined, 'branch');
    const level3 = await createAccount(server, root, 1, level2.userId, 'twig');
    const leaf = await createAccount(server, root, 2, level3.userId, 'leaf');
    await addStation(server, root.token, { installer_id: level3.userId, end_user_id: leaf.userId });
    const answer = await server.call(user.getInstallerLower, { page: 1, page_size: 10 }, root.token);
    const data = answer.body.data as { total: number; list: Record<string, unknown>[] };
    expect(data.total).toBe(3);
    expect(data.list).toEqual([
      expect.objectContaining({
        user_id: level2.userId,
        installer_level: 2,
        installer_id: null,
        user_count: 1,
      }),
      expect.objectContaining({
        user_id: level3.userId,
        installer_level: 3,
        installer_id: level2.userId,
        station_count: 1,
      }),
      expect.objectContaining({
        user_id: leaf.userId,
        role_id: 2,
        installer_id: level3.userId,
        installer_name: level3.userName,
        station_count: 1,
      }),
    ]);
    const page2 = (await server.call(user.getInstallerLower, { page: 2, page_size: 2 }, root.token)).body
      .data as { list: unknown[] };
    expect(page2.list).toHaveLength(1);
    const search = (await server.call(user.getInstallerLower, { keyword: 'TWIG' }, root.token)).body.data as {
      total: number;
    };
    expect(search.total).toBe(1);
    const choices = (await server.call(user.getInstallerLower, { can_add_installer: true }, root.token)).body
      .data as {
      list: { user_id: number }[];
    };
    expect(choices.list.map((a) => a.user_id)).toEqual([level2.userId]);
    const endUsers = (await server.call(user.getInstallerLower, { role_id: 2 }, root.token)).body.data as {
      total: number;
    };
    expect(endUsers.total).toBe(1);
    // a sub-installer sees only its own part of the tree
    const fromLevel2 = (await server.call(user.getInstallerLower, {}, level2.token)).body.data as {
      list: { user_id: number }[];
    };
    expect(fromLevel2.list.map((a) => a.user_id)).toEqual([level3.userId, leaf.userId]);
    // keyword wildcards are taken literally
    const wildcard = (await server.call(user.getInstallerLower, { keyword: '%' }, root.token)).body.data as {
      total: number;
    };
    expect(wildcard.total).toBe(0);
  });

  it('end users have no tree (9001)', async () => {
    const endUser = await registerAccount(server, 2, 'notree');
    expect((await server.call(user.getInstallerLower, {}, endUser.token)).body.msg).toBe('9001');
  });
});

describe('api/deleteUserInstaller', () => {
  it('refuses accounts holding installers (4004), end users (4005) or stations (3003); deletes the rest', async () => {
    const root = await registerAccount(server, 1, 'delroot');
    const level2 = await createAccount(server, root, 1);
    const level3 = await createAccount(server, root, 1, level2.userId);
    const leaf = await createAccount(server, root, 2, level3.userId);
    expect(
      (await server.call(user.deleteUserInstaller, { user_id: level2.userId }, root.token)).body.msg,
    ).toBe('4004');
    expect(
      (await server.call(user.deleteUserInstaller, { user_id: level3.userId }, root.token)).body.msg,
    ).toBe('4005');
    await addStation(server, root.token, { station_type: 8, end_user_id: leaf.userId });
    expect((await server.call(user.deleteUserInstaller, { user_id: leaf.userId }, root.token)).body.msg).toBe(
      '3003',
    );
    await server.database.db.execute(sql`delete from stations where end_user_id = ${leaf.userId}`);
    expect(
      (await server.call(user.deleteUserInstaller, { user_id: leaf.userId }, root.token)).body.code,
    ).toBe(1);
    expect(
      (await server.call(user.deleteUserInstaller, { user_id: level3.userId }, root.token)).body.code,
    ).toBe(1);
    // the deleted account can no longer sign in, and its token is dead
    expect((await server.call(user.info, { user_id: leaf.userId }, leaf.token)).body.msg).toBe('1000');
  });

  it('nobody deletes itself or an account outside its tree (9001)', async () => {
    const root = await registerAccount(server, 1, 'selfdel');
    expect((await server.call(user.deleteUserInstaller, { user_id: root.userId }, root.token)).body.msg).toBe(
      '9001',
    );
    expect(
      (await server.call(user.deleteUserInstaller, { user_id: installer.userId }, root.token)).body.msg,
    ).toBe('9001');
    expect((await server.call(user.deleteUserInstaller, { user_id: 987_654 }, root.token)).body.msg).toBe(
      '9001',
    );
  });
});
