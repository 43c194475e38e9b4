/**
 * The club's calendar (docs/payments.md "The club's day"): a gift belongs to
 * the day it was paid in the club's time zone (CLUB_TIME_ZONE), stored as
 * `YYYY-MM-DD`; that day is never parsed as an instant, on the server or in
 * the browser, so it reads the same in every time zone.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** CLUB_TIME_ZONE when it is not set (cms/env.ts). */
export const DEFAULT_CLUB_TIME_ZONE = 'America/Chicago'

const formats = new Map<string, Intl.DateTimeFormat>()
/**
 * A US-English formatter of a time zone's clock, made once per zone and options: making one costs a hundred times
 * more than using it, and a page of shifts or a year of gifts reads the clock thousands of times.
 */
export function clockFormat(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })))
  return format
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone: the club's day of a payment. */
export function todayIn(timeZone: string, now: number | Date = Date.now()): string {
  const parts = clockFormat(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(now))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not one). */
export function isCalendarDay(value: unknown): value is string {
  const match = typeof value === 'string' ? DAY.exec(value) : null
  if (!match) return false
  const [, y, m, d] = match.map(Number)
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** A stored day shown as that day whatever the viewer's zone: "2026-01-01" → "Jan 1, 2026" (`long`: "January 1, 2026"). */
export function calendarDayLabel(day: string, month: 'short' | 'long' = 'short'): string {
  if (!isCalendarDay(day)) return day
  const [y, m, d] = day.split('-').map(Number)
  // Noon UTC read in UTC: the same day in every zone.
  return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', { month, day: 'numeric', year: 'numeric', timeZone: 'UTC' })
}

/** `YYYY-MM-DD` plus `days` (negative: before), by the calendar, never through a time zone. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

const dayNumber = (day: string) => {
  const [y, m, d] = day.split('-').map(Number)
  return Date.UTC(y, m - 1, d) / 86_400_000
}

/** Days from one `YYYY-MM-DD` to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from)
