import { describe, expect, it } from 'vitest'
import { redateGifts } from './clubDayUpgrade'

/** Migration club_day's data step (CLUB_TIME_ZONE unset: America/Chicago). */
describe("re-dating stored gifts to the club's day", () => {
  const gift = (over: Partial<Parameters<typeof redateGifts>[0][number]>) => ({
    id: 'g',
    receivedAt: null,
    createdAt: '2026-01-01T03:30:05.000Z',
    fromStripe: true,
    receiptNumber: null,
    email: 'pat@donor.test',
    ...over,
  })

  it("moves a card gift dated by the UTC day to the club's day, and queues a corrected receipt when one was sent", () => {
    const result = redateGifts([gift({ id: 'eve', receivedAt: '2026-01-01', receiptNumber: '2026-0001' })])
    expect(result.days).toEqual([{ id: 'eve', receivedAt: '2025-12-31' }])
    expect(result.corrections).toEqual([{ key: 'redated:eve:2026-01-01', kind: 'donation-redated', recordId: 'eve', to: 'pat@donor.test' }])
    expect(result.report).toEqual({ redated: 1, notRedated: 0, dayGiven: 0 })
  })

  it('leaves offline days as typed, gives a day to gifts without one, and counts card gifts it cannot re-date', () => {
    const result = redateGifts([
      gift({ id: 'check', fromStripe: false, receivedAt: '2026-01-01' }),
      gift({ id: 'noday', fromStripe: false, receivedAt: null }),
      // Recorded on another UTC day than Stripe's: the webhook's moment says nothing safe about the payment's.
      gift({ id: 'retried', receivedAt: '2025-12-30' }),
      // Already on the club's day (a daytime gift): nothing changes, no mail.
      gift({ id: 'noon', receivedAt: '2026-01-05', createdAt: '2026-01-05T18:00:00.000Z', receiptNumber: '2026-0009' }),
    ])
    expect(result.days).toEqual([{ id: 'noday', receivedAt: '2025-12-31' }])
    expect(result.corrections).toEqual([])
    expect(result.report).toEqual({ redated: 0, notRedated: 1, dayGiven: 1 })
  })
})
