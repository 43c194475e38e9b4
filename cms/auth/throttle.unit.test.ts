import { describe, expect, it } from 'vitest'
import {
  CEILING_WINDOW_MS,
  FREE_FAILURES,
  LoginThrottle,
  MAX_FAILURES,
  WINDOW_MS,
  type ThrottleRecord,
  type ThrottleStore,
} from './throttle'

/** The throttle's schedule, on a clock the test moves and a Map for the database (the API suites cover the real one over HTTP). */
function clock() {
  let now = Date.parse('2026-11-22T20:00:00Z')
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

function memoryStore(): ThrottleStore {
  const rows = new Map<string, ThrottleRecord>()
  return {
    get: async (key) => rows.get(key) ?? null,
    put: async (key, record) => void rows.set(key, structuredClone(record)),
    delete: async (key) => void rows.delete(key),
    forgetFailures: async (account) => {
      for (const [key, row] of rows) if (row.account === account && (row.kind === 'source' || row.kind === 'account')) rows.delete(key)
    },
  }
}

const open = { wait: null, secondStep: false }

describe('LoginThrottle', () => {
  it('lets 3 failures pass, then doubles the wait (1 s … 32 s), then refuses the source for 15 minutes', async () => {
    const time = clock()
    const throttle = new LoginThrottle(memoryStore(), 1000, time.now)
    const waits: number[] = []
    for (let i = 1; i <= MAX_FAILURES; i++) {
      const { wait } = await throttle.check('coach', 'a')
      if (wait) {
        waits.push(wait.retryAfterSeconds)
        time.advance(wait.retryAfterSeconds * 1000)
        expect(await throttle.check('coach', 'a')).toEqual(open)
      }
      await throttle.recordFailure('coach', 'a')
    }
    expect(FREE_FAILURES).toBe(3)
    expect(waits).toEqual([1, 2, 4, 8, 16, 32])
    expect(await throttle.check('coach', 'a')).toEqual({ wait: { retryAfterSeconds: WINDOW_MS / 1000 }, secondStep: false })
    // Another source, and the same source for another name, are untouched.
    expect(await throttle.check('coach', 'b')).toEqual(open)
    expect(await throttle.check('other', 'a')).toEqual(open)
    time.advance(WINDOW_MS)
    expect(await throttle.check('coach', 'a')).toEqual(open)
    // After a quiet window the count starts again.
    time.advance(1)
    await throttle.recordFailure('coach', 'a')
    expect(await throttle.check('coach', 'a')).toEqual(open)
  })

  it('a success from a source clears its count', async () => {
    const throttle = new LoginThrottle(memoryStore(), 1000, clock().now)
    for (let i = 0; i < 5; i++) await throttle.recordFailure('coach', 'a')
    expect((await throttle.check('coach', 'a')).wait).not.toBeNull()
    await throttle.recordSuccess('coach', 'a')
    expect(await throttle.check('coach', 'a')).toEqual(open)
  })

  it('beyond an account-wide ceiling a new source needs a second step for a sliding hour, never a source the account signed in from', async () => {
    const time = clock()
    const throttle = new LoginThrottle(memoryStore(), 5, time.now)
    await throttle.recordSuccess('Coach', 'home')
    for (let i = 0; i < 5; i++) {
      await throttle.recordFailure('coach', `bot-${i}`)
      time.advance(60_000)
    }
    expect(await throttle.check('coach', 'bot-99')).toEqual({ wait: null, secondStep: true })
    expect(await throttle.check(' COACH ', 'home')).toEqual(open)
    // The oldest failure leaves the hour: below the ceiling again.
    time.advance(CEILING_WINDOW_MS - 5 * 60_000)
    expect(await throttle.check('coach', 'bot-99')).toEqual(open)
  })

  it('counts attempts still being checked toward the ceiling; knows the addresses an account signed in from for 30 days', async () => {
    const time = clock()
    const throttle = new LoginThrottle(memoryStore(), 5, time.now)
    for (let i = 0; i < 3; i++) await throttle.recordFailure('coach', `bot-${i}`)
    // Three failures counted and two guesses from elsewhere in flight: the next new address needs the second step.
    expect(await throttle.check('coach', 'bot-9', 1)).toEqual(open)
    expect(await throttle.check('coach', 'bot-9', 2)).toEqual({ wait: null, secondStep: true })
    expect(await throttle.isKnown('coach', 'home')).toBe(false)
    await throttle.recordSuccess('coach', 'home')
    expect(await throttle.isKnown(' Coach ', 'home')).toBe(true)
    expect(await throttle.isKnown('coach', 'bot-0')).toBe(false)
    expect(await throttle.isKnown('other', 'home')).toBe(false)
    expect(await throttle.check('coach', 'home', 2)).toEqual(open)
    time.advance(30 * 24 * 60 * 60_000)
    expect(await throttle.isKnown('coach', 'home')).toBe(false)
  })

  it('forgetting an account clears every source and the ceiling, and keeps its known addresses', async () => {
    const throttle = new LoginThrottle(memoryStore(), 2, clock().now)
    await throttle.recordSuccess('coach', 'home')
    for (let i = 0; i < 12; i++) await throttle.recordFailure('coach', i % 2 ? 'a' : 'b')
    expect((await throttle.check('coach', 'a')).wait).not.toBeNull()
    expect((await throttle.check('coach', 'c')).secondStep).toBe(true)
    await throttle.forgetAccount('coach')
    expect(await throttle.check('coach', 'a')).toEqual(open)
    expect(await throttle.check('coach', 'c')).toEqual(open)
    for (let i = 0; i < 2; i++) await throttle.recordFailure('coach', 'x')
    expect(await throttle.check('coach', 'home')).toEqual(open)
  })
})
