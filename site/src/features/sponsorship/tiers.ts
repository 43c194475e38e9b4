import type { SponsorApplicationInput } from '#shared/schemas'

/**
 * Public sponsorship tiers are fixed in the client (docs/PRODUCT.md, Records), in two readings
 * that both stand (docs/PRODUCT.md, Rules and oddities): the home page's and the sponsor page's. The
 * sponsor page's bronze card shows $600 while its selected-level display says
 * $300 (the product's documented inconsistency; the home page says $300).
 */
export type TierId = SponsorApplicationInput['sponsorshipLevel']

export type PublicTier = {
  id: TierId
  name: string
  /** Whole dollars. */
  amount: number
  benefits: readonly string[]
  popular: boolean
  seasonTickets: number
}

export const TIER_IDS: readonly TierId[] = ['bronze', 'silver', 'gold']

export const isTierId = (value: unknown): value is TierId => TIER_IDS.includes(value as TierId)

/** Home page (docs/PRODUCT.md, Constants): FREE THROW $300, 2 POINT $600, 3 POINT $1200 marked POPULAR. */
export const HOME_TIERS: readonly PublicTier[] = [
  {
    id: 'bronze',
    name: 'FREE THROW',
    amount: 300,
    popular: false,
    seasonTickets: 0,
    benefits: ['Half spot on rolling ads', 'Game Day Program listing', 'Announcement at every game'],
  },
  {
    id: 'silver',
    name: '2 POINT',
    amount: 600,
    popular: false,
    seasonTickets: 2,
    benefits: ['Full ad spot', 'Game Day Program listing', 'Announcements at every game', '2 season tickets'],
  },
  {
    id: 'gold',
    name: '3 POINT',
    amount: 1200,
    popular: true,
    seasonTickets: 4,
    benefits: [
      'Game day sponsor',
      'Social media promotion',
      'Title sponsor of the Game Day Program',
      'Special announcements',
      'Jersey sponsorship',
      '4 season tickets',
    ],
  },
]

export type SponsorPageTier = PublicTier & {
  /** What the card itself shows, e.g. "$600" for bronze. */
  cardPrice: string
  /** What the selected-level box shows, e.g. "$300" for bronze. */
  selectedPrice: string
}

/** Sponsor page (docs/PRODUCT.md, Routes: /sponsor): Free Throw, Two Point, Three Point (Most Popular). */
export const SPONSOR_PAGE_TIERS: readonly SponsorPageTier[] = [
  {
    id: 'bronze',
    name: 'Free Throw',
    amount: 300,
    cardPrice: '$600',
    selectedPrice: '$300',
    popular: false,
    seasonTickets: 0,
    benefits: [
      'Logo on the team website',
      'Half spot on rolling ads at every Varsity, JV and Freshmen game',
      'Listing in the Game Day Program',
      'Announcement at every game',
    ],
  },
  {
    id: 'silver',
    name: 'Two Point',
    amount: 600,
    cardPrice: '$600',
    selectedPrice: '$600',
    popular: false,
    seasonTickets: 2,
    benefits: ['Full ad spot at every game', 'Listing in the Game Day Program', 'Announcements at every game', '2 season tickets'],
  },
  {
    id: 'gold',
    name: 'Three Point',
    amount: 1200,
    cardPrice: '$1,200',
    selectedPrice: '$1200',
    popular: true,
    seasonTickets: 4,
    benefits: [
      'Social media promotion',
      'Title sponsor of the Game Day Program',
      'Passes for your company to attend a game',
      'Special announcements',
      '4 season tickets',
    ],
  },
]
