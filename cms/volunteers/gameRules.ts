import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'
import { daysBetween } from '#shared/clubDay'
import { parseGameTime } from '#shared/games'
import { moveOnClubClock } from '#shared/volunteers'
import type { Game, VolunteerEvent } from '../payload-types'
import { env } from '../env'
import { SHIFTS_TOLD_BY_CALLER } from './eventRules'
import { EVENTS, SHIFTS, shiftsOfEvent } from './places'

/**
 * The volunteers' side of the schedule (docs/VOLUNTEERS.md "From a home game"). Games are the team's records:
 * this domain never changes them, it reacts to them by slug (./model.ts `reactions`), so a game moved on any
 * door (the Games tab, Payload's editor, a version restored) moves its event's shifts, and a game cancelled
 * cancels them (undone, it undoes it); everyone on them is told (./shiftRules.ts).
 */

const system = (req: PayloadRequest) => ({ req, depth: 0, overrideAccess: true }) as const

export const followGame: CollectionAfterChangeHook<Game> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || !previousDoc) return doc
  const days = daysBetween(previousDoc.gameDate, doc.gameDate)
  const [before, after] = [parseGameTime(previousDoc.gameTime), parseGameTime(doc.gameTime)]
  const minutes = before !== null && after !== null ? after - before : 0
  const cancelChanged = Boolean(doc.cancelled) !== Boolean(previousDoc.cancelled)
  const placeChanged = doc.location !== previousDoc.location
  if (days === 0 && minutes === 0 && !cancelChanged && !placeChanged) return doc

  const { docs: events } = await req.payload.find({
    collection: EVENTS,
    where: { game: { equals: doc.id } },
    pagination: false,
    ...system(req),
  })
  for (const event of events as VolunteerEvent[]) {
    const eventData = {
      ...(days !== 0 ? { day: doc.gameDate } : {}),
      ...(placeChanged && event.place === previousDoc.location ? { place: doc.location } : {}),
    }
    const placeFollowed = 'place' in eventData
    if (Object.keys(eventData).length > 0) {
      // Its shifts are told below, with their own change: one revision (one notice) for one edit of the game. The
      // request's context is put back after, so nothing later in this request reads the mark.
      const context = req.context
      try {
        await req.payload.update({
          collection: EVENTS,
          id: event.id,
          data: eventData,
          ...system(req),
          context: { [SHIFTS_TOLD_BY_CALLER]: String(event.id) },
        })
      } finally {
        req.context = context
      }
    }
    if (days === 0 && minutes === 0 && !cancelChanged && !placeFollowed) continue
    for (const shift of await shiftsOfEvent(req.payload, event.id, req)) {
      const move = (at: string) => moveOnClubClock(at, days, minutes, env.CLUB_TIME_ZONE)
      const data = {
        ...(days !== 0 || minutes !== 0 ? { startsAt: move(shift.startsAt), endsAt: move(shift.endsAt) } : {}),
        ...(cancelChanged ? { cancelled: Boolean(doc.cancelled) } : {}),
        // The event's new place: the next revision (./shiftRules.ts counts one for all the reasons of one change).
        ...(placeFollowed ? { revision: (shift.revision ?? 0) + 1 } : {}),
      }
      await req.payload.update({ collection: SHIFTS, id: shift.id, data, ...system(req) })
    }
  }
  return doc
}
