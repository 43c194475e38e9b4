import { describe, expect, it } from 'vitest'
import { SPONSORSHIP_LEVELS } from './payments'
import { cardPrice, DEFAULT_TIERS, isSponsorshipLevel, offeredTiers, plainPrice, tierForLevel } from './tiers'

describe('one source for each sponsorship level (docs/PRODUCT.md)', () => {
  it('without records: the spec’s levels, bronze $600 on its /sponsor card and $300 once selected', () => {
    const tiers = offeredTiers([])
    expect(tiers.map((t) => t.level)).toEqual(SPONSORSHIP_LEVELS)
    expect(tiers.map((t) => [t.name, cardPrice(t, tiers), plainPrice(t.amount), t.popular])).toEqual([
      ['Free Throw', '$600', '$300', false],
      ['Two Point', '$600', '$600', false],
      ['Three Point', '$1,200', '$1200', true],
    ])
    expect(tiers[2].benefits.join()).toContain('Passes')
    expect(tiers[2].benefits.join()).not.toContain('Jersey')
  })

  it('a record replaces its level’s name, price, benefits and goods value; the bronze card keeps showing the silver price', () => {
    const records = [
      { level: 'silver', name: 'Two Point Plus', amount: '650', benefits: ['Banner'], goodsValue: '50', isActive: 'true' },
      { level: 'gold', name: 'Old Gold', amount: '999', isActive: 'false' },
    ]
    const tiers = offeredTiers(records)
    expect(tiers.map((t) => t.level)).toEqual(['bronze', 'silver'])
    expect(tiers[1]).toEqual({
      level: 'silver',
      name: 'Two Point Plus',
      amount: '650.00',
      benefits: ['Banner'],
      goodsValue: '50.00',
      popular: false,
    })
    expect(cardPrice(tiers[0], tiers)).toBe('$650')
    expect(plainPrice(tiers[0].amount)).toBe('$300')
    // A withdrawn level still prints from its record (receipts, statements).
    expect(tierForLevel(records, 'gold')).toMatchObject({ name: 'Old Gold', amount: '999.00', offered: false, goodsValue: null })
  })

  it('the first offered record of a level wins over a withdrawn one', () => {
    const records = [
      { level: 'bronze', name: 'Withdrawn', amount: '1', isActive: 'false' },
      { level: 'bronze', name: 'Current', amount: '310.5' },
    ]
    expect(tierForLevel(records, 'bronze')).toMatchObject({ name: 'Current', amount: '310.50', offered: true })
    expect(DEFAULT_TIERS.map((t) => t.goodsValue)).toEqual([null, '120.00', '240.00'])
  })

  it('reads amounts and goods values given as numbers, an empty goods value as none, and only the benefits that are text', () => {
    const tier = tierForLevel(
      [{ level: 'silver', name: 'Numbers', amount: 650, goodsValue: 50.5, benefits: ['Banner', 3, null, 'Tickets'] }],
      'silver',
    )
    expect(tier).toMatchObject({ amount: '650.00', goodsValue: '50.50', benefits: ['Banner', 'Tickets'], offered: true })
    // A number read back from the database with a float's noise (0.1 + 0.2) is still the amount to the cent.
    expect(tierForLevel([{ level: 'silver', name: 'Float', amount: 0.1 + 0.2, goodsValue: 0.1 + 0.2 }], 'silver')).toMatchObject({
      amount: '0.30',
      goodsValue: '0.30',
    })
    expect(tierForLevel([{ level: 'silver', name: 'No goods', amount: '600', goodsValue: '' }], 'silver').goodsValue).toBeNull()
    expect(tierForLevel([{ level: 'silver', name: 'No goods', amount: '600', goodsValue: null }], 'silver').goodsValue).toBeNull()
    expect(tierForLevel([{ level: 'silver', name: 'Zero goods', amount: '600', goodsValue: '0' }], 'silver').goodsValue).toBeNull()
    expect(tierForLevel([{ level: 'silver', name: 'Text', amount: '600', benefits: 'Banner' }], 'silver').benefits).toEqual([])
  })

  it('knows the three levels and nothing else', () => {
    for (const level of ['bronze', 'silver', 'gold']) expect(isSponsorshipLevel(level), level).toBe(true)
    for (const value of ['platinum', 'Gold', '', undefined, null, 1]) expect(isSponsorshipLevel(value), String(value)).toBe(false)
  })

  it('prices the bronze card by its own amount when no silver level is offered', () => {
    const [bronze] = offeredTiers([])
    expect(cardPrice(bronze, [bronze])).toBe('$300')
    expect(plainPrice('1200.50')).toBe('$1200.50')
  })

  it('without records: the spec’s levels word for word, on /sponsor and in the home page’s reading (SPEC: "Both readings stand")', () => {
    expect(DEFAULT_TIERS).toEqual([
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
        goodsValue: '120.00',
        popular: false,
        benefits: ['Full ad spot at every game', 'Listing in the Game Day Program', 'Announcements at every game', '2 season tickets'],
        home: {
          name: '2 POINT',
          benefits: ['Full ad spot', 'Game Day Program listing', 'Announcements at every game', '2 season tickets'],
        },
      },
      {
        level: 'gold',
        name: 'Three Point',
        amount: '1200.00',
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
    ])
  })
})
