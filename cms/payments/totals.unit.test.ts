import { describe, expect, it } from 'vitest'
import { booksFrom, keptCents, moneyTotals, RECEIVED_STATUSES } from './totals'

describe("the books' one definition of totals", () => {
  it('counts every gift that arrived, less what went back; pending, failed and void count nowhere', () => {
    const totals = moneyTotals([
      { status: 'completed', amount: '100.00' },
      { status: 'completed', amount: '0.10' },
      { status: 'partially_refunded', amount: '80.00', refundedAmount: '30.50' },
      { status: 'refunded', amount: '45.00', refundedAmount: '45.00' },
      { status: 'pending', amount: '7.00' },
      { status: 'failed', amount: '8.00' },
      { status: 'void', amount: '9.00' },
    ])
    // By hand: received 100 + 0.10 + 80 + 45 = 225.10; refunded 30.50 + 45 = 75.50; kept 149.60; completed 100.10 (2).
    expect(totals).toEqual({
      receivedCents: 225_10,
      refundedCents: 75_50,
      keptCents: 149_60,
      count: 4,
      completedCents: 100_10,
      completedCount: 2,
    })
  })

  it('takes a fully refunded gift as refunded whole, whatever its refunded amount says', () => {
    expect(moneyTotals([{ status: 'refunded', amount: '45.00' }])).toMatchObject({
      receivedCents: 45_00,
      refundedCents: 45_00,
      keptCents: 0,
    })
    expect(moneyTotals([{ status: 'refunded', amount: '45.00', refundedAmount: '1.00' }])).toMatchObject({ refundedCents: 45_00 })
  })

  it('reads a partial refund without its amount as nothing refunded yet, and a completed gift’s refunded amount not at all', () => {
    expect(moneyTotals([{ status: 'partially_refunded', amount: '80.00' }])).toMatchObject({ refundedCents: 0, keptCents: 80_00 })
    expect(moneyTotals([{ status: 'partially_refunded', amount: '80.00', refundedAmount: null }])).toMatchObject({ keptCents: 80_00 })
    expect(moneyTotals([{ status: 'completed', amount: '80.00', refundedAmount: '5.00' }])).toMatchObject({
      refundedCents: 0,
      keptCents: 80_00,
    })
  })

  it('sums ten thousand dimes exactly (cents, never floats), and nothing to zero', () => {
    const dimes = Array.from({ length: 10_000 }, () => ({ status: 'completed', amount: '0.10' }))
    expect(moneyTotals(dimes)).toMatchObject({ receivedCents: 1000_00, keptCents: 1000_00, count: 10_000, completedCount: 10_000 })
    expect(moneyTotals([])).toEqual({ receivedCents: 0, refundedCents: 0, keptCents: 0, count: 0, completedCents: 0, completedCount: 0 })
  })

  it('says what one gift kept', () => {
    expect(keptCents({ status: 'partially_refunded', amount: '80.00', refundedAmount: '30.50' })).toBe(49_50)
    expect(keptCents({ status: 'completed', amount: 12.5 })).toBe(12_50)
    expect(keptCents({ status: 'void', amount: '80.00' })).toBe(0)
  })

  it('writes the books as the API does: two-decimal strings and a count', () => {
    expect(
      booksFrom({ receivedCents: 225_10, refundedCents: 75_50, keptCents: 149_60, count: 4, completedCents: 0, completedCount: 0 }),
    ).toEqual({
      received: '225.10',
      refunded: '75.50',
      kept: '149.60',
      count: 4,
    })
  })

  it('names the statuses of a gift that arrived', () => {
    expect([...RECEIVED_STATUSES].sort()).toEqual(['completed', 'partially_refunded', 'refunded'])
  })
})
