import { isCalendarDay } from '#shared/clubDay'
import { clubDayOf } from '../env'
import { refuse } from '../hooks/refuse'

/**
 * A day a person gives for the books (a gift received, a refund or void made, a deposit taken to the bank):
 * a calendar day, never one to come (at most the club's today, `CLUB_TIME_ZONE`) and not before what it
 * follows; else refused (400) with the reason, never replaced.
 */
export function checkDay(field: string, day: unknown, what: string, notBefore?: { day: string; what: string }): string {
  if (!isCalendarDay(day)) throw refuse(400, `${field}: Must be a day written YYYY-MM-DD`)
  const today = clubDayOf()
  if (day > today) throw refuse(400, `${field}: ${day} is in the future: ${what} is at most the club's today (${today})`)
  if (notBefore && day < notBefore.day) throw refuse(400, `${field}: ${day} is before ${notBefore.what} (${notBefore.day})`)
  return day
}
