import { describe, expect, it } from 'vitest'
import { SPONSORSHIP_LEVELS } from './payments'
import { cardPrice, DEFAULT_TIERS, offeredTiers, plainPrice, tierForLevel } from './tiers'

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
})
