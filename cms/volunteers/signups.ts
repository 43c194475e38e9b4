import type { Payload, PayloadRequest } from 'payload'
import { CANCELLABLE, HOLDS_PLACE, type OwnSignup, type SignupStatus } from '#shared/volunteers'
import type { VolunteerEvent, VolunteerShift, VolunteerSignup } from '../payload-types'
import { inTransaction, isUniqueViolation, retryOnConflict } from '../db/transaction'
import { HttpError } from '../http/errors'
import { isPlausibleId } from '../http/validate'
import { AUTO } from './signupRules'
import { EVENTS, idOf, nowOf, readShift, SHIFTS, SIGNUPS } from './places'

/**
 * Signing up and managing one's own sign-up (docs/VOLUNTEERS.md "Signing up"), for the public routes (./api.ts,
 * ./pages.ts) and /member. The collection's rules decide places and cut-offs (./signupRules.ts); this adds what
 * the public may ask: only a shift of an open event that has not started, one sign-up per address and shift
 * (the same address again is answered with the one there is), and a cancel only with the sign-up's link or as
 * a member of its household. No answer says whether an address is signed up for any other shift.
 */

const system = (req?: PayloadRequest) => ({ depth: 0, overrideAccess: true, ...(req ? { req } : {}) }) as const

export type SignupRequest = { shiftId: string; name: string; email: string; phone: string | null }
export type SignupAnswer = { status: SignupStatus; created: boolean }

/**
 * Sign-ups with one address in an hour, from anywhere (besides RATE_LIMIT_FORMS per network): counted in the
 * sign-up's own transaction, from the sign-ups themselves (each one a mail), so no request spends a write on it.
 */
const SIGNUPS_PER_ADDRESS_PER_HOUR = 10

/** No such shift, or one nobody may sign up for now: the same answer for both. */
const NOT_OPEN = () => new HttpError(404, 'No such shift open for sign-up')

/** The household an address belongs to (an adult's of it), found by slug: its hours count this sign-up. */
async function householdOf(req: PayloadRequest, email: string): Promise<string | null> {
  const { docs } = await req.payload.find({
    collection: 'households',
    where: { 'adults.email': { equals: email } },
    limit: 1,
    ...system(req),
  })
  return docs[0]?.id ?? null
}

/** A shift the public may sign up for now, with its event; else 404. */
async function openShift(req: PayloadRequest, shiftId: string): Promise<{ shift: VolunteerShift; event: VolunteerEvent }> {
  const shift = isPlausibleId(shiftId) ? await readShift(req, shiftId) : null
  if (!shift || shift.cancelled || shift.closedAt) throw NOT_OPEN()
  const event = (await req.payload.findByID({
    collection: EVENTS,
    id: idOf(shift.event)!,
    ...system(req),
    disableErrors: true,
  })) as VolunteerEvent | null
  if (event?.status !== 'open') throw NOT_OPEN()
  if (Date.parse(shift.startsAt) <= nowOf(req)) throw new HttpError(409, 'This shift has already started')
  return { shift, event }
}

/**
 * Signs an adult up for a shift: confirmed while a place is free, else waitlisted, else 409 (the collection's
 * rule). The same address on the same shift again is the sign-up there is (signed up again if it was cancelled).
 * `householdId`: the signed-in member's; else the household the address belongs to, if any.
 */
export async function signUp(payload: Payload, input: SignupRequest, householdId: string | null = null): Promise<SignupAnswer> {
  const email = input.email.trim().toLowerCase()
  const attempt = () =>
    retryOnConflict(() =>
      inTransaction(payload, null, async (req) => {
        const { shift } = await openShift(req, input.shiftId)
        const hourAgo = new Date(nowOf(req) - 60 * 60_000).toISOString()
        const recent = await payload.count({
          collection: SIGNUPS,
          where: { and: [{ email: { equals: email } }, { updatedAt: { greater_than: hourAgo } }] },
          ...system(req),
        })
        if (recent.totalDocs >= SIGNUPS_PER_ADDRESS_PER_HOUR)
          throw new HttpError(429, 'Too many sign-ups with this email address. Please wait an hour and try again.')
        const { docs } = await payload.find({
          collection: SIGNUPS,
          where: { and: [{ shift: { equals: shift.id } }, { email: { equals: email } }] },
          limit: 1,
          ...system(req),
        })
        const existing = docs[0] as VolunteerSignup | undefined
        if (existing && !['cancelled', 'cancelled-late', 'excused'].includes(existing.status))
          return { status: existing.status, created: false }
        const data = { name: input.name, phone: input.phone, status: AUTO as SignupStatus }
        if (existing) {
          const again = await payload.update({ collection: SIGNUPS, id: existing.id, data, ...system(req) })
          return { status: again.status, created: false }
        }
        const household = householdId ?? (await householdOf(req, email))
        const doc = await payload.create({ collection: SIGNUPS, data: { ...data, shift: shift.id, email, household }, ...system(req) })
        return { status: doc.status, created: true }
      }),
    )
  try {
    return await attempt()
  } catch (err) {
    // The same address sent twice at once (on MongoDB, the unique index decides): the second finds the first.
    if (isUniqueViolation(err)) return attempt()
    throw err
  }
}

