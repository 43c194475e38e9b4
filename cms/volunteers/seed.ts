import type { Payload, PayloadRequest } from 'payload'
import { addDays } from '#shared/clubDay'
import { clubInstant } from '#shared/volunteers'
import { clubDayOf, env } from '../env'
import { makeShiftsForGame } from './games'
import { EVENTS, SHIFTS } from './places'

/**
 * SEED=demo's volunteer events: the gate and concession shifts of each home game ahead, open for sign-ups, and
 * the season banquet's set-up. No sign-ups: nobody's name is made up for them, and no mail goes anywhere.
 */
export async function seedVolunteers(payload: Payload, req: PayloadRequest) {
  const today = clubDayOf()
  const { docs: games } = await payload.find({
    collection: 'games',
    where: { and: [{ isHome: { equals: true } }, { gameDate: { greater_than_equal: today } }] },
    sort: 'gameDate',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  for (const game of games) await makeShiftsForGame(payload, String(game.id), { user: null, status: 'open', req })

  const day = addDays(games[0]?.gameDate ?? today, 21)
  const banquet = await payload.create({
    collection: EVENTS,
    data: { title: 'Season banquet', day, place: 'Lady Hawks Cafeteria', status: 'open', cancelCutoffHours: 48 },
    depth: 0,
    overrideAccess: true,
    req,
  })
  const at = (minutes: number) => clubInstant(day, minutes, env.CLUB_TIME_ZONE).toISOString()
  await payload.create({
    collection: SHIFTS,
    data: {
      event: banquet.id,
      role: 'Set-up and decorations',
      startsAt: at(15 * 60),
      endsAt: at(17 * 60 + 30),
      capacity: 6,
      instructions: 'Tables, centerpieces and the slideshow. Wear comfortable shoes.',
    },
    depth: 0,
    overrideAccess: true,
    req,
  })
}
