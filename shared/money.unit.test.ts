import { describe, expect, it } from 'vitest'
import { formatCents, normalizeMoney, sumMoney, toCents, toSignedCents } from './money'

describe('money', () => {
  it('reads and writes two-decimal strings', () => {
    expect(toCents('1234.56')).toBe(123456)
    expect(toCents(1234.5)).toBe(123450)
    expect(toCents('7')).toBe(700)
    expect(formatCents(5)).toBe('0.05')
    expect(formatCents(-3050)).toBe('-30.50')
    expect(formatCents(-5)).toBe('-0.05')
    expect(normalizeMoney('0.1')).toBe('0.10')
    // Typed with spaces around it: still the amount.
    expect(toCents(' 12.5 ')).toBe(1250)
  })

  it('reads an amount going out, its minus sign first, as negative cents', () => {
    expect(toSignedCents('-12.50')).toBe(-1250)
    expect(toSignedCents('  -0.01 ')).toBe(-1)
    expect(toSignedCents('12.5')).toBe(1250)
    expect(toSignedCents(' 7 ')).toBe(700)
  })

  it('sums many small amounts exactly, where floats drift', () => {
    const dimes = Array.from({ length: 10_000 }, () => '0.10')
    expect(dimes.reduce((t, d) => t + Number(d), 0)).not.toBe(1000) // the float trap
    expect(sumMoney(dimes)).toBe('1000.00')
    expect(sumMoney(['0.01', '0.02', '19.97', '980.00'])).toBe('1000.00')
    expect(sumMoney([])).toBe('0.00')
  })

  it('refuses what is not an amount', () => {
    for (const bad of ['1.005', '-1', '1e3', 'abc', '', '123456789.00'])
      expect(() => toCents(bad), bad).toThrow(`Not a money amount: ${bad}`)
  })
})
