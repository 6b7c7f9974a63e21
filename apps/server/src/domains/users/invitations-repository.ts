import { type Database, schema } from '@helio/db';
import { and, eq, lte, sql } from 'drizzle-orm';

const { userInvitations } = schema;
export type InvitationRow = typeof userInvitations.$inferSelect;

/** All SQL of invitations into an installer's tree. */
export function invitationsRepository(db: Database) {
  return {
    /**
     * A pending invitation of `userId` under `installerId`, unless one is pending already (then
     * undefined: the account is not told twice). Expired ones are declined by time first.
     */
    async createPending(
      values: { userId: number; installerId: number; invitedBy: number; expiresAt: Date; at: Date },
      tx: Database = db,
    ): Promise<number | undefined> {
      await tx
        .update(userInvitations)
        .set({ state: 'declined', answeredAt: values.at })
        .where(
          and(
            eq(userInvitations.userId, values.userId),
            eq(userInvitations.installerId, values.installerId),
            eq(userInvitations.state, 'pending'),
            lte(userInvitations.expiresAt, values.at),
          ),
        );
      const [row] = await tx
        .insert(userInvitations)
        .values({
          userId: values.userId,
          installerId: values.installerId,
          invitedBy: values.invitedBy,
          expiresAt: values.expiresAt,
          createdAt: values.at,
        })
        .onConflictDoNothing()
        .returning({ invitationId: userInvitations.invitationId });
      return row?.invitationId;
    },

    async find(invitationId: number): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(userInvitations)
        .where(eq(userInvitations.invitationId, invitationId));
      return row;
    },

    /** Settles a pending invitation; false when it was no longer pending (answered meanwhile). */
    async settle(
      invitationId: number,
      state: 'accepted' | 'declined',
      at: Date,
      tx: Database = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(userInvitations)
        .set({ state, answeredAt: at })
        .where(
          and(
            eq(userInvitations.invitationId, invitationId),
            eq(userInvitations.state, 'pending'),
            sql`${userInvitations.expiresAt} > ${at}`,
          ),
        )
        .returning({ invitationId: userInvitations.invitationId });
      return rows.length > 0;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof invitationsRepository>;
