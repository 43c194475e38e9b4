import type { Payload, PayloadRequest } from 'payload'
import { offeredTiers, tierForLevel, type PublicTier, type SponsorshipLevel, type TierRecord } from '#shared/tiers'

/**
 * The tier records behind each sponsorship level (shared/tiers.ts), read by the system: the
 * public pages, receipts, statements and approvals all resolve a level through here. `req` keeps the
 * read inside the caller's transaction.
 */
async function tierRecords(payload: Payload, req?: PayloadRequest): Promise<TierRecord[]> {
  const { docs } = await payload.find({
    collection: 'sponsorship-tiers',
    where: { level: { exists: true } },
    sort: ['displayOrder', 'createdAt'],
    pagination: false,
    depth: 0,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return docs as TierRecord[]
}

/** GET /api/sponsorship-tiers and the pages' server-rendered tiers. */
export const loadOfferedTiers = async (payload: Payload): Promise<PublicTier[]> => offeredTiers(await tierRecords(payload))

/** Every level's tier, offered or not (receipts and statements print a withdrawn level's record too). */
export async function loadAllTiers(payload: Payload, req?: PayloadRequest): Promise<Record<SponsorshipLevel, PublicTier>> {
  const records = await tierRecords(payload, req)
  const tier = (level: SponsorshipLevel) => {
    const { offered: _, ...rest } = tierForLevel(records, level)
    return rest
  }
  return { bronze: tier('bronze'), silver: tier('silver'), gold: tier('gold') }
}
