import type { Payload } from 'payload'
import { firstNameLastInitial, HOLDS_PLACE, type PublicNameChoice, type PublicVolunteerEvent } from '#shared/volunteers'
import type { VolunteerEvent, VolunteerShift } from '../payload-types'
import { EVENTS, idOf, SHIFTS, SIGNUPS } from './places'

const system = { depth: 0, overrideAccess: true } as const

/** The club's choice of what /volunteer shows of who signed up (nothing unless an admin chose otherwise). */
export async function publicNameChoice(payload: Payload): Promise<PublicNameChoice> {
  const settings = await payload.findGlobal({ slug: 'volunteer-settings', ...system })
  return settings.publicNames === 'first-name-last-initial' ? 'first-name-last-initial' : 'hidden'
}

/**
 * Whether an event is open: the footer's "Volunteer Information" then leads to /volunteer (cached with the public
 * pages, which an event's change drops: its collection's hook).
 */
export const anyEventOpen = async (payload: Payload) =>
  (await payload.count({ collection: EVENTS, where: { status: { equals: 'open' } }, ...system })).totalDocs > 0

/**
 * GET /api/volunteer/events and /volunteer: the open events with the shifts still ahead, their places left and
 * their waitlist's, never a person's name or address (but "Ann B." when the club chose to show names). Read for
 * each request: the places change with every sign-up.
 */
export async function openEvents(payload: Payload, now = Date.now()): Promise<PublicVolunteerEvent[]> {
  const { docs: events } = await payload.find({
    collection: EVENTS,
    where: { status: { equals: 'open' } },
    sort: 'day',
    pagination: false,
    ...system,
  })
  if (events.length === 0) return []
  const { docs: shifts } = await payload.find({
    collection: SHIFTS,
    where: {
      and: [
        { event: { in: events.map((e) => e.id) } },
        { cancelled: { not_equals: true } },
        { closedAt: { exists: false } },
        { startsAt: { greater_than: new Date(now).toISOString() } },
      ],
    },
    sort: 'startsAt',
    pagination: false,
    ...system,
  })
  const names =
    (await publicNameChoice(payload)) === 'first-name-last-initial' ? await namesByShift(payload, shifts as VolunteerShift[]) : null
  return (events as VolunteerEvent[])
    .map((event) => ({
      id: String(event.id),
      title: event.title,
      day: event.day,
      place: event.place,
      shifts: (shifts as VolunteerShift[])
        .filter((shift) => idOf(shift.event) === String(event.id))
        .map((shift) => ({
          id: String(shift.id),
          role: shift.role,
          startsAt: shift.startsAt,
          endsAt: shift.endsAt,
          capacity: shift.capacity,
          open: Math.max(0, shift.capacity - (shift.held ?? 0)),
          waitlist: Math.max(0, (shift.waitlistSize ?? 0) - (shift.waiting ?? 0)),
          hours: shift.hours ?? 0,
          instructions: shift.instructions ?? null,
          ...(names ? { names: names.get(String(shift.id)) ?? [] } : {}),
        })),
    }))
    .filter((event) => event.shifts.length > 0)
}

/** "Ann B." for each confirmed volunteer, by shift, in the order they signed up. */
async function namesByShift(payload: Payload, shifts: VolunteerShift[]): Promise<Map<string, string[]>> {
  const { docs } = await payload.find({
    collection: SIGNUPS,
    where: { and: [{ shift: { in: shifts.map((s) => s.id) } }, { status: { in: [...HOLDS_PLACE] } }] },
    sort: 'createdAt',
    pagination: false,
    select: { shift: true, name: true },
    ...system,
  })
  const names = new Map<string, string[]>()
  for (const signup of docs) {
    const shiftId = idOf(signup.shift)!
    names.set(shiftId, [...(names.get(shiftId) ?? []), firstNameLastInitial(signup.name)])
  }
  return names
}
