/**
 * Preloaded (`node --import`) into every process the tests start, never into production: a password hash costs
 * 1,000 PBKDF2 rounds there instead of Payload's 600,000 (payload/dist/auth/strategies/local/generatePasswordSaltHash.js;
 * cms/auth/passwordCheck.ts checks with the same). The same code runs, stores the same format and compares the same
 * way; only the cost changes, as Devise's `stretches` and Django's test hasher do for their test suites. About 650
 * hashes a run cost 0.135 CPU s each, a tenth of the suite (docs/decisions/023-test-password-hashes.md).
 * A test about the cost itself (a guessing flood queued behind the hashes) or a database an older release
 * hashed for real sets TEST_PASSWORD_HASHING=production in every process sharing that database
 * (`PRODUCTION_PASSWORD_HASHING`, testing/serverCommand.ts).
 */
import crypto from 'node:crypto'
import { syncBuiltinESMExports } from 'node:module'

const PRODUCTION_ROUNDS = 600_000
const TEST_ROUNDS = 1_000

if (process.env.TEST_PASSWORD_HASHING !== 'production') {
  const rounds = (iterations) => (iterations === PRODUCTION_ROUNDS ? TEST_ROUNDS : iterations)
  const { pbkdf2, pbkdf2Sync } = crypto
  crypto.pbkdf2 = (password, salt, iterations, ...rest) => pbkdf2(password, salt, rounds(iterations), ...rest)
  crypto.pbkdf2Sync = (password, salt, iterations, ...rest) => pbkdf2Sync(password, salt, rounds(iterations), ...rest)
  // `import { pbkdf2 } from 'node:crypto'` (cms/auth/passwordCheck.ts) reads the module's exports as they are now.
  syncBuiltinESMExports()
}
