import type { Payload, PayloadRequest } from 'payload'
import { inTransaction, upsertByKey } from '../db/transaction'
import { oneAtATime } from './accountQueue'
import { env } from '../env'

/**
 * Login throttling that an attacker cannot turn against the owner
 * (SECURITY.md §1). Instead of locking the account, failures are counted
 *  - per account and source address: the first FREE_FAILURES cost nothing,
 *    then each further one doubles the wait before the next attempt from
 *    that source (1 s, 2 s, 4 s … 32 s; LOGIN_FIRST_WAIT_SECONDS is the first), and after MAX_FAILURES that source
 *    is refused for WINDOW_MS; other sources are not affected, so the owner's
 *    right password from home still works while an attacker hammers;
 *  - per account over all sources (LOGIN_ACCOUNT_CEILING per hour, far above
 *    anyone's typing): beyond it, a login from an address this account has not
 *    signed in from (in the last 30 days) needs a second step besides the
 *    password (cms/auth/loginGuard.ts): the authenticator code, or a one-time
 *    sign-in link mailed to the account. Nobody is refused; the ceiling lifts
 *    by itself as the hour slides on.
 * Keys are the typed username, so an unknown name is throttled exactly like a
 * real one and the answers cannot tell them apart. The state is kept in the
 * database (collection `login-throttle`): it survives a restart, and
 * `npm run admin:reset` (another process) lifts it at once.
 */
export const FREE_FAILURES = 3
export const MAX_FAILURES = 10
export const WINDOW_MS = 15 * 60_000
export const CEILING_WINDOW_MS = 60 * 60_000
const KNOWN_SOURCE_MS = 30 * 24 * 60 * 60_000

type SourceState = { failures: number; lastFailure: number; nextAllowed: number }
type AccountState = { failures: number[] }
type KnownState = { at: number }

export type Refusal = { retryAfterSeconds: number }
/** What a login attempt may do: wait (429), or go on with or without a second step. */
export type Verdict = { wait: Refusal | null; secondStep: boolean }

export type ThrottleKind = 'source' | 'account' | 'known' | 'link' | 'mails'
export type ThrottleRecord = { kind: ThrottleKind; account: string; state: unknown; expiresAt: number }

/** Where the throttle keeps its state: the database on the server, a Map in unit tests. */
export interface ThrottleStore {
  get(key: string): Promise<ThrottleRecord | null>
  put(key: string, record: ThrottleRecord): Promise<void>
  delete(key: string): Promise<void>
  /** Deletes an account's failure counts (not its known addresses, nor its links). */
  forgetFailures(account: string): Promise<void>
}

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly ceiling = env.LOGIN_ACCOUNT_CEILING,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * What an attempt may do. `pending`: this account's attempts from other sources already past their check and not
   * yet counted (their passwords are being checked): they count toward the ceiling as failures until they are.
   */
  async check(username: string, source: string, pending = 0): Promise<Verdict> {
    const now = this.now()
    const state = await this.sourceState(username, source, now)
    if (state && state.nextAllowed > now) {
      return { wait: { retryAfterSeconds: Math.ceil((state.nextAllowed - now) / 1000) }, secondStep: false }
    }
    if ((await this.recentAccountFailures(username, now)).length + pending < this.ceiling) return { wait: null, secondStep: false }
    return { wait: null, secondStep: !(await this.isKnown(username, source)) }
  }

  /** Whether this account signed in from this source in the last 30 days (the owner's home, her phone's network). */
  async isKnown(username: string, source: string): Promise<boolean> {
    const now = this.now()
    const known = (await this.read<KnownState>(knownKey(username, source), now))?.at ?? -Infinity
    return now - known < KNOWN_SOURCE_MS
  }

  /**
   * One failure more for this source and the account. The account's list is read and written again: one write at a
   * time per account in this process, or two sources failing together would each drop the other's.
   */
  recordFailure(username: string, source: string): Promise<void> {
    return oneAtATime(`\u0000failures:${normalize(username)}`, () => this.countFailure(username, source))
  }

  private async countFailure(username: string, source: string): Promise<void> {
    const now = this.now()
    const account = normalize(username)
    const state = (await this.sourceState(username, source, now)) ?? { failures: 0, lastFailure: now, nextAllowed: 0 }
    state.failures += 1
    state.lastFailure = now
    state.nextAllowed =
      state.failures >= MAX_FAILURES
        ? now + WINDOW_MS
        : state.failures > FREE_FAILURES
          ? now + 1000 * env.LOGIN_FIRST_WAIT_SECONDS * 2 ** (state.failures - FREE_FAILURES - 1)
          : 0
    const forgetAt = Math.max(state.nextAllowed, now + WINDOW_MS)
    await this.store.put(sourceKey(username, source), { kind: 'source', account, state, expiresAt: forgetAt })
    // Only the newest `ceiling` timestamps matter.
    const failures = [...(await this.recentAccountFailures(username, now)), now].slice(-this.ceiling)
    await this.store.put(accountKey(username), { kind: 'account', account, state: { failures }, expiresAt: now + CEILING_WINDOW_MS })
  }

  /** The right password (and code) from this source: its own count starts again, and the address is known. */
  async recordSuccess(username: string, source: string): Promise<void> {
    const now = this.now()
    await this.store.delete(sourceKey(username, source))
    const state: KnownState = { at: now }
    await this.store.put(knownKey(username, source), {
      kind: 'known',
      account: normalize(username),
      state,
      expiresAt: now + KNOWN_SOURCE_MS,
    })
  }

  /** Forget every failure of an account (an admin lifted it, or the owner reset the password). */
  forgetAccount(username: string): Promise<void> {
    return this.store.forgetFailures(normalize(username))
  }

  private async read<T>(key: string, now: number): Promise<T | undefined> {
    const record = await this.store.get(key)
    return record && record.expiresAt > now ? (record.state as T) : undefined
  }

  private async sourceState(username: string, source: string, now: number): Promise<SourceState | undefined> {
    const state = await this.read<SourceState>(sourceKey(username, source), now)
    return state && now - state.lastFailure > WINDOW_MS && state.nextAllowed <= now ? undefined : state
  }

  private async recentAccountFailures(username: string, now: number): Promise<number[]> {
    const list = (await this.read<AccountState>(accountKey(username), now))?.failures ?? []
    return list.filter((t) => now - t < CEILING_WINDOW_MS)
  }
}

