import type { Payload, PayloadRequest } from 'payload'
import { playerPhotoAlt, ROSTER_SETTINGS, type RosterPrivacy } from '#shared/roster'
import type { TeamMember } from '../payload-types'

export const loadRosterPrivacy = async (payload: Payload, req?: PayloadRequest): Promise<RosterPrivacy> => {
  const settings = await payload.findGlobal({ slug: ROSTER_SETTINGS, depth: 0, overrideAccess: true, req })
  return settings?.privacy === 'consentOnly' ? 'consentOnly' : 'asEntered'
}

type PlayerPhoto = Pick<TeamMember, 'name' | 'image' | 'showPhoto' | 'showFullName'>

/**
 * A player's photo's alt text carries her name as the roster shows it (shared/roster.ts), so a
 * hidden full name is never in a photo's record, whoever reads it: set after each save of a
 * player, after a change of Roster privacy, and for the stored photos by the media_consent migration.
 */
export async function syncPlayerPhotoAlts(payload: Payload, players: PlayerPhoto[], req?: PayloadRequest, privacy?: RosterPrivacy) {
  const inForce = privacy ?? (await loadRosterPrivacy(payload, req))
  for (const player of players) {
    const id = typeof player.image === 'object' && player.image ? player.image.id : player.image
    if (id == null) continue
    const alt = playerPhotoAlt(player, inForce)
    const media = await payload.findByID({ collection: 'media', id, depth: 0, overrideAccess: true, req, disableErrors: true })
    if (media && media.alt !== alt) {
      await payload.update({ collection: 'media', id, data: { alt }, depth: 0, overrideAccess: true, req, context: { skipAudit: true } })
    }
  }
}

/** Every player with a photo, for a change that concerns them all (Roster privacy, the migration). */
export async function syncAllPlayerPhotoAlts(payload: Payload, req?: PayloadRequest, privacy?: RosterPrivacy) {
  const { docs } = await payload.find({
    collection: 'team-members',
    where: { image: { exists: true } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
    select: { name: true, image: true, showPhoto: true, showFullName: true },
  })
  await syncPlayerPhotoAlts(payload, docs, req, privacy)
}
