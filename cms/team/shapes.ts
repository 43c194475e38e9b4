import type { TeamMember } from '../payload-types'
import { orNull } from '#shared/notGiven'
import { profileTexts } from '#shared/playerProfile'
import { rosterView, type RosterPrivacy } from '#shared/roster'
import { isFlagOn, toTextFlag } from '#shared/textFlag'

/**
 * How a player is shown: to a visitor (the public roster, on a server-rendered page and in /api/team alike) and to
 * staff (/api/admin/team, which calls `number` jerseyNumber: docs/PRODUCT.md, Records). The browser reads both types
 * through shared/api.ts.
 */

/** The roster's privacy decides the name and photo shown (shared/roster.ts): a hidden one is never in the answer. */
export const publicPlayer = (doc: TeamMember, privacy: RosterPrivacy) => ({
  id: doc.id,
  number: doc.number,
  ...rosterView(doc, privacy),
  position: doc.position,
  grade: doc.grade,
  ...profileTexts(doc),
})

export const adminPlayer = (doc: TeamMember) => ({
  id: doc.id,
  name: doc.name,
  jerseyNumber: doc.number,
  position: doc.position,
  grade: doc.grade,
  ...profileTexts(doc),
  imageUrl: orNull(doc.imageUrl),
  displayOrder: doc.displayOrder ?? 0,
  isActive: toTextFlag(isFlagOn(doc.isActive)),
  // Consent switches: null = not set (shown under "as entered", hidden under "consent only"); false always hides.
  showPhoto: doc.showPhoto ?? null,
  showFullName: doc.showFullName ?? null,
  createdAt: doc.createdAt,
})

export type PublicPlayer = ReturnType<typeof publicPlayer>
export type AdminPlayer = ReturnType<typeof adminPlayer>