// NUL would cut stored text short (SQLite): a typed username's are dropped, and keys are JSON.
const normalize = (username: string) => username.trim().toLowerCase().replaceAll('\u0000', '')
export const throttleKey = (...parts: string[]) => JSON.stringify(parts)
const sourceKey = (username: string, source: string) => throttleKey('source', normalize(username), source)
const knownKey = (username: string, source: string) => throttleKey('known', normalize(username), source)
const accountKey = (username: string) => throttleKey('account', normalize(username))

export const THROTTLE_COLLECTION = 'login-throttle'

/**
 * The throttle's rows in the database, through Payload's database adapter
 * (SQLite and MongoDB alike) rather than the Local API: no hooks run (no audit
 * row, no page-cache flush for each failed login). Inside a login's
 * transaction, `req` makes the write part of it.
 */
export function databaseStore(payload: Payload, req?: Partial<PayloadRequest>): ThrottleStore {
  const collection = THROTTLE_COLLECTION
  type Row = { id: string | number; kind: ThrottleKind; account: string; state: unknown; expiresAt: string }
  return {
    async get(key) {
      const row = (await payload.db.findOne({ collection, where: { key: { equals: key } }, req })) as Row | null
      return row ? { kind: row.kind, account: row.account, state: row.state, expiresAt: new Date(row.expiresAt).getTime() } : null
    },
    async put(key, record) {
      await upsertByKey(payload, collection, key, { ...record, expiresAt: new Date(record.expiresAt).toISOString() }, req)
    },
    async delete(key) {
      await payload.db.deleteOne({ collection, where: { key: { equals: key } }, req, returning: false })
    },
    async forgetFailures(account) {
      await payload.db.deleteMany({
        collection,
        where: { and: [{ account: { equals: account } }, { kind: { in: ['source', 'account'] } }] },
        req,
      })
    },
  }
}

/** The server's throttle, shared by every login path (our /api/admin/login and Payload's own go through the admin-users hooks). */
export const loginThrottle = (payload: Payload, req?: Partial<PayloadRequest>) => new LoginThrottle(databaseStore(payload, req))

/** Mails of one kind an account (or a member's address) may get an hour, however many addresses ask (SECURITY.md §1): recovery links, sign-in links, membership links. */
export const MAILS_PER_HOUR = 3
const MAIL_WINDOW_MS = 60 * 60_000

/**
 * Takes one of the account's mails of this kind for the hour, if one is left: false when MAILS_PER_HOUR
 * were sent in the last hour. Kept in the database like the login throttle, so every process counts together.
 */
export function takeMail(payload: Payload, kind: 'recovery' | 'sign-in-link' | 'membership', username: string): Promise<boolean> {
  // Read and count in one transaction: requests arriving together cannot each see a mail left.
  return inTransaction(payload, null, async (req) => {
    const now = Date.now()
    const store = databaseStore(payload, req)
    const key = throttleKey('mails', kind, normalize(username))
    const record = await store.get(key)
    const sent = ((record && record.expiresAt > now ? (record.state as { sent?: number[] }).sent : undefined) ?? []).filter(
      (at) => now - at < MAIL_WINDOW_MS,
    )
    if (sent.length >= MAILS_PER_HOUR) return false
    await store.put(key, { kind: 'mails', account: normalize(username), state: { sent: [...sent, now] }, expiresAt: now + MAIL_WINDOW_MS })
    return true
  })
}

/** Rows whose time has passed; run at start and hourly (cms/start.ts). */
export async function pruneLoginThrottle(payload: Payload, now = Date.now()): Promise<void> {
  await payload.db.deleteMany({ collection: THROTTLE_COLLECTION, where: { expiresAt: { less_than: new Date(now).toISOString() } } })
}
