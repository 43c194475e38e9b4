import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * The unit tests of the modules `npm run mutate` mutates (mutate/stryker.config.mjs), and only those: no build, no
 * server, no browser (the project's vitest.config.ts sets those up for the whole suite).
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: [
      'shared/money.unit.test.ts',
      'shared/moneyFormat.unit.test.ts',
      'cms/payments/totals.unit.test.ts',
      'shared/clubDay.unit.test.ts',
      'cms/email/wording.unit.test.ts',
      'shared/tiers.unit.test.ts',
      'shared/roster.unit.test.ts',
      'cms/api/csv.unit.test.ts',
      'shared/membership.unit.test.ts',
      'shared/volunteers.unit.test.ts',
    ],
  },
})
