import { INVITATION_VALID_DAYS, isLanguage, RoleId } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Throttle, ThrottleLimit } from '../../platform/throttle.ts';
import type { MessagesRepository } from '../messages/repository.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { invitationMail } from './account-mail.ts';
import type { InvitationsRepository } from './invitations-repository.ts';
import type { UserRow, UsersRepository } from './repository.ts';
import { parentInstaller } from './service.ts';

const DAY_MS = 86_400_000;

export interface InvitationsDeps {
  repo: InvitationsRepository;
  users: UsersRepository;
  tenancy: Tenancy;
  messages: MessagesRepository;
  mailer: Mailer;
  log: OperationLog;
  /** Invitations one installer may send in a window (1008 beyond): no mail storm from one account. */
  throttle: Throttle;
  inviteLimit: ThrottleLimit;
  /** Runs the `users.invitation` job: the invitation is written after the answer. */
  jobs: JobRunner;
  now?: () => Date;
}

/** What the installer typed and for which tree; the job finds the account, if any. */
interface InvitationJob {
  inviter_id: number;
  login: string;
  installer_id: number;
}

/**
 * Bringing an existing end user into an installer's tree (README "Accounts and security
 * choices"). An installer invites by name or email; nothing about the account changes until its
 * owner accepts, and the installer learns nothing about it (the answer and the installer's log are
 * the same whether the account exists, is an installer or already has one). Creating a new end
 * user under an installer is not an invitation (usersService.createAccount).
 */
export function invitations(deps: InvitationsDeps) {
  const { repo, users, tenancy, messages, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function sendInvitation(inviterId: number, target: UserRow, installerId: number): Promise<void> {
    const at = now();
    const inviterName = (await users.findById(inviterId))?.userName ?? '';
    const invitationId = await repo.createPending({
      userId: target.userId,
      installerId,
      invitedBy: inviterId,
      expiresAt: new Date(at.getTime() + INVITATION_VALID_DAYS * DAY_MS),
      at,
    });
    // already pending: the account was told once, it is not told again
    if (invitationId === undefined) return;
    await messages.send([target.userId], {
      kind: 'authorization',
      event: 'invitation_received',
      params: { invitation_id: invitationId, actor_name: inviterName },
    });
    await log.record({
      userId: target.userId,
      action: 'invitation_received',
      target: inviterName,
      detail: { invitation_id: invitationId, installer_id: installerId },
    });
    await deps.mailer.send(
      invitationMail({
        to: target.email,
        userName: target.userName,
        language: isLanguage(target.language) ? target.language : 'en',
        installerName: inviterName,
        validDays: INVITATION_VALID_DAYS,
      }),
    );
  }

  const invitationJob = deps.jobs.register<InvitationJob>({
    name: 'users.invitation',
    maxAttempts: 5,
    async run(job) {
      const target = await users.findByLogin(job.login);
      const invitable =
        target !== undefined &&
        target.roleId === RoleId.endUser &&
        target.parentId === null &&
        target.userId !== job.inviter_id;
      if (invitable) await sendInvitation(job.inviter_id, target, job.installer_id);
    },
  });

  return {
    async invite(caller: Caller, input: { login: string; installerId: number | undefined }) {
      tenancy.assertInstaller(caller);
      const parent = await parentInstaller(users, tenancy, caller, input.installerId);
      const throttleKey = `invite:${caller.userId}`;
      const retryAfterS = await deps.throttle.blockedForSeconds([throttleKey]);
      if (retryAfterS > 0) throw new Refusal('1008', undefined, retryAfterS);
      await deps.throttle.recordFailure(throttleKey, deps.inviteLimit);
      await log.recordBy(caller, 'user_invite', {
        target: input.login,
        detail: { installer_id: parent.userId },
      });
      // The account is looked up and the invitation written by a job after the answer, so the
      // answer does the same work whatever the account, and tells nothing about it.
      await invitationJob.enqueue({
        inviter_id: caller.userId,
        login: input.login,
        installer_id: parent.userId,
      });
      return { valid_days: INVITATION_VALID_DAYS };
    },

    /**
     * The invited account accepts or declines. Another account's invitation is 9001; one no longer
     * pending (answered, expired) 200001; accepting when the account has an installer by now 4003,
     * or when one of its station names is taken in that tree 3001 (and nothing changes).
     */
    async answer(caller: Caller, input: { invitationId: number; accept: boolean }) {
      const invitation = await repo.find(input.invitationId);
      if (!invitation || invitation.userId !== caller.userId) throw new Refusal('9001');
      const at = now();
      if (invitation.state !== 'pending' || invitation.expiresAt <= at) throw new Refusal('200001');
      const account = await users.findById(caller.userId);
      const installer = await users.findById(invitation.installerId);
      if (!account || !installer) throw new Refusal('200001');
      if (!input.accept) {
        if (!(await repo.settle(invitation.invitationId, 'declined', at))) throw new Refusal('200001');
        await log.recordBy(caller, 'invitation_decline', {
          target: installer.userName,
          detail: { invitation_id: invitation.invitationId },
        });
        return { invitation_id: invitation.invitationId, state: 'declined' as const };
      }
      if (account.parentId !== null) throw new Refusal('4003');
      const ownerRootId = (await tenancy.treeRootOf(installer.userId)) ?? installer.userId;
      await users.bindUnder(account.userId, installer.userId, ownerRootId, async (tx) => {
        if (!(await repo.settle(invitation.invitationId, 'accepted', at, tx))) throw new Refusal('200001');
        await messages.send(
          [invitation.invitedBy],
          {
            kind: 'authorization',
            event: 'invitation_accepted',
            params: { invitation_id: invitation.invitationId, actor_name: account.userName },
          },
          tx,
        );
      });
      const detail = { invitation_id: invitation.invitationId, user_id: account.userId };
      await log.recordBy(caller, 'invitation_accept', { target: installer.userName, detail });
      await log.record({
        userId: invitation.invitedBy,
        action: 'invitation_accept',
        target: account.userName,
        detail,
      });
      return { invitation_id: invitation.invitationId, state: 'accepted' as const };
    },
  };
}

export type Invitations = ReturnType<typeof invitations>;
