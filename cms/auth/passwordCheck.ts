import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'

/**
 * Checks a password against a stored Payload hash, and costs exactly as much
 * when there is no account: an unknown username is hashed against a dummy
 * salt with the same parameters, so the time of the answer does not say
 * whether the name exists (SECURITY.md §1). Parameters are Payload's own
 * (payload/dist/auth/strategies/local/generatePasswordSaltHash.js).
 */
const CURRENT_PREFIX = 'pbkdf2-sha256-v1:'
const CURRENT = { iterations: 600_000, keyLength: 32 }
const LEGACY = { iterations: 25_000, keyLength: 512 }

const DUMMY_SALT = randomBytes(32).toString('hex')
const DUMMY_HASH = randomBytes(CURRENT.keyLength)

export type StoredPassword = { hash?: unknown; salt?: unknown }

/** Whether a stored hash has Payload's current parameters; an older one is stored anew by Payload's login. */
export const isCurrentHash = (stored: StoredPassword) => typeof stored.hash === 'string' && stored.hash.startsWith(CURRENT_PREFIX)

export async function passwordMatches(stored: StoredPassword | null | undefined, password: string): Promise<boolean> {
  const usable = typeof stored?.hash === 'string' && typeof stored.salt === 'string'
  const hash = usable ? (stored.hash as string) : ''
  const isCurrent = !usable || isCurrentHash(stored)
  const { iterations, keyLength } = isCurrent ? CURRENT : LEGACY
  const expected = usable ? Buffer.from(isCurrent ? hash.slice(CURRENT_PREFIX.length) : hash, 'hex') : DUMMY_HASH
  const salt = usable ? (stored.salt as string) : DUMMY_SALT
  const actual = await new Promise<Buffer>((resolve, reject) =>
    pbkdf2(password, salt, iterations, keyLength, 'sha256', (err, key) => (err ? reject(err) : resolve(key))),
  )
  return usable && actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * Password checks from addresses the account has not signed in from (guesses, an unknown name, the owner on a trip):
 * at most one fewer than the machine's cores at once (at least one), the others waiting their turn in order. The CPU
 * and Node's thread pool keep room for checks from an account's known addresses, which do not queue here: during a
 * guessing flood the owner's right password from home is checked at once, not behind every guess (SECURITY.md §1).
 * An unknown name and a wrong password from a new address wait in the same line: their answers still cost the same.
 */
const STRANGERS_AT_ONCE = Math.max(1, availableParallelism() - 1)
let strangersChecking = 0
const strangersWaiting: Array<() => void> = []

export async function inStrangersTurn<T>(check: () => Promise<T>): Promise<T> {
  if (strangersChecking < STRANGERS_AT_ONCE) strangersChecking++
  else await new Promise<void>((turn) => strangersWaiting.push(turn))
  try {
    return await check()
  } finally {
    // The turn goes to the next in line, or back to the pool.
    const next = strangersWaiting.shift()
    if (next) next()
    else strangersChecking--
  }
}
