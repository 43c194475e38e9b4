import { describe, expect, it } from 'vitest'
import { CEILING_WINDOW_MS, FREE_FAILURES, LoginThrottle, MAX_FAILURES, WINDOW_MS } from './throttle'

/** The throttle's schedule, on a clock the test moves (the API suites cover it over HTTP). */
function clock() {
  let now = Date.parse('2026-11-22T20:00:00Z')
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('LoginThrottle', () => {
  it('lets 3 failures pass, then doubles the wait (1 s … 32 s), then refuses the source for 15 minutes', () => {
    const time = clock()
    const throttle = new LoginThrottle(1000, time.now)
    const waits: number[] = []
    for (let i = 1; i <= MAX_FAILURES; i++) {
      const refusal = throttle.check('coach', 'a')
      if (refusal) {
        waits.push(refusal.retryAfterSeconds)
        time.advance(refusal.retryAfterSeconds * 1000)
        expect(throttle.check('coach', 'a')).toBeNull()
      }
      throttle.recordFailure('coach', 'a')
    }
    expect(FREE_FAILURES).toBe(3)
    expect(waits).toEqual([1, 2, 4, 8, 16, 32])
    expect(throttle.check('coach', 'a')).toEqual({ retryAfterSeconds: WINDOW_MS / 1000, reason: 'source' })
    // Another source, and the same source for another name, are untouched.
    expect(throttle.check('coach', 'b')).toBeNull()
    expect(throttle.check('other', 'a')).toBeNull()
    time.advance(WINDOW_MS)
    expect(throttle.check('coach', 'a')).toBeNull()
    // After a quiet window the count starts again.
    time.advance(1)
    throttle.recordFailure('coach', 'a')
    expect(throttle.check('coach', 'a')).toBeNull()
  })

  it('a success from a source clears its count', () => {
    const throttle = new LoginThrottle(1000, clock().now)
    for (let i = 0; i < 5; i++) throttle.recordFailure('coach', 'a')
    expect(throttle.check('coach', 'a')).not.toBeNull()
    throttle.recordSuccess('coach', 'a')
    expect(throttle.check('coach', 'a')).toBeNull()
  })

  it('an account-wide ceiling refuses new sources for a sliding hour, never a source the account signed in from', () => {
    const time = clock()
    const throttle = new LoginThrottle(5, time.now)
    throttle.recordSuccess('Coach', 'home')
    for (let i = 0; i < 5; i++) {
      throttle.recordFailure('coach', `bot-${i}`)
      time.advance(60_000)
    }
    const refusal = throttle.check('coach', 'bot-99')
    expect(refusal).toEqual({ retryAfterSeconds: (CEILING_WINDOW_MS - 5 * 60_000) / 1000, reason: 'account' })
    expect(throttle.check(' COACH ', 'home')).toBeNull()
    // The oldest failure leaves the hour: below the ceiling again.
    time.advance(refusal!.retryAfterSeconds * 1000)
    expect(throttle.check('coach', 'bot-99')).toBeNull()
  })

  it('forgetting an account clears every source and the ceiling', () => {
    const throttle = new LoginThrottle(2, clock().now)
    for (let i = 0; i < 12; i++) throttle.recordFailure('coach', i % 2 ? 'a' : 'b')
    expect(throttle.check('coach', 'a')).not.toBeNull()
    throttle.forgetAccount('coach')
    expect(throttle.check('coach', 'a')).toBeNull()
    expect(throttle.check('coach', 'c')).toBeNull()
  })
})
