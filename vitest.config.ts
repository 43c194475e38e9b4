import { defineConfig } from 'vitest/config'

/**
 * One rule for every project: a test that asserts nothing fails, and expect.poll waits as long
 * everywhere, no call setting its own (30 s: what a busy 2-core machine needs for a save in Payload's
 * admin or a server's background write to land; a poll that passes returns as soon as it does).
 */
const expect = { requireAssertions: true, poll: { timeout: 30_000, interval: 50 } }

/**
 * A worker keeps the modules it imported between test files instead of starting a new process per file: every file
 * paid about 0.25 CPU s for a fresh process and vitest's own modules, and a browser file 0.5 more for playwright-core
 * (the unit project went from 16 to 11 CPU s: docs/SCALING.md, "The test suite's time"). Each test file is still evaluated anew; what it imports
 * (testing/*, libraries) keeps no state between files: servers, browsers and databases are made in a file's own hooks.
 */
const isolate = false

export default defineConfig({
  test: {
    // 2 cores on CI, one server per file and the worker's browser: a third file runs while the others wait on their servers,
    // browsers and polls (the run used 1.7 of its 2 cores with two).
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds the site once: API tests check the served pages, browser tests use them.
    globalSetup: ['testing/globalSetup.ts'],
    reporters: ['default', './testing/summaryReporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          isolate,
          expect,
          include: [
            'cms/**/*.unit.test.ts',
            'shared/**/*.unit.test.ts',
            'site/**/*.unit.test.ts',
            'ui/**/*.unit.test.ts',
            'testing/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          isolate,
          expect,
          include: ['cms/**/*.api.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          isolate,
          expect,
          include: ['e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
