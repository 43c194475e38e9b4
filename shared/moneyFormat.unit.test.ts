import { describe, expect, it } from 'vitest'
import { campaignProgress, formatMoney, percentOf } from './money'

describe('formatMoney', () => {
  it('groups thousands and drops zero cents', () => {
    expect(formatMoney('0.00')).toBe('$0')
    expect(formatMoney('5000.00')).toBe('$5,000')
    expect(formatMoney('2875.5')).toBe('$2,875.50')
    expect(formatMoney('12450.05')).toBe('$12,450.05')
    expect(formatMoney('99999999.99')).toBe('$99,999,999.99')
  })

  it('always shows two decimals with alwaysCents (the admin)', () => {
    expect(formatMoney('1234.5', { alwaysCents: true })).toBe('$1,234.50')
    expect(formatMoney('0.00', { alwaysCents: true })).toBe('$0.00')
    expect(formatMoney('12345678.90', { alwaysCents: true })).toBe('$12,345,678.90')
    expect(formatMoney('600', { alwaysCents: true })).toBe('$600.00')
  })

  it('writes money going out with the minus sign before the dollar sign, never "$-"', () => {
    expect(formatMoney('-100.00', { alwaysCents: true })).toBe('\u2212$100.00')
    expect(formatMoney('-1234.5', { alwaysCents: true })).toBe('\u2212$1,234.50')
    expect(formatMoney('-0.59')).toBe('\u2212$0.59')
  })

  it('reads nothing as $0 and shows text that is not an amount as it is', () => {
    expect(formatMoney('', { alwaysCents: true })).toBe('$0.00')
    expect(formatMoney(null)).toBe('$0')
    expect(formatMoney(undefined, { alwaysCents: true })).toBe('$0.00')
    expect(formatMoney(' 5000 ')).toBe('$5,000')
    expect(formatMoney('12.345')).toBe('$12.345')
  })
})

describe('campaignProgress', () => {
  it('caps the progress bar at 100% and rounds the label', () => {
    expect(campaignProgress('12450.00', '12000.00')).toEqual({ width: 100, label: 104 })
    expect(campaignProgress('3120.00', '8000.00')).toEqual({ width: 39, label: 39 })
    expect(campaignProgress('1.00', '3.00').label).toBe(33)
    expect(campaignProgress('2.00', '3.00').label).toBe(67)
    expect(campaignProgress('5.00', '0.00')).toEqual({ width: 0, label: 0 })
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
