import type { Payload, PayloadRequest, Where } from 'payload'
import { HOLDS_PLACE, type SignupStatus } from '#shared/volunteers'
import type { VolunteerShift } from '../payload-types'

/**
 * A shift's places (docs/VOLUNTEERS.md "Never overbooked"). Every sign-up that takes or frees a place does so
 * in one transaction that first writes the shift's row (`lockShift`), then counts: on SQLite the transaction
 * holds the database's write lock from its start, so no other process counts before this one commits; on a
 * MongoDB replica set two transactions writing the same shift are a write conflict, and the later one is
 * rolled back and tried again (cms/db/transaction.ts retryOnConflict) with the first one's sign-up counted.
 */

export const SHIFTS = 'volunteer-shifts'
export const SIGNUPS = 'volunteer-signups'
export const EVENTS = 'volunteer-events'

const HOUR = 60 * 60_000
/** A place freed further ahead than this goes straight to the first on the waitlist; closer, it is offered. */
export const PROMOTE_AHEAD_MS = 48 * HOUR
/** An offer holds for 12 hours at most, and never later than 2 hours before the shift. */
export const OFFER_MS = 12 * HOUR
export const OFFER_CLOSES_BEFORE_MS = 2 * HOUR

export const holdsPlace = (status: unknown) => HOLDS_PLACE.includes(status as SignupStatus)

/** What time it is for a rule: the tasks' clock when a periodic task acts (cms/env.ts taskNow), else now. */
export const nowOf = (req: PayloadRequest): number => (typeof req.context?.now === 'number' ? req.context.now : Date.now())

export const idOf = (value: unknown): string | null =>
  value && typeof value === 'object' ? String((value as { id: unknown }).id) : value ? String(value) : null

const system = (req: PayloadRequest) => ({ req, depth: 0, overrideAccess: true }) as const

export async function readShift(req: PayloadRequest, id: string): Promise<VolunteerShift | null> {
  return (await req.payload.findByID({ collection: SHIFTS, id, ...system(req), disableErrors: true })) as VolunteerShift | null
}

/** An event's shifts, first first. */
export async function shiftsOfEvent(payload: Payload, eventId: string | number, req?: PayloadRequest): Promise<VolunteerShift[]> {
  const { docs } = await payload.find({
    collection: SHIFTS,
    where: { event: { equals: eventId } },
    sort: 'startsAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return docs as VolunteerShift[]
}

/** The shift's places taken and people waiting, counted now (inside the caller's transaction). */
export async function countShift(req: PayloadRequest, shiftId: string, except?: string | number) {
  const others: Where[] = except === undefined ? [] : [{ id: { not_equals: except } }]
  const count = async (statuses: readonly string[]) =>
    (
      await req.payload.count({
        collection: SIGNUPS,
        where: { and: [{ shift: { equals: shiftId } }, { status: { in: [...statuses] } }, ...others] },
        ...system(req),
      })
    ).totalDocs
  return { held: await count(HOLDS_PLACE), waiting: await count(['waitlisted']) }
}

/**
 * Writes the shift's counts straight to its row (no hooks, no audit: bookkeeping). Called before a sign-up takes
 * a place, it is also the lock every such transaction must take first; called after, it keeps the counts the
 * public list shows.
 */
export async function lockShift(req: PayloadRequest, shiftId: string, except?: string | number) {
  const counts = await countShift(req, shiftId, except)
  await req.payload.db.updateOne({ collection: SHIFTS, id: shiftId, data: counts, req, returning: false })
  return counts
}

/**
 * Fills the shift's free places from its waitlist, first come first served: more than 48 hours ahead the first
 * waiting is confirmed; closer, they are offered the place until the earlier of 12 hours from now or 2 hours
 * before the start (a lapsed offer passes to the next: ./tasks.ts). Nothing once the shift is cancelled or
 * too close to offer anything.
 */
export async function fillFreedPlaces(req: PayloadRequest, shiftId: string): Promise<void> {
  const now = nowOf(req)
  for (;;) {
    const shift = await readShift(req, shiftId)
    if (!shift || shift.cancelled || shift.closedAt) return
    const startsAt = Date.parse(shift.startsAt)
    const { held } = await countShift(req, shiftId)
    if (held >= shift.capacity || startsAt - OFFER_CLOSES_BEFORE_MS <= now) return
    const { docs } = await req.payload.find({
      collection: SIGNUPS,
      where: { and: [{ shift: { equals: shiftId } }, { status: { equals: 'waitlisted' } }] },
      sort: ['waitlistedAt', 'createdAt'],
      limit: 1,
      ...system(req),
    })
    const next = docs[0]
    if (!next) return
    const data =
      startsAt - now > PROMOTE_AHEAD_MS
        ? { status: 'confirmed' as const }
        : {
            status: 'offered' as const,
            offerExpiresAt: new Date(Math.min(now + OFFER_MS, startsAt - OFFER_CLOSES_BEFORE_MS)).toISOString(),
          }
    await req.payload.update({ collection: SIGNUPS, id: next.id, data, ...system(req) })
  }
}
