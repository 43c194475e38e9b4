import { formatCents, toCents } from '#shared/money'
import { lastMoveAt } from '#shared/payments'
import { clubDayOf } from '../env'
import { giftDay, type MoneyDoc } from './ledger'

/**
 * Each refund of a gift on its own (docs/payments.md "Refunds"): what went back, the club's day it was
 * made, and for a card gift Stripe's instant and refund id. A dispute Stripe lost takes money back like
 * a refund and is listed among them (`kind: 'dispute'`). The money rules (cms/payments/moneyRules.ts)
 * write the list as the refunded total grows; the ledger, the statements and the receipts read it, so a
 * gift refunded twice in two months shows two refunds, each in its month.
 */
export type Refund = {
  amount: string
  day: string
  /** Stripe's instant of the refund (ISO), for a refund Stripe made. */
  at?: string | null
  stripeRefundId?: string | null
  kind?: 'refund' | 'dispute'
}

const sumCents = (refunds: Refund[]) => refunds.reduce((n, r) => n + toCents(r.amount), 0)

/** What a gift has refunded in all, in cents (a full refund is the whole amount). */
export const refundedCents = (doc: MoneyDoc): number =>
  doc.status === 'refunded' ? toCents(doc.amount) : doc.refundedAmount ? toCents(doc.refundedAmount) : 0

/**
 * A gift's refunds, oldest first. A gift refunded before they were listed one by one has its total as one
 * refund, on its stamped day (or the day its history says it moved, or the gift's own day).
 */
export function refundsOf(doc: MoneyDoc): Refund[] {
  if (Array.isArray(doc.refunds) && doc.refunds.length > 0) return doc.refunds as Refund[]
  const total = refundedCents(doc)
  if (total === 0) return []
  const at = lastMoveAt(doc.history, ['refunded', 'partially_refunded'])
  const day = doc.refundedOn || (at ? clubDayOf(Date.parse(at)) : giftDay(doc))
  return [{ amount: formatCents(total), day }]
}

/** The day of the latest refund in a list (the record's `refundedOn`), or null without any. */
export const lastRefundDay = (refunds: Refund[]): string | null =>
  refunds.reduce<string | null>((last, r) => (!last || r.day > last ? r.day : last), null)

export const refundsTotal = sumCents

/**
 * A charge's refunded total Stripe reported at an instant: an event's `created` with its `amount_refunded`,
 * or one refund of the charge's list with the running total after it.
 */
export type RefundPoint = { at: number; totalCents: number; stripeRefundId?: string | null }

/** The points a `charge.refunded` event tells: each listed refund (newest first in Stripe's list), and the event's total. */
export function refundPointsOfCharge(
  charge: {
    amount_refunded: number
    refunds?: { data?: Array<{ id?: string; amount?: number; created?: number; status?: string | null }> } | null
  },
  eventCreatedSeconds: number,
): RefundPoint[] {
  const listed = (charge.refunds?.data ?? [])
    .filter((r) => Number.isInteger(r.amount) && Number.isInteger(r.created) && r.status !== 'failed' && r.status !== 'canceled')
    .sort((a, b) => a.created! - b.created!)
  // The total after each listed refund, counted down from the charge's: right even when Stripe lists only the latest ones.
  let after = charge.amount_refunded
  const points = listed
    .reverse()
    .map((r) => {
      const point = { at: r.created! * 1000, totalCents: after, stripeRefundId: r.id ?? null }
      after -= r.amount!
      return point
    })
    .reverse()
  return [...points, { at: eventCreatedSeconds * 1000, totalCents: charge.amount_refunded }]
}

/**
 * The refunds Stripe's points describe, with what a gift already lists: every point in time order, each
 * level of the running total at the earliest instant it was seen, each step a refund on its own club day.
 * Events may arrive in any order or twice and the list comes out the same. Null when the gift lists a
 * refund the treasurer recorded by hand (no instant): then only a larger total adds one refund.
 */
export function mergeStripeRefunds(stored: Refund[], points: RefundPoint[]): Refund[] | null {
  const refunds = stored.filter((r) => r.kind !== 'dispute')
  const disputes = stored.filter((r) => r.kind === 'dispute')
  if (refunds.some((r) => !r.at)) return null
  let running = 0
  const all: RefundPoint[] = [
    ...refunds.map((r) => ({ at: Date.parse(r.at!), totalCents: (running += toCents(r.amount)), stripeRefundId: r.stripeRefundId })),
    ...points.filter((p) => p.totalCents > 0),
  ].sort((a, b) => a.at - b.at || a.totalCents - b.totalCents)
  const levels: RefundPoint[] = []
  for (const point of all) {
    const last = levels.at(-1)
    if (!last || point.totalCents > last.totalCents) levels.push({ ...point })
    else if (point.totalCents === last.totalCents && !last.stripeRefundId) last.stripeRefundId = point.stripeRefundId
  }
  let before = 0
  const merged = levels.map((level) => {
    const refund: Refund = {
      amount: formatCents(level.totalCents - before),
      day: clubDayOf(level.at),
      at: new Date(level.at).toISOString(),
      ...(level.stripeRefundId ? { stripeRefundId: level.stripeRefundId } : {}),
    }
    before = level.totalCents
    return refund
  })
  return [...merged, ...disputes]
}
