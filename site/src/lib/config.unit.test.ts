import { afterEach, describe, expect, it, vi } from 'vitest'
import { clubYear, publicConfig, setPublicConfig } from './config'

/** The footer's © year is the club's: on New Year's Eve the server (UTC) and a visitor elsewhere would disagree. */
describe("the club's year", () => {
  const before = { ...publicConfig }
  afterEach(() => {
    vi.useRealTimers()
    setPublicConfig(before)
  })

  it("turns at midnight in the club's zone, not the server's or the browser's", () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    setPublicConfig({ ...before, clubTimeZone: 'America/Chicago' })
    vi.setSystemTime(new Date('2027-01-01T03:00:00Z')) // 9 pm on New Year's Eve in Chicago
    expect(clubYear()).toBe('2026')
    vi.setSystemTime(new Date('2027-01-01T06:00:01Z'))
    expect(clubYear()).toBe('2027')
  })
})
