import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` runs every tier: contracts (unit), server (API against a real database),
 * web (unit), web-components (screens in jsdom) and e2e (Debian's Chromium against the built app).
 * `--project` picks tiers.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'] } },
      { test: { name: 'db', include: ['packages/db/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
      {
        // screens with logic rendered in jsdom with Testing Library: what a user sees and what is sent
        test: {
          name: 'web-components',
          include: ['apps/web/test/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/components/support/setup.ts'],
          // antd's development build in jsdom: a typed form takes seconds on a busy machine
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'simulator',
          include: ['apps/simulator/test/**/*.test.ts'],
          // its device tests run against the real server: the same migrated database template
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
