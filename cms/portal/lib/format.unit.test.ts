import { describe, expect, it } from 'vitest'
import {
  benefitsFromText,
  businessTypeLabel,
  contentPreview,
  formatGameTime,
  gameResult,
  scoreFromInput,
  scoreInputValue,
  sponsorshipLevelLabel,
  telHref,
  timeInputValue,
} from './format'

describe('games', () => {
  it('has a result only when both scores are set', () => {
    expect(gameResult(50, 40)).toBe('WIN')
    expect(gameResult(40, 50)).toBe('LOSS')
    expect(gameResult(0, 0)).toBe('TIE')
    expect(gameResult(50, null)).toBeNull()
    expect(gameResult(null, null)).toBeNull()
  })

  it('treats an existing score of 0 as empty when editing (a product quirk kept on purpose)', () => {
    expect(scoreInputValue(0)).toBe('')
    expect(scoreInputValue(null)).toBe('')
    expect(scoreInputValue(57)).toBe('57')
    expect(scoreFromInput('')).toBeNull()
    expect(scoreFromInput(' 42 ')).toBe(42)
  })

  it('moves between stored times and time inputs', () => {
    expect(timeInputValue('7:00 PM')).toBe('19:00')
    expect(timeInputValue('12:30 am')).toBe('00:30')
    expect(timeInputValue('18:00')).toBe('18:00')
    expect(timeInputValue('TBD')).toBe('')
    expect(formatGameTime('19:00')).toBe('7:00 PM')
    expect(formatGameTime('00:15')).toBe('12:15 AM')
    expect(formatGameTime('7:00 PM')).toBe('7:00 PM')
  })
})

describe('tiers and content', () => {
  it('takes one benefit per line and drops blank lines', () => {
    expect(benefitsFromText('Logo on website\n\n  \r\n  2 season tickets  \n')).toEqual(['Logo on website', '2 season tickets'])
  })

  it('previews content at 100 characters plus an ellipsis', () => {
    expect(contentPreview('short')).toBe('short')
    expect(contentPreview('x'.repeat(150))).toBe(`${'x'.repeat(100)}...`)
    expect(contentPreview(null)).toBe('')
  })
})

describe('inbox labels', () => {
  it('names sponsorship levels as the sponsor page does, with the stored value', () => {
    expect(sponsorshipLevelLabel('bronze')).toBe('Free Throw (bronze)')
    expect(sponsorshipLevelLabel('silver')).toBe('Two Point (silver)')
    expect(sponsorshipLevelLabel('gold')).toBe('Three Point (gold)')
    expect(sponsorshipLevelLabel('platinum')).toBe('platinum')
    expect(sponsorshipLevelLabel('toString')).toBe('toString')
  })

  it('turns a typed phone number into a tel: address, or none without digits', () => {
    expect(telHref('(555) 123-4567')).toBe('tel:5551234567')
    expect(telHref(' +1 555.123.4567 ')).toBe('tel:+15551234567')
    expect(telHref('call the office')).toBeNull()
    expect(telHref(null)).toBeNull()
  })

  it('labels business types as the sponsor form does', () => {
    expect(businessTypeLabel('real-estate')).toBe('Real Estate')
    expect(businessTypeLabel('medical')).toBe('Medical/Healthcare')
    expect(businessTypeLabel('hatmaker')).toBe('hatmaker')
  })
})
