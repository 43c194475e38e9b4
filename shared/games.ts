import { clockFormat } from './clubDay'

/**
 * The season schedule as the public site shows it (home "Upcoming Games",
 * GET /api/games, GET /api/schedule.ics). Games are stored as a calendar date
 * (YYYY-MM-DD) and a wall-clock time in the club's time zone; nothing here
 * depends on the server's own zone.
 */
export type StoredGame = {
  id: string
  opponent: string
  gameDate: string
  gameTime: string
  location: string
  isHome?: boolean | null
  ourScore?: number | null
  opponentScore?: number | null
  note?: string | null
  cancelled?: boolean | null
  updatedAt?: string
}

export type Outcome = 'W' | 'L' | 'T'

/** One game, ready to show. `date` and `weekday` are null for the built-in schedule, which has no year. */
export type ScheduleGame = {
  id: string
  opponent: string
  date: string | null
  weekday: string | null
  month: string
  day: number
  /** Shown only when the game is not in the current season (a November game of next season reads "Nov 13, 2027"). */
  year: number | null
  time: string
  location: string
  isHome: boolean
  note: string | null
  cancelled: boolean
  result: { ours: number; theirs: number; outcome: Outcome } | null
}

export type Schedule = { upcoming: ScheduleGame[]; recent: ScheduleGame[] }

export const UPCOMING_SHOWN = 6
export const RECENT_SHOWN = 3

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** The three games the site shows while the schedule is empty (the original hard-coded list). */
export const BUILT_IN_SCHEDULE: Schedule = {
  upcoming: [
    {
      opponent: 'Riverside Ravens',
      day: 13,
      time: '7:00 PM',
      isHome: true,
      location: 'Lady Hawks Main Gym',
      note: 'Exhibition · Free admission',
    },
    { opponent: 'Lakeview Lions', day: 18, time: '6:00 PM', isHome: false, location: 'Lakeview High School', note: null },
    { opponent: 'Cedar Creek Cougars', day: 20, time: '6:00 PM', isHome: false, location: 'Cedar Creek High School', note: null },
  ].map((g) => ({ ...g, id: `built-in-${g.day}`, date: null, weekday: null, month: 'Nov', year: null, cancelled: false, result: null })),
  recent: [],
}

/** "19:00", "7:00 PM", "7 pm" → minutes after midnight; null when the text is not a time. */
export function parseGameTime(text: string): number | null {
  const value = text.trim()
  const h24 = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value)
  if (h24) {
    const [h, m] = [Number(h24[1]), Number(h24[2])]
    return h < 24 && m < 60 ? h * 60 + m : null
  }
  const h12 = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?$/i.exec(value)
  if (h12) {
    const [h, m] = [Number(h12[1]), Number(h12[2] ?? 0)]
    if (h < 1 || h > 12 || m > 59) return null
    return ((h % 12) + (/p/i.test(h12[3]) ? 12 : 0)) * 60 + m
  }
  return null
}

/** Minutes after midnight → "7:00 PM". */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60)
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`
}

const partsIn = (instant: number, timeZone: string) => {
  const parts = clockFormat(timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000
}

/** A wall-clock date and time in a time zone → the UTC instant (DST-aware). */
export function zonedTimeToUtc(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number)
  const wall = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60)
  let instant = wall - zoneOffset(wall, timeZone)
  // Near a DST change the offset at the first guess can differ from the offset at the answer.
  const corrected = wall - zoneOffset(instant, timeZone)
  if (corrected !== instant) instant = corrected
  return new Date(instant)
}

/** Today's date (YYYY-MM-DD) in a time zone: shared/clubDay.ts, kept here for the schedule's importers. */
export { todayIn } from './clubDay'

function outcome(ours: number, theirs: number): Outcome {
  return ours > theirs ? 'W' : ours < theirs ? 'L' : 'T'
}

/**
 * The basketball season a day (YYYY-MM-DD) belongs to, named by the year it starts: a season runs from July to June,
 * so Nov 2026 and Feb 2027 are both the 2026 season.
 */
export function seasonOf(day: string): number {
  const [y, m] = day.split('-').map(Number)
  return m >= 7 ? y : y - 1
}

/** One stored game as a card shows it; `today` (the club's day) decides whether its year needs saying. */
export function toScheduleGame(game: StoredGame, today: string): ScheduleGame {
  const [y, m, d] = game.gameDate.split('-').map(Number)
  const minutes = parseGameTime(game.gameTime)
  const scored = typeof game.ourScore === 'number' && typeof game.opponentScore === 'number'
  return {
    id: game.id,
    opponent: game.opponent,
    date: game.gameDate,
    weekday: WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()],
    month: MONTHS[m - 1],
    day: d,
    year: seasonOf(game.gameDate) === seasonOf(today) ? null : y,
    time: minutes === null ? game.gameTime : formatClock(minutes),
    location: game.location,
    isHome: game.isHome ?? true,
    note: game.note || null,
    cancelled: game.cancelled ?? false,
    result: scored ? { ours: game.ourScore!, theirs: game.opponentScore!, outcome: outcome(game.ourScore!, game.opponentScore!) } : null,
  }
}

/** Stored games in date and time order. */
export function sortGames<T extends StoredGame>(games: T[]): T[] {
  const key = (g: StoredGame) => `${g.gameDate} ${String(parseGameTime(g.gameTime) ?? 9999).padStart(4, '0')}`
  return [...games].sort((a, b) => key(a).localeCompare(key(b)))
}

/** Whether a game's start (its day and time in the club's time zone) has come; a time that does not read counts from the day's start. */
export function hasStarted(game: Pick<StoredGame, 'gameDate' | 'gameTime'>, timeZone: string, now: number | Date = Date.now()): boolean {
  return zonedTimeToUtc(game.gameDate, parseGameTime(game.gameTime) ?? 0, timeZone).getTime() <= new Date(now).getTime()
}

/**
 * What the home page shows: the next games from today on (in the club's time
 * zone) and the latest finals with a score. No games at all: the built-in three.
 * An upcoming game shows a score only once it has started (`clock`: the club's zone and now; without it, never): a
 * score typed for a game not yet played is not a result.
 */
export function buildSchedule(games: StoredGame[], today: string, clock?: { timeZone: string; now: number | Date }): Schedule {
  if (games.length === 0) return BUILT_IN_SCHEDULE
  const sorted = sortGames(games)
  const started = (g: StoredGame) => (clock ? hasStarted(g, clock.timeZone, clock.now) : false)
  return {
    upcoming: sorted
      .filter((g) => g.gameDate >= today)
      .slice(0, UPCOMING_SHOWN)
      .map((g) => {
        const shown = toScheduleGame(g, today)
        return started(g) ? shown : { ...shown, result: null }
      }),
    recent: sorted
      .filter((g) => g.gameDate < today && typeof g.ourScore === 'number' && typeof g.opponentScore === 'number')
      .slice(-RECENT_SHOWN)
      .reverse()
      .map((g) => toScheduleGame(g, today)),
  }
}
