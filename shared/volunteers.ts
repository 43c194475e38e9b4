import { addDays, clockFormat } from './clubDay'
import { zonedTimeToUtc } from './games'

/**
 * Volunteer shifts (docs/VOLUNTEERS.md): what the server and both front ends say alike about events, shifts,
 * sign-ups and a family's hours. Instants are ISO strings, days the club's `YYYY-MM-DD`.
 */

export const EVENT_STATUSES = ['draft', 'open', 'closed', 'done'] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]

/**
 * A sign-up's life: confirmed (holds a place) or waitlisted; offered a freed place for a while; cancelled, or
 * cancelled late (after the event's cut-off); checked in on the day (hours credited), a no-show when the
 * coordinator closes the shift, or excused by an admin.
 */
export const SIGNUP_STATUSES = [
  'confirmed',
  'waitlisted',
  'offered',
  'cancelled',
  'cancelled-late',
  'checked-in',
  'no-show',
  'excused',
] as const
export type SignupStatus = (typeof SIGNUP_STATUSES)[number]

export const SIGNUP_STATUS_LABELS: Record<SignupStatus, string> = {
  confirmed: 'Confirmed',
  waitlisted: 'On the waitlist',
  offered: 'Offered a place',
  cancelled: 'Cancelled',
  'cancelled-late': 'Cancelled late',
  'checked-in': 'Checked in',
  'no-show': 'No-show',
  excused: 'Excused',
}

/** The sign-ups that take one of a shift's places. */
export const HOLDS_PLACE: readonly SignupStatus[] = ['confirmed', 'offered', 'checked-in', 'no-show']
/** Still expected on the day, or still waiting for a place: what a volunteer may cancel. */
export const CANCELLABLE: readonly SignupStatus[] = ['confirmed', 'waitlisted', 'offered']

/** What the club shows of who signed up: nothing (the default), or "Ann B." (first name, last initial). */
export const PUBLIC_NAME_CHOICES = ['hidden', 'first-name-last-initial'] as const
export type PublicNameChoice = (typeof PUBLIC_NAME_CHOICES)[number]

/** "Ann Marie Baker" → "Ann B.": the first word and the last word's initial. */
export function firstNameLastInitial(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return ''
  const last = words.length > 1 ? ` ${[...words.at(-1)!][0].toUpperCase()}.` : ''
  return `${words[0]}${last}`
}

/** A shift on the public list (GET /api/volunteer/events): places, never a person. */
export type PublicShift = {
  id: string
  role: string
  startsAt: string
  endsAt: string
  capacity: number
  /** Places left. */
  open: number
  /** Places left on the waitlist once the shift is full (0: no waitlist, or it is full too). */
  waitlist: number
  hours: number
  instructions: string | null
  /** Only when the club chose to show them ("Ann B."). */
  names?: string[]
}

export type PublicVolunteerEvent = {
  id: string
  title: string
  day: string
  place: string
  shifts: PublicShift[]
}

/** A sign-up as its own volunteer sees it (the manage page, /member): their own name and address only. */
export type OwnSignup = {
  status: SignupStatus
  name: string
  email: string
  event: { title: string; day: string; place: string }
  shift: { role: string; startsAt: string; endsAt: string; hours: number; instructions: string | null; cancelled: boolean }
  /** Until when a cancel is a plain one; after it a cancel is kept as "cancelled late". */
  cancelFreeUntil: string
  /** A cancel now would be kept as "cancelled late" (a place held past the cut-off). */
  cancelIsLate: boolean
  /** An offered place is theirs if they take it before this. */
  offerExpiresAt: string | null
  canCancel: boolean
}

/**
 * The manage page (/volunteer/manage/<token>): the sign-up and what was just done to it (a cancel, an offer taken),
 * or that no sign-up has this link.
 */
export type ManageView = { state: 'found'; signup: OwnSignup; token: string; done: 'cancelled' | 'accepted' | null } | { state: 'unknown' }

/** /volunteer's own data beside the list: the club's page text above it, and the answer to a sign-up just sent. */
export type VolunteerPageData = { text: { title: string; html: string } | null; placed: 'confirmed' | 'waitlisted' | null }

/** A household's sign-ups and hours on /member (GET /api/member/volunteer), with what was just done there. */
export type MemberVolunteering = {
  signups: Array<OwnSignup & { id: string }>
  hours: HouseholdHours
  /** When the server read it: which shifts are still ahead, the same on the server and in the browser. */
  asOf: string
  done?: 'cancelled' | 'accepted' | null
}

/** A household's hours in a season (the Members tab, /member): credited on check-in, excused by an admin. */
export type HouseholdHours = {
  season: { id: string; label: string } | null
  credited: number
  excused: number
  /** Paid for instead of worked (a participation fee), when the club offers a buy-out. */
  boughtOut: number
  required: number
}

