import { type LogItem, message, user } from '@helio/contracts';
import { schema } from '@helio/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, invitationsOf, registerAccount } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

/**
 * The takeover an outside attacker walked: register a level-1 installer, attach a self-registered
 * end user by its email (addInstallerUser), change its email to one of the attacker's (bg/user/edit),
 * ask a reset code there and set a new password. Every step is now refused or waits for the
 * victim's consent.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const codeIn = (text: string) => /^\s{4}(\d{6})\s*$/m.exec(text)?.[1];

/** The mail to `to` with `subject`, once it has arrived. */
async function mailWith(to: string, subject: string) {
  let found: (typeof smtp.received)[number] | undefined;
  await vi.waitFor(
    () => {
      found = smtp.received.filter((m) => m.to.includes(to.toLowerCase()) && m.subject === subject).at(-1);
      if (!found) throw new Error(`no "${subject}" to ${to} yet`);
    },
    { timeout: 10_000 },
  );
  return found!;
}

async function logOf(account: Account) {
  const answer = await server.call(message.logList, { page_size: 200 }, account.token);
  return (answer.body.data as { list: LogItem[] }).list;
}

async function resetMailsTo(address: string) {
  const rows = await server.database.db
    .select()
    .from(schema.outbox)
    .where(eq(schema.outbox.recipient, address.toLowerCase()));
  return rows.filter((row) => row.subject.includes('password reset'));
}

