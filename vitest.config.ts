import { defineConfig } from 'vitest/config';

// Four suites: pure logic (shared, web units), server integration on a real database, browser journeys.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Business time is Asia/Jerusalem; an odd machine offset makes code that forgets the zone fail.
          env: { TZ: 'Asia/Kathmandu' },
          // One embedded PostgreSQL for the run (or DATABASE_URL's server); each test app makes its own database.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The files mostly wait on the database server and on timers, so three overlap well even on two cores
          // (the default would be one worker there).
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
