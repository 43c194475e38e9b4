import { formatCents, formatMoney, toCents } from './money'
import { SPONSORSHIP_LEVELS } from './payments'
import { isFlagOn } from './textFlag'

/**
 * One source for each sponsorship level (docs/PRODUCT.md "One tier, one description"): its name, price,
 * benefits and good-faith goods value come from its tier record (`sponsorship-tiers` with that
 * `level`), on the home page, /sponsor, the admin, receipts and statements alike. A level no record
 * names shows the spec's level below, so an empty database (SEED=none) is still the spec's site,
 * including its second, home-page reading of each level ("Both readings stand"). No zod here: the
 * public pages import this.
 */
export type SponsorshipLevel = (typeof SPONSORSHIP_LEVELS)[number]

export type PublicTier = {
  level: SponsorshipLevel
  name: string
  /** "1200.00" */
  amount: string
  benefits: string[]
  /** Good-faith value of what the sponsor receives (not deductible); null when none. */
  goodsValue: string | null
  /** Marked Most Popular (the spec's gold level). */
  popular: boolean
  /**
   * The spec's home-page reading of a level no record names (name and benefits differ there); a
   * level with a record reads the same everywhere.
   */
  home?: { name: string; benefits: string[] }
}

/** The spec's levels (/sponsor reading), used for a level no tier record names, and by SEED=demo. */
export const DEFAULT_TIERS: readonly PublicTier[] = [
  {
    level: 'bronze',
    name: 'Free Throw',
    amount: '300.00',
    goodsValue: null,
    popular: false,
    benefits: [
      'Logo on the team website',
      'Half spot on rolling ads at every Varsity, JV and Freshmen game',
      'Listing in the Game Day Program',
      'Announcement at every game',
    ],
    home: { name: 'FREE THROW', benefits: ['Half spot on rolling ads', 'Game Day Program listing', 'Announcement at every game'] },
  },
  {
    level: 'silver',
    name: 'Two Point',
    amount: '600.00',
    // Good-faith value of the 2 season tickets: change it on the tier record if it is not right.
    goodsValue: '120.00',
    popular: false,
    benefits: ['Full ad spot at every game', 'Listing in the Game Day Program', 'Announcements at every game', '2 season tickets'],
    home: { name: '2 POINT', benefits: ['Full ad spot', 'Game Day Program listing', 'Announcements at every game', '2 season tickets'] },
  },
  {
    level: 'gold',
    name: 'Three Point',
    amount: '1200.00',
    // The 4 season tickets and the passes.
    goodsValue: '240.00',
    popular: true,
    benefits: [
      'Social media promotion',
      'Title sponsor of the Game Day Program',
      'Passes for your company to attend a game',
      'Special announcements',
      '4 season tickets',
    ],
    home: {
      name: '3 POINT',
      benefits: [
        'Game day sponsor',
        'Social media promotion',
        'Title sponsor of the Game Day Program',
        'Special announcements',
        'Jersey sponsorship',
        '4 season tickets',
      ],
    },
  },
]

/** What the resolution reads of a tier record (cms/money/collections/SponsorshipTiers.ts). */
export type TierRecord = {
  level?: string | null
  name: string
  amount: string | number
  benefits?: unknown
  goodsValue?: string | number | null
  isActive?: string | null
}

export const isSponsorshipLevel = (value: unknown): value is SponsorshipLevel => (SPONSORSHIP_LEVELS as readonly unknown[]).includes(value)

const cents = (value: string | number) => (typeof value === 'number' ? Math.round(value * 100) : toCents(value))

/**
 * A level's tier: its first offered record (records in display order), else its first record (a
 * level whose records are all withdrawn still prints right on receipts), else the spec's default.
 * `offered` is false when the level has records but none is offered: the public pages leave it out.
 */
export function tierForLevel(records: readonly TierRecord[], level: SponsorshipLevel): PublicTier & { offered: boolean } {
  const own = records.filter((r) => r.level === level)
  const record = own.find((r) => isFlagOn(r.isActive)) ?? own[0]
  const fallback = DEFAULT_TIERS.find((t) => t.level === level)!
  if (!record) return { ...fallback, offered: true }
  const goods = record.goodsValue == null || record.goodsValue === '' ? 0 : cents(record.goodsValue)
  return {
    level,
    name: record.name,
    amount: formatCents(cents(record.amount)),
    benefits: Array.isArray(record.benefits) ? record.benefits.filter((b): b is string => typeof b === 'string') : [],
    goodsValue: goods > 0 ? formatCents(goods) : null,
    popular: fallback.popular,
    offered: isFlagOn(record.isActive),
  }
}

/** The levels the public pages offer, bronze → gold (GET /api/sponsorship-tiers). */
export function offeredTiers(records: readonly TierRecord[]): PublicTier[] {
  return SPONSORSHIP_LEVELS.map((level) => tierForLevel(records, level))
    .filter((t) => t.offered)
    .map(({ offered: _, ...tier }) => tier)
}

/** "$1200": the home page's price and /sponsor's selected-level box (no thousands separator, as the spec shows them). */
export const plainPrice = (amount: string) => formatMoney(amount).replace(/,/g, '')

/**
 * "$1,200": the price on a /sponsor card. The Free Throw (bronze) card shows the Two Point (silver)
 * price while its selected-level box shows its own: the spec's deliberate inconsistency
 * ($600 on the card, $300 in the box), kept with whatever prices the records hold.
 */
export function cardPrice(tier: PublicTier, tiers: readonly PublicTier[]): string {
  const shown = tier.level === 'bronze' ? (tiers.find((t) => t.level === 'silver')?.amount ?? tier.amount) : tier.amount
  return formatMoney(shown)
}
