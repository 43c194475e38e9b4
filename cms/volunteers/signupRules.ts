import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  PayloadRequest,
} from 'payload'
import type { SignupStatus } from '#shared/volunteers'
import { roleOf } from '../access/roles'
import { refuse } from '../hooks/refuse'
import { enqueueEmail } from '../outbox/outbox'
import { forgetLinks } from './links'
import { EVENTS, fillFreedPlaces, holdsPlace, idOf, lockShift, nowOf, readShift } from './places'

const HOUR = 60 * 60_000

/**
 * What a coordinator (an editor) may do to a sign-up of their event: check in, undo it, mark a no-show, and end
 * an offer not taken by the time the shift is closed.
 */
const COORDINATOR_MOVES: Partial<Record<SignupStatus, SignupStatus[]>> = {
  confirmed: ['checked-in', 'no-show'],
  offered: ['cancelled'],
  'checked-in': ['confirmed', 'no-show'],
  'no-show': ['checked-in', 'confirmed'],
}

/** The answer when a shift has no place and no room on its waitlist (POST /api/volunteer/signups: 409). */
export const SHIFT_FULL = 'This shift is full and its waitlist too: please choose another shift.'

/** "Place me": the status a sign-up asks for when the server decides, confirmed while there is a place, else waitlisted. */
export const AUTO = 'auto'

/**
 * The rules of a sign-up, on every door (docs/VOLUNTEERS.md "Sign-ups"):
 *  - taking a place (a new sign-up, a sign-up again after a cancel, a promotion, an admin's move) counts the
 *    shift's places in the same transaction (./places.ts): never more than its capacity, nor more waiting than
 *    its waitlist; asked to place itself (AUTO), it is confirmed while a place is free, else waitlisted, else 409;
 *  - a cancel after the event's cut-off (24 hours by default) is kept as "cancelled late" (an offer declined never is);
 *  - check-in credits the shift's hours; an excuse needs a reason; a coordinator only checks people in and out;
 *  - a sign-up stays on its shift.
 */
export const signupRules: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  const now = nowOf(req)
  const before = operation === 'update' ? (originalDoc?.status as SignupStatus) : undefined
  let status = (data.status ?? before ?? AUTO) as SignupStatus | typeof AUTO
  if (operation === 'update' && data.shift !== undefined && idOf(data.shift) !== idOf(originalDoc?.shift))
    throw refuse(409, 'shift: A sign-up stays on its shift: cancel it and sign up for the other')
  const shiftId = idOf(data.shift ?? originalDoc?.shift)
  const shift = shiftId ? await readShift(req, shiftId) : null
  if (!shiftId || !shift) throw refuse(400, 'shift: No such shift')

  if (roleOf(req.user) === 'editor' && status !== before && !(before && COORDINATOR_MOVES[before]?.includes(status as SignupStatus)))
    throw refuse(403, `A coordinator checks volunteers in and out; only an admin can make a sign-up ${status}`)

  if (operation === 'create') {
    if (shift.cancelled) throw refuse(409, 'This shift is cancelled')
    data.email = String(data.email ?? '')
      .trim()
      .toLowerCase()
    data.event = idOf(shift.event)
  }

  if (status === 'cancelled' && before && holdsPlace(before) && before !== 'offered') {
    const event = await req.payload.findByID({ collection: EVENTS, id: idOf(shift.event)!, req, depth: 0, overrideAccess: true })
    const cutoffHours = event.cancelCutoffHours ?? 24
    if (now > Date.parse(shift.startsAt) - cutoffHours * HOUR) status = 'cancelled-late'
  }

  const reactivated = before === 'cancelled' || before === 'cancelled-late' || before === 'excused'
  const takesPlace = status === AUTO || (holdsPlace(status) && !holdsPlace(before)) || (status === 'waitlisted' && before !== 'waitlisted')
  if (takesPlace) {
    const { held, waiting } = await lockShift(req, shiftId, originalDoc?.id)
    const placeFree = held < shift.capacity
    const waitFree = waiting < (shift.waitlistSize ?? 0)
    if (status === AUTO) {
      if (!placeFree && !waitFree) throw refuse(409, SHIFT_FULL)
      status = placeFree ? 'confirmed' : 'waitlisted'
    } else if (holdsPlace(status) && !placeFree) {
      throw refuse(409, `This shift is full: all ${shift.capacity} places are taken`)
    } else if (status === 'waitlisted' && !waitFree) {
      throw refuse(409, 'The waitlist of this shift is full')
    }
  }
  if (operation === 'create' || (reactivated && (status === 'confirmed' || status === 'waitlisted')))
    data.placements = (originalDoc?.placements ?? 0) + 1
  if (status === 'waitlisted' && before !== 'waitlisted') data.waitlistedAt = new Date(now).toISOString()
  if (status === 'confirmed' && !['confirmed', 'checked-in', 'no-show'].includes(before ?? ''))
    data.confirmedAt = new Date(now).toISOString()
  if (status !== 'offered') data.offerExpiresAt = null
  if ((status === 'cancelled' || status === 'cancelled-late') && before !== status) data.cancelledAt = new Date(now).toISOString()
  if (status === 'checked-in' && before !== 'checked-in') {
    data.hoursCredited = data.hoursCredited ?? shift.hours ?? 0
    data.checkedInAt = new Date(now).toISOString()
  }
  if (status !== 'checked-in' && before === 'checked-in') data.hoursCredited = null
  if (status === 'excused' && before !== 'excused' && !String(data.statusNote ?? originalDoc?.statusNote ?? '').trim())
    throw refuse(400, 'statusNote: Say why the volunteer is excused')
  if (status === 'offered' && before !== 'offered' && !data.offerExpiresAt)
    throw refuse(400, 'status: A place is offered by the waitlist itself, for a set time: confirm the volunteer instead')
  data.status = status
  return data
}

/**
 * After a sign-up changed: the shift's counts again, the volunteer's mail (a sign-up, a place given or offered),
 * and a place it freed passed on to the waitlist, all in the same transaction.
 */
export const afterSignupChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  const shiftId = idOf(doc.shift)!
  await lockShift(req, shiftId)
  const before = operation === 'create' ? undefined : (previousDoc?.status as SignupStatus | undefined)
  if ((doc.placements ?? 0) > (operation === 'create' ? 0 : (previousDoc?.placements ?? 0)))
    await mail(req, 'volunteer-signed-up', `${doc.id}:${doc.placements}`, doc)
  else if (before === 'waitlisted' && doc.status === 'confirmed') await mail(req, 'volunteer-promoted', `${doc.id}:${doc.updatedAt}`, doc)
  if (doc.status === 'offered' && before !== 'offered') await mail(req, 'volunteer-offered', `${doc.id}:${doc.offerExpiresAt}`, doc)
  if (holdsPlace(before) && !holdsPlace(doc.status)) await fillFreedPlaces(req, shiftId)
  return doc
}

/** Its links go first: they name it. */
export const beforeSignupDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await forgetLinks(req.payload, [String(id)], req)
}

/** A place it held is passed on to the waitlist. */
export const afterSignupDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  const shiftId = idOf(doc.shift)
  if (!shiftId || !(await readShift(req, shiftId))) return
  await lockShift(req, shiftId)
  if (holdsPlace(doc.status)) await fillFreedPlaces(req, shiftId)
}

/** Queues one of a volunteer's mails (cms/volunteers/mail.ts writes it when it is sent). */
export const mail = (req: PayloadRequest, kind: string, key: string, signup: { id: string | number; email: string }) =>
  enqueueEmail(req.payload, req, { key: `${kind}:${key}`, kind, recordId: String(signup.id), to: signup.email })
