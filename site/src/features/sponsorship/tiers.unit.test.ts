import { describe, expect, it } from 'vitest'
import { BUSINESS_TYPES } from '#shared/schemas'
import { BUSINESS_TYPE_OPTIONS } from '#shared/businessTypes'
import { isTierId } from './tiers'

describe('the sponsor form’s choices', () => {
  it('takes only the server’s level values from ?tier=', () => {
    expect(['bronze', 'silver', 'gold'].every(isTierId)).toBe(true)
    expect(['platinum', 'GOLD', '', null].some(isTierId)).toBe(false)
  })

  it('offers exactly the server’s ten business types', () => {
    expect(BUSINESS_TYPE_OPTIONS.map((o) => o.value)).toEqual(BUSINESS_TYPES)
  })
})
