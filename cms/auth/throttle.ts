import { env } from '../env'

/**
 * Login throttling that an attacker cannot turn against the owner
 * (SECURITY.md §1). Instead of locking the account, failures are counted
 *  - per account and source address: the first FREE_FAILURES cost nothing,
 *    then each further one doubles the wait before the next attempt from
 *    that source (1 s, 2 s, 4 s … 32 s), and after MAX_FAILURES that source
 *    is refused for WINDOW_MS; other sources are not affected, so the owner's
 *    right password from home still works while an attacker hammers;
 *  - per account over all sources (LOGIN_ACCOUNT_CEILING per hour, far above
 *    anyone's typing): beyond it, distributed guessing is refused, except from
 *    an address this account has signed in from before (in the last 30 days),
 *    and the ceiling lifts by itself as the hour slides on.
 * Keys are the typed username, so an unknown name is throttled exactly like a
 * real one and the answers cannot tell them apart. State lives in memory: one
 * process per SQLite file (see SECURITY.md, deployment); a restart forgets it.
 */
export const FREE_FAILURES = 3
export const MAX_FAILURES = 10
export const WINDOW_MS = 15 * 60_000
export const CEILING_WINDOW_MS = 60 * 60_000
const KNOWN_SOURCE_MS = 30 * 24 * 60 * 60_000
const MAX_TRACKED = 100_000

type SourceState = { failures: number; lastFailure: number; nextAllowed: number }

export type Refusal = { retryAfterSeconds: number; reason: 'source' | 'account' }

export class LoginThrottle {
  private bySource = new Map<string, SourceState>()
  private byAccount = new Map<string, number[]>()
  /** Addresses each account signed in from, with the time of the last success. */
  private knownSources = new Map<string, number>()

  constructor(
    private readonly ceiling = env.LOGIN_ACCOUNT_CEILING,
    private readonly now: () => number = Date.now,
  ) {}

  /** Null when this attempt may be checked; otherwise how long to wait. */
  check(username: string, source: string): Refusal | null {
    const now = this.now()
    const state = this.sourceState(username, source, now)
    if (state && state.nextAllowed > now) return { retryAfterSeconds: Math.ceil((state.nextAllowed - now) / 1000), reason: 'source' }
    const known = now - (this.knownSources.get(sourceKey(username, source)) ?? -Infinity) < KNOWN_SOURCE_MS
    if (!known) {
      const recent = this.recentAccountFailures(username, now)
      if (recent.length >= this.ceiling) {
        return { retryAfterSeconds: Math.ceil((recent[0] + CEILING_WINDOW_MS - now) / 1000), reason: 'account' }
      }
    }
    return null
  }

  recordFailure(username: string, source: string): void {
    const now = this.now()
    const key = sourceKey(username, source)
    const state = this.sourceState(username, source, now) ?? { failures: 0, lastFailure: now, nextAllowed: 0 }
    state.failures += 1
    state.lastFailure = now
    state.nextAllowed =
      state.failures >= MAX_FAILURES
        ? now + WINDOW_MS
        : state.failures > FREE_FAILURES
          ? now + 1000 * 2 ** (state.failures - FREE_FAILURES - 1)
          : 0
    this.remember(this.bySource, key, state)
    const account = normalize(username)
    const recent = this.recentAccountFailures(username, now)
    recent.push(now)
    // Only the newest `ceiling` timestamps matter.
    if (recent.length > this.ceiling) recent.splice(0, recent.length - this.ceiling)
    this.remember(this.byAccount, account, recent)
  }

  /** The right password from this source: its own count starts again. */
  recordSuccess(username: string, source: string): void {
    const key = sourceKey(username, source)
    this.bySource.delete(key)
    this.remember(this.knownSources, key, this.now())
  }

  /** Forget everything about an account (its owner reset the password). */
  forgetAccount(username: string): void {
    const account = normalize(username)
    this.byAccount.delete(account)
    for (const key of this.bySource.keys()) if (key.startsWith(`${account}\u0000`)) this.bySource.delete(key)
  }

  private sourceState(username: string, source: string, now: number): SourceState | undefined {
    const key = sourceKey(username, source)
    const state = this.bySource.get(key)
    if (state && now - state.lastFailure > WINDOW_MS && state.nextAllowed <= now) {
      this.bySource.delete(key)
      return undefined
    }
    return state
  }

  private recentAccountFailures(username: string, now: number): number[] {
    const list = this.byAccount.get(normalize(username)) ?? []
    const firstCurrent = list.findIndex((t) => now - t < CEILING_WINDOW_MS)
    return firstCurrent === -1 ? [] : firstCurrent === 0 ? list : list.slice(firstCurrent)
  }

  /** Bounded memory: a flood of made-up names evicts the oldest entries first. */
  private remember<V>(map: Map<string, V>, key: string, value: V) {
    map.delete(key)
    map.set(key, value)
    while (map.size > MAX_TRACKED) map.delete(map.keys().next().value!)
  }
}

const normalize = (username: string) => username.trim().toLowerCase()
const sourceKey = (username: string, source: string) => `${normalize(username)}\u0000${source}`

/** The server's one throttle, shared by our /api/admin login and Payload's own (both go through the admin-users hooks). */
export const loginThrottle = new LoginThrottle()
