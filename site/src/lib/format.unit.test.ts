import { describe, expect, it } from 'vitest'
import { formatMoney, percentOf } from './format'

describe('formatMoney', () => {
  it('groups thousands and drops zero cents', () => {
    expect(formatMoney('0.00')).toBe('$0')
    expect(formatMoney('5000.00')).toBe('$5,000')
    expect(formatMoney('2875.5')).toBe('$2,875.50')
    expect(formatMoney('12450.05')).toBe('$12,450.05')
    expect(formatMoney('99999999.99')).toBe('$99,999,999.99')
  })
})

describe('percentOf', () => {
  it('divides exact cents, unrounded and uncapped', () => {
    expect(percentOf('3120.00', '8000.00')).toBe(39)
    expect(percentOf('1000', '3000')).toBeCloseTo(33.333, 3)
    expect(percentOf('12450.00', '12000.00')).toBe(103.75)
    // 0.1 + 0.2 style float noise never enters: cents are integers.
    expect(percentOf('0.30', '0.90')).toBeCloseTo(33.333, 3)
  })

  it('is 0 for a zero or unreadable goal', () => {
    expect(percentOf('10', '0')).toBe(0)
    expect(percentOf('10', 'abc')).toBe(0)
    expect(percentOf('x', '100')).toBe(0)
  })
})
