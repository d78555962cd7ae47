import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test-support/slow-first-sequencer.js';

// Four suites: pure logic (shared, web units), server integration on a real database, browser journeys.
export default defineConfig({
  test: {
    // The minute-long files start first, so the short ones fill in around them (see the file).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      // isolate: false: a worker keeps its loaded modules from file to file instead of loading React, MUI and the
      // app again for each (measured on the loaded two-core machine: 321 s → 48 s, imports 165 s → 22 s).
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', isolate: false } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Business time is Asia/Jerusalem; an odd machine offset makes code that forgets the zone fail.
          env: { TZ: 'Asia/Kathmandu' },
          // One embedded PostgreSQL for the run (or DATABASE_URL's server); each test app makes its own database.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The files mostly wait on the database server and on timers, so several overlap well even on two cores
          // (the default would be one worker there): measured on an idle two-core machine, 3 workers 355 s
          // (the CPU 37% busy), 5 workers 228 s. SERVER_TEST_WORKERS overrides it for a measurement.
          maxWorkers: Number(process.env.SERVER_TEST_WORKERS ?? 5),
          // A worker keeps its loaded modules from one file to the next: each file otherwise loads the whole app
          // again (measured: imports 105 s → 20 s on 26 files). Files share no state but modules: every test app
          // owns its database, data folder and fakes (on free ports), and vi.mock'ed modules are reloaded by vitest.
          isolate: false,
          // Its own group (after the unit projects) when run together with them, as `npm run test:changed` does:
          // vitest refuses projects with different maxWorkers in one group.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // One PostgreSQL for the run with a migrated template: each journey's app gets a copy (e2e/harness.ts); the
          // browser is found (or unpacked) once, before the workers start.
          globalSetup: ['apps/server/test/global-setup.ts', 'e2e/browser-setup.ts'],
          // A failed journey leaves shots of its open pages (test-results/failures/).
          setupFiles: ['e2e/failure-shots.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits on the page's own state (a debounced search, a refetch): vitest's default of 1 s failed
          // the guest search on a loaded two-core machine while the list was right a moment later.
          expect: { poll: { timeout: 15_000 } },
          // Three journeys at once, each with its own app process and database (e2e/harness.ts). More do not help on
          // two cores: five kept both cores 98–99% busy (Chromium's renderers about 60% of it) and took 830 s against
          // 688–752 s with three.
          maxWorkers: Number(process.env.E2E_TEST_WORKERS ?? 3),
          // A worker keeps playwright-core, axe-core and the harness loaded from one journey to the next (about 2 s
          // of imports a file under load), and one Chromium for them (e2e/harness.ts); each journey starts its own app.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
