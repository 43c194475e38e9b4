import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionBeforeDeleteHook } from 'payload'
import { HOLDS_PLACE } from '#shared/volunteers'
import { refuse } from '../hooks/refuse'
import { countShift, fillFreedPlaces, idOf, SIGNUPS } from './places'
import { mail } from './signupRules'

const HOUR = 60 * 60_000

/** A shift's length in hours, to the quarter hour: the hours it credits unless the admin says otherwise. */
const lengthInHours = (startsAt: string, endsAt: string) => Math.round(((Date.parse(endsAt) - Date.parse(startsAt)) / HOUR) * 4) / 4

const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : '')
/** A shift starts and ends on the club's clock, to the minute. */
const toTheMinute = (value: string) => {
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? value : new Date(Math.floor(ms / 60_000) * 60_000).toISOString()
}

/**
 * A shift's rules (docs/VOLUNTEERS.md "Shifts"), on every door: it ends after it starts and stays with its event;
 * its places never drop below the places taken; its hours default to its length; a change of time and a cancel
 * (or its undoing) count as a revision, each mailed once to everyone on the shift (`afterShiftChange`). The
 * counts are taken again in the same transaction, which also locks the shift against sign-ups (./places.ts).
 */
export const shiftRules: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  for (const field of ['startsAt', 'endsAt']) if (data[field] != null) data[field] = toTheMinute(instant(data[field]))
  const startsAt = instant(data.startsAt ?? originalDoc?.startsAt)
  const endsAt = instant(data.endsAt ?? originalDoc?.endsAt)
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) throw refuse(400, 'endsAt: A shift ends after it starts')
  if (operation === 'update' && data.event !== undefined && idOf(data.event) !== idOf(originalDoc?.event))
    throw refuse(409, 'event: A shift stays with its event')
  if ((data.hours === undefined || data.hours === null) && (operation === 'create' || originalDoc?.hours == null) && startsAt && endsAt)
    data.hours = lengthInHours(startsAt, endsAt)
  if (operation === 'create') return { ...data, held: 0, waiting: 0, revision: 0 }

  const counts = await countShift(req, String(originalDoc.id))
  const capacity = data.capacity ?? originalDoc.capacity
  if (typeof capacity === 'number' && capacity < counts.held)
    throw refuse(409, `capacity: ${counts.held} places are taken: cancel sign-ups before making fewer places`)
  const told = ['startsAt', 'endsAt'].some((f) => data[f] !== undefined && Date.parse(instant(data[f])) !== Date.parse(originalDoc[f]))
  const cancelChanged = data.cancelled !== undefined && Boolean(data.cancelled) !== Boolean(originalDoc.cancelled)
  // The event's place changed (./eventRules.ts asks for the next revision).
  const asked = typeof data.revision === 'number' && data.revision > (originalDoc.revision ?? 0)
  const revision = (originalDoc.revision ?? 0) + (told || cancelChanged || asked ? 1 : 0)
  return { ...data, ...counts, revision }
}

/** A revision mailed to everyone on the shift (and waiting for it), with its calendar entry anew; freed places filled. */
export const afterShiftChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  if ((doc.revision ?? 0) > (previousDoc?.revision ?? 0)) {
    const { docs } = await req.payload.find({
      collection: SIGNUPS,
      where: { and: [{ shift: { equals: doc.id } }, { status: { in: [...HOLDS_PLACE, 'waitlisted'] } }] },
      pagination: false,
      depth: 0,
      req,
      overrideAccess: true,
    })
    for (const signup of docs) await mail(req, 'volunteer-shift-changed', `${signup.id}:${doc.revision}`, signup)
  }
  if (!doc.cancelled && (doc.capacity > (previousDoc?.capacity ?? 0) || (previousDoc?.cancelled && !doc.cancelled)))
    await fillFreedPlaces(req, String(doc.id))
  return doc
}

/** A shift with sign-ups stays (their hours and history name it): cancel it instead, and everyone is told. */
export const shiftKeptWhileSignedUp: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({ collection: SIGNUPS, where: { shift: { equals: id } }, req, overrideAccess: true })
  if (totalDocs > 0) throw refuse(409, 'This shift has sign-ups: cancel it instead (everyone on it is told)')
}
