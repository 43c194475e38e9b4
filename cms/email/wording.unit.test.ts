import { describe, expect, it } from 'vitest'
import {
  BUY_OUT_FEE_TEXT,
  dollars,
  endSentence,
  NO_GOODS_TEXT,
  organizationBlock,
  orgName,
  PARTICIPATION_FEE_TEXT,
  usDate,
} from './wording'

const SETTINGS = {
  'organization/legalName': 'Lady Hawks Basketball Boosters, Inc.',
  'organization/ein': '12-3456789',
  'organization/address': '1200 Hawk Way, Springfield, IL 62701',
}

describe('what every receipt and statement says alike', () => {
  it('writes amounts as an American reader does, always with cents', () => {
    expect(dollars('1200')).toBe('$1,200.00')
    expect(dollars('0.5')).toBe('$0.50')
    expect(dollars('99999999.99')).toBe('$99,999,999.99')
    // Cents, as the statements count them.
    expect(dollars(123456)).toBe('$1,234.56')
    expect(dollars(5)).toBe('$0.05')
    expect(dollars(0)).toBe('$0.00')
  })

  it('writes a stored day (or the day of a timestamp) as that day, in words', () => {
    expect(usDate('2026-11-24')).toBe('November 24, 2026')
    expect(usDate('2026-01-01')).toBe('January 1, 2026')
    // A timestamp: its first ten characters, the calendar day as stored, whatever the hour.
    expect(usDate('2026-12-31T23:59:59.000Z')).toBe('December 31, 2026')
    expect(usDate('2027-01-01T00:00:00.000Z')).toBe('January 1, 2027')
    expect(usDate('not a day')).toBe('not a day')
  })

  it('names the organization by its legal name, else the club', () => {
    expect(orgName(SETTINGS)).toBe('Lady Hawks Basketball Boosters, Inc.')
    expect(orgName({})).toBe('Lady Hawks Boosters')
    expect(orgName({ 'organization/legalName': '' })).toBe('Lady Hawks Boosters')
  })

  it('ends a sentence with one stop', () => {
    expect(endSentence('Lady Hawks Boosters')).toBe('Lady Hawks Boosters.')
    expect(endSentence('Lady Hawks Basketball Boosters, Inc.')).toBe('Lady Hawks Basketball Boosters, Inc.')
    expect(endSentence('Thank you!')).toBe('Thank you!')
    expect(endSentence('Really?')).toBe('Really?')
    expect(endSentence('a.b')).toBe('a.b.')
  })

  it('says no goods or services were given, in the IRS’s words', () => {
    expect(NO_GOODS_TEXT).toBe('No goods or services were provided in exchange for this contribution.')
  })

  it('says a participation fee, dues or a buy-out of volunteer hours, is no contribution and none of it deductible', () => {
    for (const [text, what] of [
      [PARTICIPATION_FEE_TEXT, 'These dues are a membership fee for program participation'],
      [BUY_OUT_FEE_TEXT, 'This payment for volunteer hours not worked is a fee for program participation'],
    ]) {
      expect(text.startsWith(what)).toBe(true)
      expect(text).toContain('not a charitable contribution')
      expect(text).toMatch(/no part of (it|them) is deductible as a contribution\.$/)
    }
  })

  it('closes every receipt with the organization, why the gift is deductible, its address and EIN', () => {
    expect(organizationBlock(SETTINGS)).toEqual([
      'Lady Hawks Basketball Boosters, Inc. is a tax-exempt organization under Section 501(c)(3) of the Internal Revenue Code (EIN 12-3456789).',
      'Your contribution is tax-deductible to the extent allowed by law. Please keep this receipt for your tax records.',
      '',
      'Lady Hawks Basketball Boosters, Inc.',
      '1200 Hawk Way, Springfield, IL 62701',
      'EIN: 12-3456789',
      '',
    ])
  })

  it('never says a contribution is deductible when none of the gift is one; leaves out an address not set', () => {
    expect(organizationBlock({ ...SETTINGS, 'organization/address': '' }, false)).toEqual([
      'Lady Hawks Basketball Boosters, Inc. is a tax-exempt organization under Section 501(c)(3) of the Internal Revenue Code (EIN 12-3456789).',
      'Please keep this letter for your tax records.',
      '',
      'Lady Hawks Basketball Boosters, Inc.',
      'EIN: 12-3456789',
      '',
    ])
  })
})
