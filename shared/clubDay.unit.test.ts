import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { calendarDayLabel, DEFAULT_CLUB_TIME_ZONE, isCalendarDay, todayIn } from './clubDay'

const CHICAGO = 'America/Chicago'

describe("the club's day", () => {
  it("is kept in the time zone README's settings table gives CLUB_TIME_ZONE when it is not set", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    expect(readme).toContain(`| \`CLUB_TIME_ZONE\` | \`${DEFAULT_CLUB_TIME_ZONE}\` |`)
  })

  // Fixed instants, the expected days worked out by hand: CST is UTC−6, CDT UTC−5; Chicago springs forward on 2026-03-08
  // and falls back on 2026-11-01.
  it.each([
    ['2026-03-08T05:59:59Z', '2026-03-07', 'the last second before midnight, the night clocks spring forward (CST)'],
    ['2026-03-08T06:00:00Z', '2026-03-08', 'midnight that night (CST)'],
    ['2026-03-09T04:59:59Z', '2026-03-08', 'the last second of that day (CDT)'],
    ['2026-03-09T05:00:00Z', '2026-03-09', 'the next midnight (CDT)'],
    ['2026-11-01T04:59:59Z', '2026-10-31', 'the last second before midnight, the night clocks fall back (CDT)'],
    ['2026-11-01T05:00:00Z', '2026-11-01', 'midnight that night (CDT)'],
    ['2026-11-02T05:59:59Z', '2026-11-01', 'the last second of that day (CST)'],
    ['2026-11-02T06:00:00Z', '2026-11-02', 'the next midnight (CST)'],
    ['2027-01-01T05:59:59Z', '2026-12-31', "New Year's Eve, a second to midnight"],
    ['2027-01-01T06:00:00Z', '2027-01-01', 'New Year'],
  ])('%s is %s in Chicago: %s', (instant, day) => {
    expect(todayIn(CHICAGO, Date.parse(instant))).toBe(day)
    expect(todayIn(CHICAGO, new Date(instant))).toBe(day)
  })

  it('reads each zone at its own offset, with two-digit months and days', () => {
    const instant = Date.parse('2026-02-03T11:30:00Z')
    expect(todayIn('UTC', instant)).toBe('2026-02-03')
    expect(todayIn('Etc/GMT+12', instant)).toBe('2026-02-02') // UTC−12
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2026-02-04') // UTC+14
  })

  it("is today's day when no instant is given", () => {
    const before = new Date().toISOString().slice(0, 10)
    const today = todayIn('UTC')
    const after = new Date().toISOString().slice(0, 10)
    expect([before, after]).toContain(today)
  })
})

describe('calendar days (YYYY-MM-DD)', () => {
  it('takes a real day only', () => {
    for (const day of ['2026-01-01', '2026-12-31', '2024-02-29', '2026-02-28', '2000-02-29']) expect(isCalendarDay(day), day).toBe(true)
    for (const day of [
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
      '1900-02-29',
      '2026-1-01',
      '2026-01-1',
      ' 2026-01-01',
      '2026-01-01 ',
      '2026-01-01T00:00:00Z',
      '20260101',
      '',
      // JavaScript's Date.UTC reads a year below 100 as 19xx: refused rather than misread.
      '0099-12-31',
    ])
      expect(isCalendarDay(day), day).toBe(false)
    for (const value of [null, undefined, 20260101, new Date('2026-01-01'), ['2026-01-01']]) expect(isCalendarDay(value)).toBe(false)
  })

  it('shows a day as that day in every zone: short by default, or long', () => {
    expect(calendarDayLabel('2026-01-01')).toBe('Jan 1, 2026')
    expect(calendarDayLabel('2026-12-31', 'long')).toBe('December 31, 2026')
    expect(calendarDayLabel('2026-07-04', 'short')).toBe('Jul 4, 2026')
    // What is not a day is shown as it is.
    expect(calendarDayLabel('2026-02-30')).toBe('2026-02-30')
    expect(calendarDayLabel('soon')).toBe('soon')
  })
})
