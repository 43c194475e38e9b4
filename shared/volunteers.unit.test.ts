import { describe, expect, it } from 'vitest'
import { addDays, daysBetween } from './clubDay'
import {
  CANCELLABLE,
  clockLabel,
  clubInstant,
  eventDayLabel,
  firstNameLastInitial,
  HOLDS_PLACE,
  hoursInWords,
  hoursMissing,
  hoursRequired,
  moveOnClubClock,
  placesInWords,
  shiftTimeLabel,
  SIGNUP_STATUS_LABELS,
  SIGNUP_STATUSES,
  wallClock,
} from './volunteers'

const CHICAGO = 'America/Chicago'
/**
 * Instants written by hand from Chicago's clock: UTC−6 in winter (CST), UTC−5 in summer (CDT, from 2026-03-08 2:00 to
 * 2026-11-01 2:00).
 */
const AT: Record<string, string> = {
  '2026-01-15 23:30': '2026-01-16T05:30:00.000Z',
  '2026-01-16 16:00': '2026-01-16T22:00:00.000Z',
  '2026-01-16 18:00': '2026-01-17T00:00:00.000Z',
  '2026-01-16 18:30': '2026-01-17T00:30:00.000Z',
  '2026-01-16 20:00': '2026-01-17T02:00:00.000Z',
  '2026-01-16 22:00': '2026-01-17T04:00:00.000Z',
  '2026-01-16 23:00': '2026-01-17T05:00:00.000Z',
  '2026-01-17 00:30': '2026-01-17T06:30:00.000Z',
  '2026-01-17 01:00': '2026-01-17T07:00:00.000Z',
  '2026-03-07 18:00': '2026-03-08T00:00:00.000Z',
  '2026-03-08 19:00': '2026-03-09T00:00:00.000Z',
  '2026-03-14 17:00': '2026-03-14T22:00:00.000Z',
  '2026-10-31 18:00': '2026-10-31T23:00:00.000Z',
  '2026-11-01 18:00': '2026-11-02T00:00:00.000Z',
}
const at = (day: string, time: string) => AT[`${day} ${time}`]

