import { message, user } from '@helio/contracts';
import { vi } from 'vitest';
import type { TestServer } from './server.ts';

let counter = 0;
/** A user name unique within the test run. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}_${process.pid}_${counter}`;
}

export interface Account {
  userId: number;
  userName: string;
  email: string;
  password: string;
  token: string;
}

/** Signs up through api/user/register (role 1: a level-1 installer) and signs in. */
export async function registerAccount(server: TestServer, roleId: 1 | 2, prefix = 'acct'): Promise<Account> {
  const userName = uniqueName(prefix);
  const email = `${userName}@example.com`;
  const password = 'secret-pass-1';
  const answer = await server.call(user.register, {
    user_name: userName,
    email,
    pwd: password,
    pwd_again: password,
    role_id: roleId,
  });
  if (answer.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  const { user_id: userId } = answer.body.data as { user_id: number };
  return { userId, userName, email, password, token: await server.login(userName, password) };
}

/** An installer creates an account (modes 2/3) and the new account signs in. */
export async function createAccount(
  server: TestServer,
  creator: Account,
  roleId: 1 | 2,
  installerId?: number,
  prefix = 'sub',
): Promise<Account> {
  const userName = uniqueName(prefix);
  const email = `${userName}@example.com`;
  const password = 'secret-pass-2';
  const answer = await server.call(
    user.registerUser,
    {
      user_name: userName,
      email,
      pwd: password,
      pwd_again: password,
      role_id: roleId,
      installer_id: installerId,
    },
    creator.token,
  );
  if (answer.body.code !== 1) throw new Error(`registerUser failed: ${JSON.stringify(answer.body)}`);
  const { user_id: userId } = answer.body.data as { user_id: number };
  return { userId, userName, email, password, token: await server.login(userName, password) };
}

/** The invitation messages an account received (newest first), once the background work wrote them. */
export async function invitationsOf(server: TestServer, account: Account, atLeast = 1) {
  let list: { invitation_id: number | null; invitation_state: string | null; actor_name: string | null }[] =
    [];
  await vi.waitFor(
    async () => {
      const answer = await server.call(
        message.list,
        { kind: 'authorization', page_size: 200 },
        account.token,
      );
      const data = answer.body.data as { list: ((typeof list)[number] & { event: string })[] };
      list = data.list.filter((item) => item.event === 'invitation_received');
      if (list.length < atLeast) throw new Error('no invitation yet');
    },
    { timeout: 5000 },
  );
  return list;
}

/** An installer invites `invitee` (by user name) and the invitee accepts: the old one-step bind. */
export async function inviteAndAccept(
  server: TestServer,
  installer: Account,
  invitee: Account,
  installerId?: number,
) {
  const invited = await server.call(
    user.addInstallerUser,
    { user_name: invitee.userName, installer_id: installerId },
    installer.token,
  );
  if (invited.body.code !== 1) return invited;
  const [invitation] = await invitationsOf(server, invitee);
  return server.call(
    user.invitationAnswer,
    { invitation_id: invitation!.invitation_id, accept: true },
    invitee.token,
  );
}
