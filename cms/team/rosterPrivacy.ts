import type { CollectionBeforeChangeHook, Payload, PayloadRequest, Where } from 'payload'
import { playerPhotoAlt, rosterView, ROSTER_SETTINGS, type RosterPrivacy } from '#shared/roster'
import { toTextFlag } from '#shared/textFlag'
import { linkedMediaFiles } from '../collections/publicMedia'
import type { TeamMember } from '../payload-types'

/**
 * A player's consent, in one place (docs/roles.md, "Photos and consent"): Roster privacy and her switches ("Show photo",
 * "Show full name", shared/roster.ts) decide which of the players' photos a visitor may read (the media door asks
 * `teamPublicPhotos`) and how each photo is described (`altFollowsPlayers`), whichever door saved her.
 */

/** Who is on the public roster: the active players (the roster itself, ./data.ts, and its photos' rule below). */
export const ON_PUBLIC_ROSTER: Where = { isActive: { equals: toTextFlag(true) } }

export const loadRosterPrivacy = async (payload: Payload, req?: PayloadRequest): Promise<RosterPrivacy> => {
  const settings = await payload.findGlobal({ slug: ROSTER_SETTINGS, depth: 0, overrideAccess: true, req })
  return settings?.privacy === 'consentOnly' ? 'consentOnly' : 'asEntered'
}

/**
 * The team's media read rule (cms/collections/publicMedia.ts asks it at every anonymous read, so it never lags a
 * change): the files of the photos the public roster shows now, those of the players on it whose photo Roster privacy
 * and her "Show photo" switch show (shared/roster.ts `rosterView`, as the roster itself: cms/team/shapes.ts).
 */
export async function teamPublicPhotos(payload: Payload): Promise<string[]> {
  const privacy = await loadRosterPrivacy(payload)
  const { docs } = await payload.find({
    collection: 'team-members',
    where: ON_PUBLIC_ROSTER,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { name: true, showPhoto: true, showFullName: true, imageUrl: true },
  })
  return docs.flatMap((player) => linkedMediaFiles(rosterView(player, privacy).imageUrl ?? ''))
}

/** Set in a write's `context` (which no request can set) by a change of Roster privacy, before the new setting is read back. */
const PRIVACY_IN_FORCE = 'rosterPrivacyInForce'

const mediaIdOf = (image: TeamMember['image']) => (typeof image === 'object' && image ? image.id : image)

/**
 * The alt text a photo must have while players use it: their names as the roster shows them (shared/roster.ts),
 * "Photo of Maya D." (several players on one photo: "Photo of Maya D. and Ava R."); null when no player uses it.
 */
async function playersPhotoAlt(payload: Payload, mediaId: string | number, req?: PayloadRequest, privacy?: RosterPrivacy) {
  const { docs } = await payload.find({
    collection: 'team-members',
    where: { image: { equals: mediaId } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
    sort: 'displayOrder',
    select: { name: true, showPhoto: true, showFullName: true },
  })
  if (docs.length === 0) return null
  const inForce = privacy ?? (await loadRosterPrivacy(payload, req))
  const names = docs.map((player) => playerPhotoAlt(player, inForce).replace(/^Photo of /, ''))
  return `Photo of ${new Intl.ListFormat('en', { type: 'conjunction' }).format([...new Set(names)])}`
}

/**
 * Media's hook: a player's photo is described by her name as the roster shows it, whoever saves the photo and
 * whatever they typed (an editor's "Maya Davis at practice" in Payload's media editor, a bulk update, the Local API),
 * so a hidden full name never sits in a record a visitor may read (docs/roles.md, "Photos and consent").
 */
export const altFollowsPlayers: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req, context }) => {
  if (operation !== 'update' || originalDoc?.id == null) return data
  const privacy = context[PRIVACY_IN_FORCE] as RosterPrivacy | undefined
  const alt = await playersPhotoAlt(req.payload, originalDoc.id, req, privacy)
  return alt === null ? data : { ...data, alt }
}

/**
 * After a player is saved (her name or switches changed, a photo attached) or Roster privacy changed: her photo's
 * alt text is written again, through Media's own hook (altFollowsPlayers), whenever it would differ. The stored photos
 * were set by the media_consent migration.
 */
export async function syncPlayerPhotoAlts(
  payload: Payload,
  players: Array<Pick<TeamMember, 'image'>>,
  req?: PayloadRequest,
  privacy?: RosterPrivacy,
) {
  const ids = new Set(players.map((player) => mediaIdOf(player.image)).filter((id) => id != null))
  for (const id of ids) {
    const alt = await playersPhotoAlt(payload, id, req, privacy)
    const media = await payload.findByID({ collection: 'media', id, depth: 0, overrideAccess: true, req, disableErrors: true })
    if (alt === null || !media || media.alt === alt) continue
    await payload.update({
      collection: 'media',
      id,
      data: { alt },
      depth: 0,
      overrideAccess: true,
      req,
      context: { skipAudit: true, [PRIVACY_IN_FORCE]: privacy },
    })
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
    select: { image: true },
  })
  await syncPlayerPhotoAlts(payload, docs, req, privacy)
}
