/**
 * The club's calendar as the tests work it out: with `Intl` alone, never with the product's own day functions
 * (shared/clubDay.ts, shared/games.ts), so a wrong product function cannot make its own expectation and pass.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The first of `zones` whose day is not UTC's now and half an hour on (while a test file runs), else the last: a server
 * in it that dates anything by UTC's day instead of the club's is caught whatever the hour.
 */
function zoneNotOnUtcDay(zones: string[]): string {
  const now = Date.now()
  const differs = (zone: string) => [now, now + 30 * 60_000].every((at) => clubDay(at, zone) !== clubDay(at, 'UTC'))
  return zones.find(differs) ?? zones.at(-1)!
}

/** UTC−12 until about 11:30 UTC, then UTC+14 (whose day is UTC's next until midnight UTC). */
export const ZONE_NOT_ON_UTC_DAY = zoneNotOnUtcDay(['Etc/GMT+12', 'Pacific/Kiritimati'])

/**
 * The same for a club whose clocks change (a test of what daylight-saving time says): Adak (UTC−10, −9 in its summer),
 * Chatham (UTC+12:45, +13:45) or Auckland (UTC+12, +13); Chicago in the hour or so none of them covers (about
 * 09:30–10:15 UTC in December, 08:30–11:15 in July) and in the last half hour before midnight UTC.
 */
export const DST_ZONE_NOT_ON_UTC_DAY = zoneNotOnUtcDay(['America/Adak', 'Pacific/Chatham', 'Pacific/Auckland', 'America/Chicago'])

/** The calendar day (YYYY-MM-DD) an instant (ms, or a Date) falls on in a zone. */
export function clubDay(instant: number | Date, timeZone = 'America/Chicago'): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format.format(instant)
}

/** The wall clock (as if in UTC, ms) a zone shows at an instant. */
function wallClock(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant)
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'))
}

/**
 * Seconds since the epoch of a wall-clock time (HH:MM) on a day in a zone: of the offsets the zone has in the day
 * around it, the one whose instant the zone's clock reads back as that time (the evening and New Year's Eve cases
 * are chosen in club time, so no test depends on the hour it runs).
 */
export function clubTime(date: string, time: string, timeZone = 'America/Chicago'): number {
  const wall = Date.parse(`${date}T${time}:00Z`)
  for (const around of [wall - 12 * 3600_000, wall + 12 * 3600_000]) {
    const instant = wall - (wallClock(around, timeZone) - around)
    if (wallClock(instant, timeZone) === wall) return instant / 1000
  }
  throw new Error(`${date} ${time} does not exist in ${timeZone} (the clocks skip it)`)
}

/** A calendar day as receipts, statements and mails write it ("November 24, 2026"), by `Intl`. */
export const dayInWords = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** A calendar day `days` later (earlier when negative), counted on the calendar alone. */
export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
