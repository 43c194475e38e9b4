import { clockLabel, eventDayLabel, shiftTimeLabel } from '#shared/volunteers'
import { clubYear, publicConfig } from '#site/lib/config.ts'

/** A shift's time on the club's clock (CLUB_TIME_ZONE), on the server and in every browser alike. */
export const shiftWhen = (shift: { startsAt: string; endsAt: string }) =>
  shiftTimeLabel(shift.startsAt, shift.endsAt, publicConfig.clubTimeZone || 'UTC')

/** An event's club day: "Friday, January 16". */
export const eventDay = (day: string) => eventDayLabel(day, clubYear())

/** An instant on the club's clock: "Fri, Jan 16, 4:00 PM". */
export const clubClock = (instant: string) => clockLabel(instant, publicConfig.clubTimeZone || 'UTC')
