import type { CollectionAfterChangeHook, CollectionBeforeDeleteHook, CollectionBeforeValidateHook, PayloadRequest } from 'payload'
import { refuse } from '../hooks/refuse'
import { idOf, SHIFTS, shiftsOfEvent, SIGNUPS } from './places'

const system = (req: PayloadRequest) => ({ req, depth: 0, overrideAccess: true }) as const

/** An event made for a home game takes the game's day and place, and a title, unless given its own. */
export const eventFromGame: CollectionBeforeValidateHook = async ({ data, operation, req }) => {
  const gameId = idOf(data?.game)
  if (operation !== 'create' || !data || !gameId) return data
  const game = await req.payload.findByID({ collection: 'games', id: gameId, ...system(req), disableErrors: true })
  if (!game) throw refuse(400, 'game: No such game')
  return {
    ...data,
    title: data.title || `Home game vs ${game.opponent}`,
    day: data.day || game.gameDate,
    place: data.place || game.location,
  }
}

/**
 * Set in an event's update's context (to the event's id) when the caller tells its shifts itself, with their own
 * change in the same revision: a game moved and relocated in one edit (./gameRules.ts) is one notice, not two.
 */
export const SHIFTS_TOLD_BY_CALLER = 'volunteerShiftsToldByCaller'

/** The event's place or title changed: each shift's next revision, so everyone on them is told (./shiftRules.ts). */
export const tellShiftsOfEventChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req, context }) => {
  if (operation !== 'update' || (doc.place === previousDoc?.place && doc.title === previousDoc?.title)) return doc
  if (context?.[SHIFTS_TOLD_BY_CALLER] === String(doc.id)) return doc
  for (const shift of await shiftsOfEvent(req.payload, doc.id, req))
    await req.payload.update({ collection: SHIFTS, id: shift.id, data: { revision: (shift.revision ?? 0) + 1 }, ...system(req) })
  return doc
}

/** An event whose shifts have sign-ups stays; one without goes with its shifts. */
export const eventKeptWhileSignedUp: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({ collection: SIGNUPS, where: { event: { equals: id } }, ...system(req) })
  if (totalDocs > 0) throw refuse(409, 'This event has sign-ups: close it, or cancel its shifts (everyone on them is told)')
  await req.payload.delete({ collection: SHIFTS, where: { event: { equals: id } }, ...system(req) })
}
