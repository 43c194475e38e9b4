import type { Domain } from '../domain'
import { teamAdminApi } from './adminApi'
import { loadTeam } from './data'
import { teamModel } from './model'
import { seedTeam } from './seed'
import { syncAllPlayerPhotoAlts, teamPublicPhotos } from './rosterPrivacy'

/**
 * The team (docs/roles.md, "Photos and consent"): the players, Roster privacy and each player's consent switches,
 * which decide what the public roster shows of her, which of the photos a visitor may read, and the photos' alt
 * texts. What the server's root takes from this domain (cms/domains.ts); its portal part is ./portal.
 */
export const team: Domain = {
  ...teamModel,
  adminApi: teamAdminApi,
  site: { loaders: { team: loadTeam } },
  publicMedia: teamPublicPhotos,
  // Photos stored before their alt texts followed the players are described as the roster shows them.
  startup: [(payload) => syncAllPlayerPhotoAlts(payload)],
  seed: seedTeam,
}
