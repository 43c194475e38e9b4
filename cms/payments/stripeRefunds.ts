import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { clubDayOf } from '../env'
import type { MoneyDoc } from './ledger'
import { mergeStripeRefunds, type Refund, type RefundPoint, refundsOf, refundsTotal } from './refunds'

/**
 * Stripe's refunds and lost disputes on a card gift (docs/payments.md "Stripe"), in any order: each with
 * the day Stripe made it. One that arrives before its payment is recorded waits on its `stripe-events`
 * row (`waitingRefund`) and is applied by the gift's own hook, in the transaction that records the payment.
 */

/** What a Stripe event about money going back tells: the refunded totals it saw, or one lost dispute. */
export type StripeRefundNews = { points: RefundPoint[] } | { dispute: Refund & { stripeDisputeId: string } }

/** The statuses of a gift the club received: a refund applies to these, and waits while a payment is not one of them. */
const RECEIVED = ['completed', 'partially_refunded', 'refunded']

/** The gift's refunds with Stripe's news added; unchanged when it adds nothing (a replay, an older event). */
function withNews(doc: MoneyDoc, news: StripeRefundNews[]): Refund[] {
  let refunds = refundsOf(doc)
  const amount = toCents(doc.amount)
  const points = news.flatMap((n) => ('points' in n ? n.points : []))
  if (points.length) {
    const merged = mergeStripeRefunds(refunds, points)
    if (merged) refunds = merged
    else {
      // The treasurer recorded a refund by hand: only a larger total from Stripe adds one, on its day.
      const top = points.reduce((a, b) => (b.totalCents > a.totalCents ? b : a))
      const more = top.totalCents - refundsTotal(refunds)
      if (more > 0) refunds = [...refunds, { amount: formatCents(more), day: clubDayOf(top.at), at: new Date(top.at).toISOString() }]
    }
  }
  for (const n of news)
    if ('dispute' in n && !refunds.some((r) => r.stripeRefundId === n.dispute.stripeDisputeId)) {
      const left = amount - refundsTotal(refunds)
      const { stripeDisputeId, ...dispute } = n.dispute
      if (left > 0)
        refunds = [
          ...refunds,
          { ...dispute, amount: formatCents(Math.min(left, toCents(dispute.amount))), stripeRefundId: stripeDisputeId },
        ]
    }
  return refunds
}

/**
 * Applies Stripe's refund news to a received card gift through the donations collection's rules (the refunds
 * listed, the status and total they make). False when the gift is not received yet: the news waits.
 */
export async function applyStripeRefunds(req: PayloadRequest, doc: MoneyDoc, news: StripeRefundNews[], eventAt?: string) {
  if (!RECEIVED.includes(doc.status)) return false
  const refunds = withNews(doc, news)
  const total = Math.min(refundsTotal(refunds), toCents(doc.amount))
  const same = JSON.stringify(refunds) === JSON.stringify(refundsOf(doc))
  if (same || (doc.status === 'refunded' && total < toCents(doc.amount))) return true
  const full = total >= toCents(doc.amount)
  const newer = eventAt && (!doc.stripeEventAt || Date.parse(eventAt) > Date.parse(doc.stripeEventAt))
  await req.payload.update({
    collection: 'donations',
    id: doc.id,
    data: {
      refunds,
      ...(full ? { status: 'refunded' as const } : { status: 'partially_refunded' as const, refundedAmount: formatCents(total) }),
      ...(newer ? { stripeEventAt: eventAt } : {}),
    },
    req,
    depth: 0,
    overrideAccess: true,
  })
  return true
}

/**
 * A card gift just received (recorded completed, completed from pending, or given the payment intent that
 * paid it): the refunds and lost disputes Stripe sent before it, kept on their events, applied now in the
 * same transaction, and their events marked matched (the unmatched list then leaves them out).
 */
export const applyWaitingRefunds: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  const paymentIntent = doc.stripePaymentIntentId
  const received = doc.status === 'completed' || doc.status === 'partially_refunded'
  const justNow = !RECEIVED.includes(previousDoc?.status) || previousDoc?.stripePaymentIntentId !== paymentIntent
  if (!paymentIntent || !received || !justNow) return doc
  const system = { req, depth: 0, overrideAccess: true } as const
  const { docs: waiting } = await req.payload.find({
    collection: 'stripe-events',
    where: { and: [{ unmatchedPayment: { equals: paymentIntent } }, { matchedTo: { exists: false } }] },
    pagination: false,
    ...system,
  })
  if (waiting.length === 0) return doc
  // A refund kept before its news was (an older server's row): its total, as of when it arrived.
  const news = waiting.map(
    (e): StripeRefundNews =>
      (e.waitingRefund as StripeRefundNews | null) ?? {
        points: [{ at: Date.parse(e.createdAt), totalCents: toCents(e.unmatchedRefund ?? '0') }],
      },
  )
  await applyStripeRefunds(req, doc, news)
  await req.payload.update({
    collection: 'stripe-events',
    where: { id: { in: waiting.map((e) => e.id) } },
    data: { matchedTo: String(doc.id), matchedAt: new Date().toISOString() },
    ...system,
  })
  return doc
}
