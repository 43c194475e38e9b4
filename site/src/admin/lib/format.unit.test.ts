import { describe, expect, it } from 'vitest'
import {
  benefitsFromText,
  businessTypeLabel,
  campaignProgress,
  completedTotal,
  contentPreview,
  formatGameTime,
  formatMoney,
  gameResult,
  scoreFromInput,
  scoreInputValue,
  sponsorshipLevelLabel,
  telHref,
  timeInputValue,
} from './format'

describe('admin figures', () => {
  it('sums only completed amounts, exactly to the cent', () => {
    const records = [
      { amount: '0.10', status: 'completed' },
      { amount: '0.20', status: 'completed' },
      { amount: '500.00', status: 'pending' },
      { amount: '99999999.99', status: 'failed' },
      { amount: '1234.5', status: 'completed' },
    ]
    expect(completedTotal(records)).toBe('1234.80')
    expect(completedTotal([])).toBe('0.00')
  })

  it('formats money with two decimals and thousands separators', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50')
    expect(formatMoney('0.00')).toBe('$0.00')
    expect(formatMoney('12345678.90')).toBe('$12,345,678.90')
    expect(formatMoney('600')).toBe('$600.00')
  })

  it('caps the progress bar at 100% and rounds the label', () => {
    expect(campaignProgress('12450.00', '12000.00')).toEqual({ width: 100, label: 104 })
    expect(campaignProgress('3120.00', '8000.00')).toEqual({ width: 39, label: 39 })
    expect(campaignProgress('1.00', '3.00').label).toBe(33)
    expect(campaignProgress('2.00', '3.00').label).toBe(67)
    expect(campaignProgress('5.00', '0.00')).toEqual({ width: 0, label: 0 })
  })
})

describe('games', () => {
  it('has a result only when both scores are set', () => {
    expect(gameResult(50, 40)).toBe('WIN')
    expect(gameResult(40, 50)).toBe('LOSS')
    expect(gameResult(0, 0)).toBe('TIE')
    expect(gameResult(50, null)).toBeNull()
    expect(gameResult(null, null)).toBeNull()
  })

  it('treats an existing score of 0 as empty when editing (SPEC §5 quirk)', () => {
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
