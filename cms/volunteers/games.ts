import type { CollectionAfterChangeHook, Payload, PayloadRequest, TypedUser } from 'payload'
import { daysBetween } from '#shared/clubDay'
import { parseGameTime } from '#shared/games'
import { clubInstant, moveOnClubClock } from '#shared/volunteers'
import type { Game, VolunteerEvent } from '../payload-types'
import { inTransaction } from '../db/transaction'
import { env } from '../env'
import { refuse } from '../hooks/refuse'
import { EVENTS, SHIFTS } from './places'

/**
 * The volunteers' side of the schedule (docs/VOLUNTEERS.md "From a home game"). Games are the team's records:
 * this domain never changes them, it reacts to them by slug (cms/domains.ts `reactions`), so a game moved on any
 * door (the Games tab, Payload's editor, a version restored) moves its event's shifts, and a game cancelled
 * cancels them (undone, it undoes it); everyone on them is told (./shiftRules.ts).
 */

const system = (req: PayloadRequest) => ({ req, depth: 0, overrideAccess: true }) as const

/** The shifts a home game gets in one action: minutes from tip-off, places. */
export const GAME_SHIFTS = [
  {
    role: 'Gate',
    from: -60,
    to: 60,
    capacity: 2,
    instructions: 'Take tickets and passes at the main entrance. The cash box is with the coordinator.',
  },
  {
    role: 'Concession stand',
    from: -60,
    to: 120,
    capacity: 3,
    instructions: 'Set up, sell and clean up the stand. Food handlers wash hands and wear gloves.',
  },
] as const

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
    if (Object.keys(eventData).length > 0) await req.payload.update({ collection: EVENTS, id: event.id, data: eventData, ...system(req) })
    if (days === 0 && minutes === 0 && !cancelChanged) continue
    const { docs: shifts } = await req.payload.find({
      collection: SHIFTS,
      where: { event: { equals: event.id } },
      pagination: false,
      ...system(req),
    })
    for (const shift of shifts) {
      const move = (at: string) => moveOnClubClock(at, days, minutes, env.CLUB_TIME_ZONE)
      const data = {
        ...(days !== 0 || minutes !== 0 ? { startsAt: move(shift.startsAt), endsAt: move(shift.endsAt) } : {}),
        ...(cancelChanged ? { cancelled: Boolean(doc.cancelled) } : {}),
      }
      await req.payload.update({ collection: SHIFTS, id: shift.id, data, ...system(req) })
    }
  }
  return doc
}

/**
 * "Make gate and concession shifts for this home game": an event on the game's day and place (a draft, for the
 * admin to look over and open, unless `status` says open) with GAME_SHIFTS from its tip-off. Refused for an away game, a game without a
 * clock time, or a game that already has its event.
 */
export async function makeShiftsForGame(
  payload: Payload,
  gameId: string,
  { user, status = 'draft' }: { user: TypedUser | null; status?: 'draft' | 'open' },
): Promise<VolunteerEvent> {
  return inTransaction(payload, user, async (req) => {
    const game = await payload.findByID({ collection: 'games', id: gameId, ...system(req), disableErrors: true })
    if (!game) throw refuse(400, 'game: No such game')
    if (game.isHome === false) throw refuse(409, 'Volunteer shifts are for home games')
    const tipOff = parseGameTime(game.gameTime)
    if (tipOff === null) throw refuse(409, `The game's time (“${game.gameTime}”) is not a clock time: give it one first`)
    const { totalDocs } = await payload.count({ collection: EVENTS, where: { game: { equals: game.id } }, ...system(req) })
    if (totalDocs > 0) throw refuse(409, 'This game already has its volunteer event')
    // An admin's action obeys the collections' access; the demo seed (no user) is the server's own.
    const access = { req, depth: 0, ...(user ? { user, overrideAccess: false } : { overrideAccess: true }) } as const
    const event = await payload.create({ collection: EVENTS, data: { game: game.id, title: '', day: '', place: '', status }, ...access })
    const at = (minutes: number) => clubInstant(game.gameDate, tipOff + minutes, env.CLUB_TIME_ZONE).toISOString()
    for (const shift of GAME_SHIFTS)
      await payload.create({
        collection: SHIFTS,
        data: {
          event: event.id,
          role: shift.role,
          startsAt: at(shift.from),
          endsAt: at(shift.to),
          capacity: shift.capacity,
          instructions: shift.instructions,
        },
        ...access,
      })
    return event
  })
}