/**
 * Cancels a sign-up as its volunteer: a plain cancel before the event's cut-off, "cancelled late" after it (the
 * collection's rule); one no longer expected (already cancelled, checked in, past) is left as it is.
 */
export async function cancelSignup(payload: Payload, signupId: string): Promise<SignupStatus> {
  return retryOnConflict(() =>
    inTransaction(payload, null, async (req) => {
      const signup = (await payload.findByID({ collection: SIGNUPS, id: signupId, ...system(req) })) as VolunteerSignup
      if (!CANCELLABLE.includes(signup.status)) return signup.status
      const shift = await readShift(req, idOf(signup.shift)!)
      if (shift && Date.parse(shift.startsAt) <= nowOf(req))
        throw new HttpError(409, 'This shift has already started: tell the coordinator')
      const updated = await payload.update({ collection: SIGNUPS, id: signupId, data: { status: 'cancelled' }, ...system(req) })
      return updated.status
    }),
  )
}

/** Takes the place offered: 409 once the offer has lapsed or gone to someone else. */
export async function acceptOffer(payload: Payload, signupId: string): Promise<SignupStatus> {
  return retryOnConflict(() =>
    inTransaction(payload, null, async (req) => {
      const signup = (await payload.findByID({ collection: SIGNUPS, id: signupId, ...system(req) })) as VolunteerSignup
      if (signup.status === 'confirmed') return signup.status
      if (signup.status !== 'offered' || !signup.offerExpiresAt || Date.parse(signup.offerExpiresAt) <= nowOf(req))
        throw new HttpError(409, 'This offer is no longer open')
      const updated = await payload.update({ collection: SIGNUPS, id: signupId, data: { status: 'confirmed' }, ...system(req) })
      return updated.status
    }),
  )
}

/** A sign-up of this household (a signed-in member's), else null: another household's is not theirs to see. */
export async function signupOfHousehold(payload: Payload, householdId: string, signupId: string): Promise<VolunteerSignup | null> {
  if (!isPlausibleId(signupId)) return null
  const signup = (await payload.findByID({ collection: SIGNUPS, id: signupId, ...system(), disableErrors: true })) as VolunteerSignup | null
  return signup && idOf(signup.household) === householdId ? signup : null
}

/** A sign-up as its own volunteer sees it: their name and address, the shift, what they may still do. */
export async function ownSignup(payload: Payload, signup: VolunteerSignup): Promise<OwnSignup> {
  const shift = (await payload.findByID({ collection: SHIFTS, id: idOf(signup.shift)!, ...system() })) as VolunteerShift
  const event = (await payload.findByID({ collection: EVENTS, id: idOf(shift.event)!, ...system() })) as VolunteerEvent
  const cutoff = Date.parse(shift.startsAt) - (event.cancelCutoffHours ?? 24) * 60 * 60_000
  return {
    status: signup.status,
    name: signup.name,
    email: signup.email,
    event: { title: event.title, day: event.day, place: event.place },
    shift: {
      role: shift.role,
      startsAt: shift.startsAt,
      endsAt: shift.endsAt,
      hours: shift.hours ?? 0,
      instructions: shift.instructions ?? null,
      cancelled: Boolean(shift.cancelled),
    },
    cancelFreeUntil: new Date(cutoff).toISOString(),
    cancelIsLate: HOLDS_PLACE.includes(signup.status) && signup.status !== 'offered' && Date.now() > cutoff,
    offerExpiresAt: signup.status === 'offered' ? (signup.offerExpiresAt ?? null) : null,
    canCancel: CANCELLABLE.includes(signup.status) && Date.parse(shift.startsAt) > Date.now(),
  }
}
