import type { Payload } from 'payload'
import { linkedMediaFiles } from '../collections/publicMedia'
import { loadTeam } from './data'

/**
 * The team's media read rule, which the media door asks (cms/collections/publicMedia.ts): a visitor may read a
 * player's photo while she is on the public roster and her photo is shown there, that is while Roster privacy and her
 * "Show photo" switch show it (shared/roster.ts `rosterView`); the roster then carries its URL, and only then.
 */
export async function teamPublicPhotos(payload: Payload): Promise<string[]> {
  const players = await loadTeam(payload)
  return players.flatMap((player) => (player.imageUrl ? linkedMediaFiles(player.imageUrl) : []))
}