describe('volunteers’ words and times', () => {
  it('shows a name as first name and last initial, and nothing for no name', () => {
    expect(firstNameLastInitial('Ann Marie Baker')).toBe('Ann B.')
    expect(firstNameLastInitial('  cher  ')).toBe('cher')
    expect(firstNameLastInitial('Zoë ørsted')).toBe('Zoë Ø.')
    expect(firstNameLastInitial('')).toBe('')
  })

  it('counts a place as taken by whoever is expected or came, and lets a volunteer cancel only what is still ahead', () => {
    // Each status as the coordinator reads it: [label, holds one of the shift's places, may still be cancelled].
    const rule = {
      confirmed: ['Confirmed', true, true],
      waitlisted: ['On the waitlist', false, true],
      offered: ['Offered a place', true, true],
      cancelled: ['Cancelled', false, false],
      'cancelled-late': ['Cancelled late', false, false],
      'checked-in': ['Checked in', true, false],
      'no-show': ['No-show', true, false],
      excused: ['Excused', false, false],
    }
    expect(Object.keys(rule).sort()).toEqual([...SIGNUP_STATUSES].sort())
    for (const [status, [label, holdsPlace, cancellable]] of Object.entries(rule) as Array<
      [keyof typeof rule, [string, boolean, boolean]]
    >) {
      expect(SIGNUP_STATUS_LABELS[status]).toBe(label)
      expect(HOLDS_PLACE.includes(status), `${status} holds a place`).toBe(holdsPlace)
      expect(CANCELLABLE.includes(status), `${status} may be cancelled`).toBe(cancellable)
    }
  })

  it('says the places left, the waitlist’s, or full', () => {
    expect(placesInWords({ open: 2, capacity: 4, waitlist: 10 })).toBe('2 of 4 spots left')
    expect(placesInWords({ open: 1, capacity: 1, waitlist: 0 })).toBe('1 of 1 spot left')
    expect(placesInWords({ open: 0, capacity: 4, waitlist: 1 })).toBe('Full: 1 place left on the waitlist')
    expect(placesInWords({ open: 0, capacity: 4, waitlist: 3 })).toBe('Full: 3 places left on the waitlist')
    expect(placesInWords({ open: 0, capacity: 4, waitlist: 0 })).toBe('Full')
  })

  it('owes the season’s hours per household plus per athlete after the first, and says how many are done', () => {
    const season = { perHousehold: 10, perAdditionalAthlete: 2.5 }
    expect([0, 1, 2, 3].map((athletes) => hoursRequired(season, athletes))).toEqual([10, 10, 12.5, 15])
    expect(hoursRequired({}, 3)).toBe(0)
    expect(hoursRequired({ perHousehold: null, perAdditionalAthlete: 4 }, 2)).toBe(4)
    expect(hoursInWords({ credited: 6, excused: 0, boughtOut: 0, required: 10 })).toBe('6 of 10 hours this season')
    expect(hoursInWords({ credited: 4.5, excused: 1.25, boughtOut: 0, required: 12.5 })).toBe(
      '5.75 of 12.5 hours this season (1.25 excused)',
    )
    expect(hoursInWords({ credited: 6, excused: 0, boughtOut: 4, required: 10 })).toBe('10 of 10 hours this season (4 bought out)')
    expect(hoursInWords({ credited: 1, excused: 2, boughtOut: 3, required: 10 })).toBe(
      '6 of 10 hours this season (2 excused, 3 bought out)',
    )
    // Still to work: what is neither worked, excused nor bought out, to the hundredth, never below 0.
    expect(hoursMissing({ credited: 6, excused: 0, boughtOut: 0, required: 10 })).toBe(4)
    expect(hoursMissing({ credited: 4.5, excused: 1.25, boughtOut: 2, required: 10 })).toBe(2.25)
    expect(hoursMissing({ credited: 0.1, excused: 0.2, boughtOut: 0, required: 0.3 })).toBe(0)
    expect(hoursMissing({ credited: 12, excused: 0, boughtOut: 0, required: 10 })).toBe(0)
  })

  it('reads an instant on the club’s clock and makes one from it, the night of a daylight-saving change too', () => {
    expect(wallClock(at('2026-01-16', '18:30'), CHICAGO)).toEqual({ day: '2026-01-16', minutes: 18 * 60 + 30 })
    // 23:30 in Chicago is already the next day in UTC.
    expect(wallClock('2026-01-17T05:30:00.000Z', CHICAGO)).toEqual({ day: '2026-01-16', minutes: 23 * 60 + 30 })
    expect(clubInstant('2026-01-16', 18 * 60, CHICAGO).toISOString()).toBe(at('2026-01-16', '18:00'))
    // Minutes past midnight carry into the next day; before it, into the day before.
    expect(clubInstant('2026-01-16', 25 * 60, CHICAGO).toISOString()).toBe(at('2026-01-17', '01:00'))
    expect(clubInstant('2026-01-16', -30, CHICAGO).toISOString()).toBe(at('2026-01-15', '23:30'))
    // The day Chicago's clocks go forward (2026-03-08), 7 PM is still 7 PM on the club's clock.
    expect(clubInstant('2026-03-08', 19 * 60, CHICAGO).toISOString()).toBe(at('2026-03-08', '19:00'))
  })

  it('moves a shift on the club’s clock by days and minutes, keeping its wall-clock time across daylight saving', () => {
    // A Saturday game at 7 PM moved a week on, over the spring change, and an hour earlier.
    expect(moveOnClubClock(at('2026-03-07', '18:00'), 7, -60, CHICAGO)).toBe(at('2026-03-14', '17:00'))
    // The night the clocks go back (2026-11-01): a day later is 25 hours later.
    expect(moveOnClubClock(at('2026-10-31', '18:00'), 1, 0, CHICAGO)).toBe(at('2026-11-01', '18:00'))
    expect(moveOnClubClock(at('2026-01-16', '23:00'), 0, 90, CHICAGO)).toBe(at('2026-01-17', '00:30'))
  })

  it('writes a shift’s time and an event’s day as the club reads them', () => {
    expect(shiftTimeLabel(at('2026-01-16', '18:00'), at('2026-01-16', '20:00'), CHICAGO)).toBe('Fri, Jan 16, 6:00 PM – 8:00 PM')
    expect(shiftTimeLabel(at('2026-01-16', '22:00'), at('2026-01-17', '01:00'), CHICAGO)).toBe('Fri, Jan 16, 10:00 PM – Jan 17, 1:00 AM')
    expect(clockLabel(at('2026-01-16', '16:00'), CHICAGO)).toBe('Fri, Jan 16, 4:00 PM')
    expect(clockLabel(at('2026-01-17', '00:30'), CHICAGO)).toBe('Sat, Jan 17, 12:30 AM')
    expect(eventDayLabel('2026-01-16', '2026')).toBe('Friday, January 16')
    expect(eventDayLabel('2027-01-16', '2026')).toBe('Saturday, January 16, 2027')
  })

  it('counts club days by the calendar', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(daysBetween('2026-03-07', '2026-03-14')).toBe(7)
    expect(daysBetween('2026-12-31', '2026-01-01')).toBe(-364)
    expect(daysBetween('2026-05-05', '2026-05-05')).toBe(0)
  })
})
