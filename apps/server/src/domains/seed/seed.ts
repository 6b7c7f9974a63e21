import { DEMO_USER_ID, RoleId } from '@helio/contracts';
import { type Database, schema } from '@helio/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';

const { users } = schema;

export interface SeedOptions {
  demo: boolean;
  demoPassword: string;
  installer: { userName: string; email: string; password: string } | undefined;
}

/**
 * Start-up accounts. The demo account (id 5, a read-only level-1 installer) exists while DEMO is
 * on, and its password follows DEMO_PASSWORD. The operator's installer from INSTALLER_* is created
 * once, if no account has that name or email, flagged as the platform operator (the keeper of the
 * firmware catalogue, PRODUCT.md §8); an existing account is never changed, nor made operator.
 */
export async function seedAccounts(
  db: Database,
  options: SeedOptions,
  log: FastifyBaseLogger,
): Promise<void> {
  if (options.demo) await seedDemo(db, options.demoPassword, log);
  if (options.installer) await seedInstaller(db, options.installer, log);
}

async function seedDemo(db: Database, password: string, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await db.select().from(users).where(eq(users.userId, DEMO_USER_ID));
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, password))) {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.userId, DEMO_USER_ID));
      log.info('demo account password updated from DEMO_PASSWORD');
    }
    return;
  }
  await db.insert(users).values({
    userId: DEMO_USER_ID,
    userName: 'demo',
    email: 'demo@helio.invalid',
    passwordHash: await hashPassword(password),
    roleId: RoleId.installer,
    installerLevel: 1,
  });
  log.info('demo account created (user id 5, user name demo)');
}

async function seedInstaller(
  db: Database,
  installer: { userName: string; email: string; password: string },
  log: FastifyBaseLogger,
): Promise<void> {
  const [taken] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(
      sql`lower(${users.userName}) = ${installer.userName.toLowerCase()} or lower(${users.email}) = ${installer.email.toLowerCase()}`,
    )
    .limit(1);
  if (taken) return;
  const [created] = await db
    .insert(users)
    .values({
      userName: installer.userName,
      email: installer.email,
      passwordHash: await hashPassword(installer.password),
      roleId: RoleId.installer,
      installerLevel: 1,
      isOperator: true,
    })
    .returning({ userId: users.userId });
  log.info({ userId: created?.userId }, 'level-1 installer created from INSTALLER_NAME');
}
