import { createEvent } from 'ics'
import type { VolunteerEvent, VolunteerShift, VolunteerSignup } from '../payload-types'
import { env } from '../env'

/**
 * A volunteer's shift as an RFC 5545 calendar entry (the confirmation's attachment, the manage page's "add to
 * calendar"). Its UID is the sign-up's, and its SEQUENCE the shift's revision: a calendar app that imports the
 * entry mailed after a change (or a cancel, STATUS:CANCELLED) updates the one it has. Times in UTC, as the feed's.
 */
export function shiftCalendar(
  signup: Pick<VolunteerSignup, 'id' | 'status'>,
  shift: VolunteerShift,
  event: VolunteerEvent,
  clubName: string,
): string {
  const host = new URL(env.SERVER_URL).hostname
  const cancelled = Boolean(shift.cancelled) || ['cancelled', 'cancelled-late'].includes(signup.status)
  const { error, value } = createEvent({
    productId: `-//${clubName}//Volunteers//EN`,
    method: 'PUBLISH',
    uid: `volunteer-signup-${signup.id}@${host}`,
    sequence: shift.revision ?? 0,
    start: Date.parse(shift.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(shift.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${cancelled ? 'CANCELLED: ' : ''}${shift.role}: ${event.title}`,
    description: [`Volunteer shift for ${clubName}.`, shift.instructions].filter(Boolean).join('\n\n'),
    location: event.place,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    ...(shift.updatedAt ? { lastModified: Date.parse(shift.updatedAt), timestamp: Date.parse(shift.updatedAt) } : {}),
  })
  if (error || !value) throw error ?? new Error('calendar entry could not be built')
  return value
}
