import type { Payload, PayloadRequest } from 'payload'
import { isSponsorshipLevel, offeredTiers, tierForLevel, type PublicTier, type SponsorshipLevel, type TierRecord } from '#shared/tiers'

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

/** What a sponsorship stored of its level when it was recorded (cms/money/collections/Sponsorships.ts levelSnapshot). */
type RecordedSponsorship = { tier?: unknown; tierName?: string | null; goodsValue?: string | null; benefits?: unknown }

/**
 * The level a sponsorship's receipt and statements print: the name, goods value and benefits it was
 * recorded with, so a later edit of the level changes nothing told; a record from before the snapshot
 * existed reads its level's record (`tiers`, from loadAllTiers). Null for a level the site does not know.
 */
export function recordedLevel(
  sponsorship: RecordedSponsorship,
  tiers: Record<SponsorshipLevel, PublicTier>,
): { name: string; goodsValue: string | null; benefits: string[] } | null {
  const benefits = Array.isArray(sponsorship.benefits) ? sponsorship.benefits.filter((b): b is string => typeof b === 'string') : []
  if (sponsorship.tierName) return { name: sponsorship.tierName, goodsValue: sponsorship.goodsValue || null, benefits }
  if (!isSponsorshipLevel(sponsorship.tier)) return null
  const tier = tiers[sponsorship.tier]
  return { name: tier.name, goodsValue: tier.goodsValue, benefits: tier.benefits }
}
