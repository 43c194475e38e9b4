import type { Payload, PayloadRequest } from 'payload'
import { gameSchema, siteContentSchema } from '#shared/schemas'
import { CONTENT_SECTIONS } from '#shared/siteContent'
import { clubDayOf } from '../env'

/** SEED=demo's website: the coming November's games and the site text as the site shows it without any. */
export async function seedContent(payload: Payload, req: PayloadRequest) {
  const today = clubDayOf()
  const season = today.slice(5) > '11-20' ? Number(today.slice(0, 4)) + 1 : Number(today.slice(0, 4))
  for (const { day, ...game } of demo.games) {
    await payload.create({ collection: 'games', data: gameSchema.parse({ ...game, gameDate: `${season}-11-${day}` }), req })
  }
  for (const entry of demo.content) {
    await payload.create({ collection: 'site-content', data: siteContentSchema.parse(entry), req })
  }
}

const demo = {
  // The three games the site shows without a schedule, as real records in the coming November.
  games: [
    {
      opponent: 'Riverside Ravens',
      day: 13,
      gameTime: '19:00',
      location: 'Lady Hawks Main Gym',
      isHome: true,
      note: 'Exhibition · Free admission',
    },
    { opponent: 'Lakeview Lions', day: 18, gameTime: '18:00', location: 'Lakeview High School', isHome: false },
    { opponent: 'Cedar Creek Cougars', day: 20, gameTime: '18:00', location: 'Cedar Creek High School', isHome: false },
  ],
  // The site text as the site shows it without any content: editors start from the real wording.
  content: CONTENT_SECTIONS.flatMap(({ section, fields }) =>
    fields.filter((f) => f.fallback).map(({ key, fallback }) => ({ section, key, value: fallback })),
  ),
}
