import type { Campaign, TeamMember } from '../payload-types'
import { rosterView, type RosterPrivacy } from '#shared/roster'
import { orNull } from '#shared/notGiven'
import { profileTexts } from '#shared/playerProfile'
import { isFlagOn } from '#shared/textFlag'

/**
 * How a public record is shown, on a server-rendered page and in the public
 * /api lists alike (cms/site/data.ts). The admin API's mappers extend these
 * (cms/api/shapes.ts); the browser reads both through shared/api.ts.
 */

export const campaignStatus = (doc: Pick<Campaign, 'isActive'>): 'active' | 'inactive' => (isFlagOn(doc.isActive) ? 'active' : 'inactive')

export const publicCampaign = (doc: Campaign) => ({
  id: doc.id,
  name: doc.name,
  description: doc.description,
  imageUrl: orNull(doc.imageUrl),
  status: campaignStatus(doc),
  currentAmount: doc.currentAmount,
  goalAmount: doc.goalAmount,
  createdAt: doc.createdAt,
})

/** The roster's privacy decides the name and photo shown (shared/roster.ts): a hidden one is never in the answer. */
export const publicPlayer = (doc: TeamMember, privacy: RosterPrivacy) => ({
  id: doc.id,
  number: doc.number,
  ...rosterView(doc, privacy),
  position: doc.position,
  grade: doc.grade,
  ...profileTexts(doc),
})

export type PublicCampaign = ReturnType<typeof publicCampaign>
export type PublicPlayer = ReturnType<typeof publicPlayer>
