import { schema } from '@helio/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from './support/database.ts';
import { startTestServer } from './support/server.ts';

const installerEnv = {
  INSTALLER_NAME: 'acme_solar',
  INSTALLER_EMAIL: 'ops@acme-solar.example',
  INSTALLER_PASSWORD: 'acme-secret-1',
};

describe('start-up accounts', () => {
  it('creates the operator installer once, as a level-1 installer that can sign in', async () => {
    const database = await freshDatabase();
    try {
      const first = await startTestServer({ database, env: installerEnv });
      await first.close();
      const second = await startTestServer({
        database,
        env: { ...installerEnv, INSTALLER_PASSWORD: 'changed-later' },
      });
      const rows = await database.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.userName, 'acme_solar'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ roleId: 1, installerLevel: 1, parentId: null });
      expect(rows[0]!.userId).toBeGreaterThanOrEqual(1000);
      // an existing account is never changed by the environment
      const answer = await second.post('api/user/login', {
        user_name: 'ops@acme-solar.example',
        pwd: 'acme-secret-1',
      });
      expect(answer.body.code).toBe(1);
      expect(answer.body.data).toMatchObject({ role_id: 1 });
      await second.close();
    } finally {
      await database.close();
    }
  });

  it('without DEMO there is no demo account', async () => {
    const server = await startTestServer({ env: { DEMO: '0' } });
    try {
      const answer = await server.post('api/user/login', { user_name: 'demo', pwd: 'demo123' });
      expect(answer.body.msg).toBe('1002');
    } finally {
      await server.close();
    }
  });

  it('the demo password follows DEMO_PASSWORD', async () => {
    const server = await startTestServer({ env: { DEMO_PASSWORD: 'tour-2026' } });
    try {
      expect((await server.post('api/user/login', { user_name: 'demo', pwd: 'demo123' })).body.msg).toBe(
        '1002',
      );
      expect((await server.post('api/user/login', { user_name: 'demo', pwd: 'tour-2026' })).body.code).toBe(
        1,
      );
    } finally {
      await server.close();
    }
  });
});
