import type { Campaign } from '../payload-types'
import { orNull } from '#shared/notGiven'
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

export type PublicCampaign = ReturnType<typeof publicCampaign>
