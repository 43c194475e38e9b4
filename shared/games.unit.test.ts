import { describe, expect, it } from 'vitest'
import { BUILT_IN_SCHEDULE, buildSchedule, parseGameTime, todayIn, zonedTimeToUtc } from './games'

describe('game times', () => {
  it('reads 24-hour and 12-hour clock times, and nothing else', () => {
    expect(parseGameTime('19:00')).toBe(19 * 60)
    expect(parseGameTime('7:00 PM')).toBe(19 * 60)
    expect(parseGameTime('7 pm')).toBe(19 * 60)
    expect(parseGameTime('12:15 AM')).toBe(15)
    expect(parseGameTime('12:00 PM')).toBe(12 * 60)
    expect(parseGameTime('TBA')).toBeNull()
    expect(parseGameTime('25:00')).toBeNull()
    expect(parseGameTime('13:00 PM')).toBeNull()
  })

  it('converts a wall-clock time in the club time zone to UTC on both sides of a DST change', () => {
    const utc = (date: string, time: string, zone: string) => zonedTimeToUtc(date, parseGameTime(time)!, zone).toISOString()
    // Chicago: CST (UTC-6) until 2026-03-08 02:00, CDT (UTC-5) until 2026-11-01 02:00.
    expect(utc('2026-03-07', '19:00', 'America/Chicago')).toBe('2026-03-08T01:00:00.000Z')
    expect(utc('2026-03-08', '19:00', 'America/Chicago')).toBe('2026-03-09T00:00:00.000Z')
    expect(utc('2026-10-31', '19:00', 'America/Chicago')).toBe('2026-11-01T00:00:00.000Z')
    expect(utc('2026-11-01', '19:00', 'America/Chicago')).toBe('2026-11-02T01:00:00.000Z')
    // Another zone, another rule: Berlin changes on the last Sunday of March.
    expect(utc('2026-03-28', '18:00', 'Europe/Berlin')).toBe('2026-03-28T17:00:00.000Z')
    expect(utc('2026-03-29', '18:00', 'Europe/Berlin')).toBe('2026-03-29T16:00:00.000Z')
  })

  it("gives today's date in the club time zone, not the server's", () => {
    const instant = Date.parse('2026-11-22T03:30:00Z') // still Nov 21 in Chicago
    expect(todayIn('America/Chicago', instant)).toBe('2026-11-21')
    expect(todayIn('UTC', instant)).toBe('2026-11-22')
  })
})

describe('the schedule shown on the home page', () => {
  const game = (id: string, gameDate: string, extra: object = {}) => ({
    id,
    opponent: `Team ${id}`,
    gameDate,
    gameTime: '18:00',
    location: 'Gym',
    ...extra,
  })

  it('shows the built-in three games only when there are no games at all', () => {
    expect(buildSchedule([], '2026-11-01')).toBe(BUILT_IN_SCHEDULE)
    expect(BUILT_IN_SCHEDULE.upcoming.map((g) => `${g.month} ${g.day} · ${g.time}`)).toEqual([
      'Nov 13 · 7:00 PM',
      'Nov 18 · 6:00 PM',
      'Nov 20 · 6:00 PM',
    ])
    expect(buildSchedule([game('a', '2026-01-01')], '2026-11-01')).toEqual({ upcoming: [], recent: [] })
  })

  it('lists games from today on in date order, and the latest finals with W/L/T', () => {
    const schedule = buildSchedule(
      [
        game('later', '2026-11-20'),
        game('today', '2026-11-10', { gameTime: '7:00 PM', note: 'Free admission' }),
        game('won', '2026-11-01', { ourScore: 50, opponentScore: 40 }),
        game('tied', '2026-11-03', { ourScore: 40, opponentScore: 40 }),
        game('lost', '2026-11-05', { ourScore: 30, opponentScore: 41 }),
        game('unscored', '2026-11-07'),
      ],
      '2026-11-10',
    )
    expect(schedule.upcoming.map((g) => g.id)).toEqual(['today', 'later'])
    expect(schedule.upcoming[0]).toMatchObject({ weekday: 'Tue', month: 'Nov', day: 10, time: '7:00 PM', note: 'Free admission' })
    expect(schedule.recent.map((g) => [g.id, g.result?.outcome])).toEqual([
      ['lost', 'L'],
      ['tied', 'T'],
      ['won', 'W'],
    ])
  })

  it('shows no score under Upcoming Games for a game whose start has not come in the club’s zone', () => {
    const scored = { ourScore: 54, opponentScore: 47 }
    const games = [game('tonight', '2026-11-10', { gameTime: '7:00 PM', ...scored }), game('saturday', '2026-11-14', scored)]
    // 6:59 PM and 7:00 PM in Chicago (CST, UTC−6), written as UTC instants by hand.
    const at = (iso: string) => buildSchedule(games, '2026-11-10', { timeZone: 'America/Chicago', now: Date.parse(iso) })
    const results = (iso: string) =>
      at(iso).upcoming.map((g) => [g.id, g.result && `${g.result.outcome} ${g.result.ours}-${g.result.theirs}`])
    expect(results('2026-11-11T00:59:00Z')).toEqual([
      ['tonight', null],
      ['saturday', null],
    ])
    expect(results('2026-11-11T01:00:00Z')).toEqual([
      ['tonight', 'W 54-47'],
      ['saturday', null],
    ])
    // Without the club's clock nothing upcoming shows a score.
    expect(buildSchedule(games, '2026-11-10').upcoming.every((g) => g.result === null)).toBe(true)
  })

  it('says the year of a game outside the current season, and sorts next season’s November after this December', () => {
    const schedule = buildSchedule(
      [game('next-season', '2027-11-13'), game('this-season', '2026-12-05'), game('new-year', '2027-02-01')],
      '2026-11-26',
    )
    expect(schedule.upcoming.map((g) => [g.id, g.month, g.day, g.year])).toEqual([
      ['this-season', 'Dec', 5, null],
      ['new-year', 'Feb', 1, null],
      ['next-season', 'Nov', 13, 2027],
    ])
    // A final of last season read in the new one says its year too.
    expect(buildSchedule([game('old', '2026-03-01', { ourScore: 1, opponentScore: 0 })], '2026-11-26').recent[0].year).toBe(2026)
  })
})
