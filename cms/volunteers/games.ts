import type { Payload, PayloadRequest, TypedUser } from 'payload'
import { parseGameTime } from '#shared/games'
import { clubInstant } from '#shared/volunteers'
import type { VolunteerEvent } from '../payload-types'
import { inTransaction } from '../db/transaction'
import { env } from '../env'
import { refuse } from '../hooks/refuse'
import { EVENTS, SHIFTS } from './places'

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

/**
 * "Make gate and concession shifts for this home game": an event on the game's day and place (a draft, for the
 * admin to look over and open, unless `status` says open) with GAME_SHIFTS from its tip-off. Refused for an away game, a game without a
 * clock time, or a game that already has its event.
 */
export async function makeShiftsForGame(
  payload: Payload,
  gameId: string,
  { user, status = 'draft', req: within }: { user: TypedUser | null; status?: 'draft' | 'open'; req?: PayloadRequest },
): Promise<VolunteerEvent> {
  // In a transaction of its own, or the caller's (the demo seed's).
  const run = <T>(work: (req: PayloadRequest) => Promise<T>) => (within ? work(within) : inTransaction(payload, user, work))
  return run(async (req) => {
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
