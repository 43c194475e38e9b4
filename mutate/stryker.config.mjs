/**
 * `npm run mutate` (mutate/run.mjs): StrykerJS changes each of these modules one small way at a time (a `<` for a `<=`,
 * a string emptied, a branch dropped) and runs their unit tests (mutate/vitest.config.ts) against each change. A change
 * no test notices survived: a rule the tests do not hold. The pure rule modules, listed by path: money arithmetic and
 * the books' totals, the club's day, what receipts and statements say alike, the tiers' goods values, roster privacy,
 * the CSV escaper, membership dues and their tax treatment, and volunteers' hours, places and club-clock times. Scores
 * per file and each survivor explained: docs/TESTING.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    'shared/money.ts',
    'cms/payments/totals.ts',
    'shared/clubDay.ts',
    'cms/email/wording.ts',
    'shared/tiers.ts',
    'shared/roster.ts',
    'cms/api/csv.ts',
    'shared/membership.ts',
    'shared/volunteers.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'mutate/vitest.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  // Each mutant runs only the tests that reached its line.
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: 'mutate/reports/mutation.html' },
  jsonReporter: { fileName: 'mutate/reports/mutation.json' },
  // Below 85 % a run fails (docs/TESTING.md).
  thresholds: { high: 95, low: 85, break: 85 },
  tempDirName: 'mutate/.stryker-tmp',
  // The sandbox copies the sources the tests read, not the builds, the data or the other tools' installs.
  ignorePatterns: [
    'dist',
    'site/dist',
    'site/dist-server',
    'cms/admin/.next',
    'data',
    'backups',
    'bench/node_modules',
    'mutate/node_modules',
    'mutate/reports',
  ],
  cleanTempDir: 'always',
}