describe('the account takeover of a self-registered end user', () => {
  it('attaching is an invitation: the attacker learns nothing and gets nothing without consent', async () => {
    const victim = await registerAccount(server, 2, 'victim');
    const attacker = await registerAccount(server, 1, 'attacker');

    // 1. attach by the victim's email: the same answer as for an address nobody has
    const attach = await server.call(user.addInstallerUser, { user_name: victim.email }, attacker.token);
    const nobody = await server.call(
      user.addInstallerUser,
      { user_name: 'nobody-here@example.com' },
      attacker.token,
    );
    expect(attach.status).toBe(nobody.status);
    expect(attach.body.data).toEqual(nobody.body.data);
    expect(attach.body.data).toEqual({ valid_days: 14 });

    // 2. nothing changed: the victim is not in the attacker's tree, its details stay out of reach
    expect((await server.call(user.info, { user_id: victim.userId }, attacker.token)).body.msg).toBe('9001');
    const edit = await server.call(
      user.edit,
      { user_id: victim.userId, user_name: victim.userName, email: 'attacker-box@example.com' },
      attacker.token,
    );
    expect(edit.body.msg).toBe('9001');
    const tree = await server.call(user.getInstallerLower, { page_size: 200 }, attacker.token);
    expect((tree.body.data as { list: unknown[] }).list).toEqual([]);

    // 3. the victim is asked: a message in /myLog/myLog and a mail naming the installer
    const [invitation] = await invitationsOf(server, victim);
    expect(invitation).toMatchObject({ invitation_state: 'pending', actor_name: attacker.userName });
    const mail = await smtp.waitForMail(victim.email);
    expect(mail.text).toContain(attacker.userName);
    expect(mail.text).toContain('14 days');

    // 4. the attacker's log shows the same line for the victim and for nobody; the victim's log the invitation
    const attackerLog = (await logOf(attacker)).filter((line) => line.action === 'user_invite');
    expect(attackerLog.map((line) => line.target).sort()).toEqual(
      [victim.email, 'nobody-here@example.com'].sort(),
    );
    expect(await logOf(victim)).toContainEqual(
      expect.objectContaining({ action: 'invitation_received', target: attacker.userName }),
    );

    // 5. the victim declines: still nothing for the attacker
    const declined = await server.call(
      user.invitationAnswer,
      { invitation_id: invitation!.invitation_id, accept: false },
      victim.token,
    );
    expect(declined.body).toMatchObject({ code: 1, data: { state: 'declined' } });
    expect((await server.call(user.info, { user_id: victim.userId }, attacker.token)).body.msg).toBe('9001');
    expect(await logOf(victim)).toContainEqual(expect.objectContaining({ action: 'invitation_decline' }));
  });

  it('even an accepted installer cannot move the email away and reset the password', async () => {
    const owner = await registerAccount(server, 2, 'owner');
    const installer = await registerAccount(server, 1, 'accepted');
    await server.call(user.addInstallerUser, { user_name: owner.userName }, installer.token);
    const [invitation] = await invitationsOf(server, owner);
    const accept = { invitation_id: invitation!.invitation_id, accept: true };
    expect((await server.call(user.invitationAnswer, accept, owner.token)).body.code).toBe(1);
    expect(await logOf(installer)).toContainEqual(
      expect.objectContaining({ action: 'invitation_accept', target: owner.userName }),
    );
    expect(await logOf(owner)).toContainEqual(
      expect.objectContaining({ action: 'invitation_accept', target: installer.userName }),
    );
    const told = await server.call(message.list, { kind: 'authorization' }, installer.token);
    expect((told.body.data as { list: { event: string }[] }).list).toContainEqual(
      expect.objectContaining({ event: 'invitation_accepted' }),
    );

    // a reset code asked for the owner's own address before any change
    await server.call(user.sendEmailCode, { email: owner.email, language: 1 });
    const earlyCode = codeIn((await mailWith(owner.email, 'Your Helio password reset code')).text);
    expect(earlyCode).toMatch(/^\d{6}$/);

    // the installer changes the email: it does not take effect, the old address is told
    const newAddress = `moved-${owner.userId}@example.com`;
    const edit = await server.call(
      user.edit,
      { user_id: owner.userId, user_name: owner.userName, email: newAddress },
      installer.token,
    );
    expect(edit.body).toMatchObject({ code: 1, data: { email: owner.email, email_pending: newAddress } });
    const notice = await mailWith(owner.email, 'The email address of your Helio account is being changed');
    expect(notice.text).toContain(newAddress);
    expect(notice.text).toContain(installer.userName);
    const codeMail = await mailWith(newAddress, 'Confirm your new Helio email address');
    const confirmCode = codeIn(codeMail.text);
    expect(confirmCode).toMatch(/^\d{6}$/);

    // a reset asked for the unconfirmed address mails nothing there and resets nothing
    await server.call(user.sendEmailCode, { email: newAddress, language: 1 });
    expect(await resetMailsTo(newAddress)).toEqual([]);
    const blind = await server.call(user.forgetpwd, {
      email: newAddress,
      language: 1,
      code: confirmCode,
      password: 'taken-over-1',
    });
    expect(blind.body.msg).toBe('200913');

    // a wrong code is refused, five of them end the code
    const wrong = String((Number(confirmCode) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await server.call(user.confirmEmail, { user_id: owner.userId, code: wrong }, installer.token)).body
        .msg,
    ).toBe('200913');

    // confirmed from the new address: it takes effect, in both logs
    const confirmed = await server.call(
      user.confirmEmail,
      { user_id: owner.userId, code: confirmCode },
      installer.token,
    );
    expect(confirmed.body).toMatchObject({ code: 1, data: { email: newAddress } });
    expect(await logOf(owner)).toContainEqual(
      expect.objectContaining({ action: 'email_change_confirm', target: owner.userName }),
    );
    expect(await logOf(installer)).toContainEqual(
      expect.objectContaining({ action: 'email_change_request', target: owner.userName }),
    );

    // the code mailed to the old address before the change resets nothing now
    const stale = await server.call(user.forgetpwd, {
      email: owner.email,
      language: 1,
      code: earlyCode,
      password: 'taken-over-2',
    });
    expect(stale.body.msg).toBe('200913');
    await server.login(owner.userName, owner.password);
  });

  it('a code wrong five times is dead (200914); an expired one too', async () => {
    const me = await registerAccount(server, 2, 'fivewrong');
    const address = `five-${me.userId}@example.com`;
    const since = new Date();
    await server.call(user.edit, { user_name: me.userName, email: address }, me.token);
    const code = codeIn((await smtp.waitForMail(address, since)).text)!;
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      expect((await server.call(user.confirmEmail, { code: wrong }, me.token)).body.msg).toBe('200913');
    }
    expect((await server.call(user.confirmEmail, { code }, me.token)).body.msg).toBe('200914');
    const info = await server.call(user.info, { user_id: me.userId }, me.token);
    expect(info.body.data).toMatchObject({ email: me.email });
  });

  it('the address taken by another account meanwhile is 1004, and nothing changes', async () => {
    const me = await registerAccount(server, 2, 'racer');
    const address = `race-${me.userId}@example.com`;
    const since = new Date();
    await server.call(user.edit, { user_name: me.userName, email: address }, me.token);
    const code = codeIn((await smtp.waitForMail(address, since)).text)!;
    await server.call(user.register, {
      user_name: `race${me.userId}`,
      email: address,
      pwd: 'abcdef',
      pwd_again: 'abcdef',
      role_id: 2,
    });
    expect((await server.call(user.confirmEmail, { code }, me.token)).body.msg).toBe('1004');
    expect((await server.call(user.info, { user_id: me.userId }, me.token)).body.data).toMatchObject({
      email: me.email,
    });
  });
});
