import { describe, expect, it } from 'vitest'
import { BUSINESS_TYPES, SPONSORSHIP_LEVELS } from '#shared/schemas'
import { BUSINESS_TYPE_OPTIONS } from '#shared/businessTypes'
import { HOME_TIERS, isTierId, SPONSOR_PAGE_TIERS, TIER_IDS } from './tiers'

describe('public sponsorship tiers (docs/PRODUCT.md, Constants: both readings stand)', () => {
  it('uses the server’s level values', () => {
    expect(TIER_IDS).toEqual(SPONSORSHIP_LEVELS)
    expect(HOME_TIERS.map((t) => t.id)).toEqual(SPONSORSHIP_LEVELS)
    expect(SPONSOR_PAGE_TIERS.map((t) => t.id)).toEqual(SPONSORSHIP_LEVELS)
    expect(['bronze', 'silver', 'gold'].every(isTierId)).toBe(true)
    expect(['platinum', 'GOLD', '', null].some(isTierId)).toBe(false)
  })

  it('reads the home page: FREE THROW $300, 2 POINT $600, 3 POINT $1200 POPULAR with jersey sponsorship', () => {
    expect(HOME_TIERS.map((t) => [t.name, t.amount, t.popular, t.seasonTickets])).toEqual([
      ['FREE THROW', 300, false, 0],
      ['2 POINT', 600, false, 2],
      ['3 POINT', 1200, true, 4],
    ])
    expect(HOME_TIERS[2].benefits).toContain('Jersey sponsorship')
  })

  it('reads the sponsor page: bronze shows $600 on its card and $300 once selected; gold has passes, no jersey', () => {
    expect(SPONSOR_PAGE_TIERS.map((t) => [t.name, t.cardPrice, t.selectedPrice, t.popular])).toEqual([
      ['Free Throw', '$600', '$300', false],
      ['Two Point', '$600', '$600', false],
      ['Three Point', '$1,200', '$1200', true],
    ])
    expect(SPONSOR_PAGE_TIERS[2].benefits.join()).toContain('Passes')
    expect(SPONSOR_PAGE_TIERS[2].benefits.join()).not.toContain('Jersey')
  })

  it('offers exactly the server’s ten business types', () => {
    expect(BUSINESS_TYPE_OPTIONS.map((o) => o.value)).toEqual(BUSINESS_TYPES)
  })
})
