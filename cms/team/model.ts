import type { DomainModel } from '../collections'
import { TeamMembers } from './collections/TeamMembers'
import { RosterSettings } from './globals/RosterSettings'
import { altFollowsPlayers } from './rosterPrivacy'

/**
 * The team's data model: what payload.config.ts takes (docs/decisions/017), and Payload's admin with it. The players
 * are public (the home page's roster), each with a photo; a photo's alt text follows the players on it, whoever saves the photo.
 */
export const teamModel: DomainModel = {
  name: 'team',
  collections: [TeamMembers],
  globals: [RosterSettings],
  publicCollections: [TeamMembers.slug],
  photoFields: [{ collection: 'team-members', upload: 'image', url: 'imageUrl' }],
  reactions: { media: { beforeChange: [altFollowsPlayers] } },
}