/** "6 of 10 hours this season", with the hours excused and bought out when there are any: "10 of 10 hours this season (4 bought out)". */
export function hoursInWords(hours: Pick<HouseholdHours, 'credited' | 'excused' | 'boughtOut' | 'required'>): string {
  const done = hours.credited + hours.excused + hours.boughtOut
  const notes = [
    hours.excused > 0 ? `${formatHours(hours.excused)} excused` : '',
    hours.boughtOut > 0 ? `${formatHours(hours.boughtOut)} bought out` : '',
  ].filter(Boolean)
  return `${formatHours(done)} of ${formatHours(hours.required)} hours this season${notes.length ? ` (${notes.join(', ')})` : ''}`
}

/** The hours a household still has to work (or buy out) in the season: never below 0. */
export const hoursMissing = (hours: Pick<HouseholdHours, 'credited' | 'excused' | 'boughtOut' | 'required'>) =>
  Math.max(0, Math.round((hours.required - hours.credited - hours.excused - hours.boughtOut) * 100) / 100)

/** Hours as people write them: 6, 2.5, 1.25. */
export const formatHours = (hours: number) => String(Math.round(hours * 100) / 100)

/** The hours a household owes in a season: per household, plus per athlete after the first. */
export function hoursRequired(season: { perHousehold?: number | null; perAdditionalAthlete?: number | null }, athletes: number): number {
  return (season.perHousehold ?? 0) + (season.perAdditionalAthlete ?? 0) * Math.max(0, athletes - 1)
}

/** The SWR keys of the volunteers' pages' data (the server renders them with it). */
export const VOLUNTEER_DATA = {
  events: '/api/volunteer/events',
  page: 'volunteer:page',
  manage: 'volunteer:manage',
  /** The signed-in member's household on /member (null: not signed in). */
  member: '/api/member/volunteer',
} as const

/** An instant's wall clock in a time zone: its club day and minutes after midnight. */
export function wallClock(instant: string | number | Date, timeZone: string): { day: string; minutes: number } {
  const parts = clockFormat(timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return { day: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) }
}

/** A shift's time as the club reads it: "Fri, Jan 16, 6:00 – 8:00 PM" (both ends on the club's clock). */
export function shiftTimeLabel(startsAt: string, endsAt: string, timeZone: string): string {
  const day = clockFormat(timeZone, { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(startsAt))
  const clock = (instant: string) => clockFormat(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant))
  const sameDay = wallClock(startsAt, timeZone).day === wallClock(endsAt, timeZone).day
  return `${day}, ${clock(startsAt)} – ${sameDay ? '' : `${clockFormat(timeZone, { month: 'short', day: 'numeric' }).format(new Date(endsAt))}, `}${clock(endsAt)}`
}

/** "2 of 4 spots left", "Full: 3 places on the waitlist", "Full". */
export function placesInWords(shift: Pick<PublicShift, 'open' | 'capacity' | 'waitlist'>): string {
  if (shift.open > 0) return `${shift.open} of ${shift.capacity} ${shift.capacity === 1 ? 'spot' : 'spots'} left`
  return shift.waitlist > 0 ? `Full: ${shift.waitlist} ${shift.waitlist === 1 ? 'place' : 'places'} left on the waitlist` : 'Full'
}

/** The instant of a club day and a clock time (minutes after midnight, any number: 1500 is 1:00 AM the next day). */
export function clubInstant(day: string, minutes: number, timeZone: string): Date {
  const carry = Math.floor(minutes / 1440)
  return zonedTimeToUtc(addDays(day, carry), minutes - carry * 1440, timeZone)
}

/** An instant moved on the club's clock: `days` later and `minutes` later, whatever daylight saving does between. */
export function moveOnClubClock(instant: string, days: number, minutes: number, timeZone: string): string {
  const wall = wallClock(instant, timeZone)
  return clubInstant(addDays(wall.day, days), wall.minutes + minutes, timeZone).toISOString()
}

/** An event's club day as people read it: "Friday, January 16" (the year when it is not `thisYear`). */
export function eventDayLabel(day: string, thisYear: string): string {
  const [y, m, d] = day.split('-').map(Number)
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }
  // Noon UTC read in UTC: the same day in every zone.
  return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', String(y) === thisYear ? options : { ...options, year: 'numeric' })
}

/** An instant on a time zone's clock: "Fri, Jan 16, 4:00 PM" (an offer's end, a cut-off). */
export const clockLabel = (instant: string, timeZone: string) =>
  clockFormat(timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant))
