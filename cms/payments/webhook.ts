import express, { Router } from 'express'
import type { Payload, PayloadRequest, RequiredDataFromCollectionSlug } from 'payload'
import Stripe from 'stripe'
import { formatCents } from '#shared/money'
import type { MoneyStatus } from '#shared/payments'
import { kickOutbox } from '../outbox/outbox'
import { clubDayOf, env } from '../env'
import { HttpError } from '../http/errors'
import { inTransaction, isUniqueViolation, retryOnConflict } from '../db/transaction'
import { knownCampaignId } from './ledger'
import { readPayoutLines, recordGiftFee, recordPayout } from './payouts'
import { refundPointsOfCharge } from './refunds'
import { idOf, instant } from './stripeApi'
import { applyStripeRefunds, type StripeRefundNews } from './stripeRefunds'

/** Stripe's own default: an event signed more than 5 minutes ago is refused (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 300

/**
 * POST /api/stripe/webhook (docs/payments.md). Mounted before the JSON body
 * parser: the signature covers the raw bytes. Each event is stored once
 * (unique event id) in the same transaction as what it changes, so a replay,
 * or many copies at once, change nothing more; an event older than the
 * record's last Stripe change changes nothing; a refund we cannot match is
 * acknowledged and listed for the treasurer, never refused for Stripe to retry.
 */
export function stripeWebhookRouter(payload: Payload): Router {
  const router = Router()
  router.post('/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const secret = env.STRIPE_WEBHOOK_SECRET
    if (!secret) throw new HttpError(404, 'Card payments are not set up: STRIPE_WEBHOOK_SECRET is not set')
    const signature = req.get('stripe-signature')
    if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header')
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    let event: Stripe.Event
    try {
      // Stripe's check refuses old timestamps only; one from the future is as much a replay risk.
      if (signedAt(signature) > Date.now() / 1000 + SIGNATURE_TOLERANCE_SECONDS) throw new Error('timestamp in the future')
      event = Stripe.webhooks.constructEvent(body, signature, secret, SIGNATURE_TOLERANCE_SECONDS)
    } catch {
      throw new HttpError(400, 'Invalid Stripe signature (or a timestamp more than 5 minutes off)')
    }
    const outcome = await handleStripeEvent(payload, event)
    // With STRIPE_SECRET_KEY: the gift's fee and net amount, read once its record is committed (best effort).
    if (outcome === 'recorded') await recordGiftFee(payload, event)
    kickOutbox()
    res.json({ received: true, outcome })
  })
  return router
}

/** The `t=` of a Stripe-Signature header, in seconds; 0 when absent (then the signature check refuses it). */
const signedAt = (header: string) => Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1] ?? 0)

/** The club's books are in US dollars: a payment in any other currency is refused, never recorded as dollars. */
export const CLUB_CURRENCY = 'usd'

type Outcome = 'recorded' | 'duplicate' | 'ignored' | 'refused' | 'unmatched'
/** What an event's effect adds to its `stripe-events` row (an invoice's payment, a refund we could not match). */
type EventNote = {
  invoiceId?: string | null
  paymentIntentId?: string | null
  unmatchedRefund?: string
  unmatchedPayment?: string | null
  waitingRefund?: StripeRefundNews
}
type Plan = (req: PayloadRequest) => Promise<EventNote | void>
/** A plan that must first read Stripe's API (a payout's lines): read before the transaction, which never waits on the network. */
type Prepared = { prepare: () => Promise<Plan> }

/** Events that move money: one without a currency is refused like one in another currency. */
const MONEY_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
  'charge.dispute.closed',
  'invoice.paid',
  'invoice_payment.paid',
  'payout.paid',
  'payout.failed',
])

export async function handleStripeEvent(payload: Payload, event: Stripe.Event): Promise<Outcome> {
  const planned = planFor(payload, event)
  if (!planned) return 'ignored'
  const object = event.data.object as { id?: string; currency?: string | null }
  const currency = object.currency?.toLowerCase()
  if (currency !== CLUB_CURRENCY && (currency || MONEY_EVENTS.has(event.type))) {
    // Acknowledged (Stripe would only send it again) and logged for the treasurer; nothing is recorded.
    payload.logger.warn({
      msg: `Stripe event refused: ${currency ? `${currency.toUpperCase()} is not the club's currency (USD)` : 'it names no currency'}; record it by hand if it should count`,
      eventId: event.id,
      type: event.type,
      objectId: object.id,
    })
    return 'refused'
  }
  const plan = typeof planned === 'function' ? planned : await planned.prepare()
  try {
    // Lost to another process's write (SQLite's lock, MongoDB's write conflict): tried again, as a sign-up is, instead of a 500.
    let tries = 0
    return await retryOnConflict(() => {
      if (tries++ > 0) payload.logger.warn({ msg: 'Stripe event met another write to the database: trying it again', eventId: event.id })
      return inTransaction(payload, null, async (req) => {
        // Money records name who acted: here, Stripe (cms/audit/log.ts actorOf).
        req.context.actor = 'stripe'
        const seen = await payload.count({
          collection: 'stripe-events',
          where: { eventId: { equals: event.id } },
          req,
          overrideAccess: true,
        })
        if (seen.totalDocs > 0) return 'duplicate'
        const note = (await plan(req)) ?? {}
        // The unique event id is the guard (stored in the same transaction as the effect); the count above only spares the usual replay an error.
        await payload.create({
          collection: 'stripe-events',
          data: { eventId: event.id, type: event.type, objectId: object.id ?? null, ...note },
          req,
          depth: 0,
          overrideAccess: true,
        })
        return note.unmatchedRefund ? ('unmatched' as const) : ('recorded' as const)
      })
    })
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    // Another copy of this event won the race: done. Another event about the same session did
    // (possible on MongoDB, where transactions run side by side): ask Stripe to send this one again.
    const seen = await payload.count({ collection: 'stripe-events', where: { eventId: { equals: event.id } }, overrideAccess: true })
    if (seen.totalDocs > 0) return 'duplicate'
    throw new HttpError(409, 'A concurrent event changed this payment first; Stripe will send this one again')
  }
}

function planFor(payload: Payload, event: Stripe.Event): Plan | Prepared | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      // A monthly gift's checkout: its money arrives as invoice.paid, one donation a month.
      if (session.mode === 'subscription') return (req) => recordMonthlyGift(payload, req, monthlyGiftFromSession(session), event.created)
      return (req) => recordSession(payload, req, session, session.payment_status === 'unpaid' ? 'pending' : 'completed', event.created)
    }
    case 'checkout.session.async_payment_succeeded':
      return (req) => recordSession(payload, req, event.data.object, 'completed', event.created)
    case 'checkout.session.async_payment_failed':
      return (req) => recordSession(payload, req, event.data.object, 'failed', event.created)
    case 'charge.refunded':
      return (req) => recordRefund(payload, req, event.data.object, event.created)
    case 'charge.dispute.closed': {
      // A dispute the club lost: the money went back to the donor's bank, like a refund on the day it closed.
      const dispute = event.data.object
      return dispute.status === 'lost' ? (req) => recordLostDispute(payload, req, dispute, event.created) : null
    }
    case 'invoice_payment.paid':
      return (req) => recordInvoicePayment(payload, req, event.data.object)
    case 'invoice.paid': {
      const invoice = event.data.object
      return invoice.amount_paid > 0 && subscriptionOf(invoice) ? (req) => recordInvoice(payload, req, invoice, event.created) : null
    }
    case 'payout.paid':
    case 'payout.failed': {
      const payout = event.data.object
      const status = event.type === 'payout.paid' ? 'paid' : 'failed'
      // Signed but without what we record of a payout: refused (400), never a server error.
      if (!isPayout(payout)) throw new HttpError(400, 'A payout event needs its id, amount, arrival_date and created')
      return {
        prepare: async () => {
          const lines = await readPayoutLines(payload, payout.id)
          return (req) => recordPayout(req, payout, status, lines, event.created)
        },
      }
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      return (req) =>
        recordMonthlyGift(
          payload,
          req,
          {
            subscriptionId: subscription.id,
            customerId: idOf(subscription.customer),
            status: 'cancelled',
            cancelledAt: new Date((subscription.canceled_at ?? event.created) * 1000).toISOString(),
          },
          event.created,
        )
    }
    default:
      return null
  }
}

/** The money records a card pays for: gifts, and membership dues (Stripe Checkout sessions our server made). */
type CardCollection = 'donations' | 'dues'

const findIn = async <C extends CardCollection>(payload: Payload, req: PayloadRequest, collection: C, field: string, value: string) =>
  (await payload.find({ collection, where: { [field]: { equals: value } }, limit: 1, depth: 0, req, overrideAccess: true })).docs[0]

const findDonation = (
  payload: Payload,
  req: PayloadRequest,
  field: 'stripeCheckoutSessionId' | 'stripePaymentIntentId' | 'stripeInvoiceId',
  value: string,
) => findIn(payload, req, 'donations', field, value)

/** The card payment a Checkout Session or payment intent recorded, a donation or dues, with its collection. */
async function findCardPayment(
  payload: Payload,
  req: PayloadRequest,
  field: 'stripeCheckoutSessionId' | 'stripePaymentIntentId',
  value: string,
) {
  const donation = await findDonation(payload, req, field, value)
  if (donation) return { collection: 'donations' as const, doc: donation }
  const dues = await findIn(payload, req, 'dues', field, value)
  return dues ? { collection: 'dues' as const, doc: dues } : undefined
}

/** A Checkout Session our server made for a membership's dues names it: `membership:<id>` (cms/membership/checkout.ts). */
const membershipOf = (clientReference: string | null) => /^membership:([\w-]{1,100})$/.exec(clientReference ?? '')?.[1] ?? null

/**
 * Late events never rewrite history (docs/decisions/010-facts-told-never-change.md): an event Stripe created before the last one applied to
 * this record (`stripeEventAt`) changes nothing.
 */
const olderThanRecord = (doc: { stripeEventAt?: string | null }, created: number) =>
  !!doc.stripeEventAt && created * 1000 < Date.parse(doc.stripeEventAt)

/**
 * One money record per Checkout Session (a donation, or the dues of the membership it names), moved forward by
 * whichever event comes: never backwards, never twice.
 */
async function recordSession(
  payload: Payload,
  req: PayloadRequest,
  session: Stripe.Checkout.Session,
  status: MoneyStatus,
  created: number,
): Promise<EventNote | void> {
  const existing = await findCardPayment(payload, req, 'stripeCheckoutSessionId', session.id)
  if (existing) {
    if (olderThanRecord(existing.doc, created)) return
    if (existing.doc.status === 'pending' && status !== 'pending')
      await updateCardPayment(payload, req, existing.collection, existing.doc.id, { status }, created)
    return
  }
  const membership = membershipOf(session.client_reference_id)
  if (membership) return recordDues(payload, req, session, membership, status, created)
  await createCardDonation(payload, req, session.customer_details?.name, session.customer_details?.email || session.customer_email, {
    amount: formatCents(session.amount_total ?? 0),
    // The campaign's Donate button sets client-reference-id; anything unknown goes to the general fund.
    campaign: await knownCampaignId(payload, req, session.client_reference_id),
    stripeCheckoutSessionId: session.id,
    stripePaymentIntentId: idOf(session.payment_intent),
    ...paidAtAndDay(created),
    stripeEventAt: instant(created),
    status,
  })
}

/**
 * A membership's dues paid through Checkout: the `dues` money record of that membership (its hooks take the
 * level's tax facts and make the membership active: cms/membership/dues.ts). A session naming no membership we
 * have is acknowledged and logged for the treasurer, never refused for Stripe to retry for days.
 */
async function recordDues(
  payload: Payload,
  req: PayloadRequest,
  session: Stripe.Checkout.Session,
  membershipId: string,
  status: MoneyStatus,
  created: number,
): Promise<EventNote | void> {
  const membership = await payload.findByID({
    collection: 'memberships',
    id: membershipId,
    depth: 0,
    req,
    overrideAccess: true,
    disableErrors: true,
  })
  if (!membership) {
    payload.logger.warn({ msg: 'A Stripe Checkout payment for a membership we do not have', sessionId: session.id, membershipId })
    return { unmatchedPayment: idOf(session.payment_intent) ?? session.id }
  }
  await payload.create({
    collection: 'dues',
    req,
    depth: 0,
    overrideAccess: true,
    data: {
      membership: membership.id,
      payerName: session.customer_details?.name?.trim() || undefined,
      payerEmail: session.customer_details?.email || session.customer_email || undefined,
      amount: formatCents(session.amount_total ?? 0),
      paymentMethod: 'stripe',
      stripeCheckoutSessionId: session.id,
      stripePaymentIntentId: idOf(session.payment_intent),
      ...paidAtAndDay(created),
      stripeEventAt: instant(created),
      status,
    },
  })
}

/** A payout event's object holds what we record (a signed event can still lack it). */
const isPayout = (payout: Stripe.Payout) =>
  typeof payout?.id === 'string' && [payout.amount, payout.arrival_date, payout.created].every((n) => Number.isInteger(n))

/** A card gift's instant (Stripe's) and the club's day of it (docs/payments.md "The club's day"). */
const paidAtAndDay = (seconds: number) => ({ paidAt: instant(seconds), receivedAt: clubDayOf(seconds * 1000) })

type CardDonation = Omit<RequiredDataFromCollectionSlug<'donations'>, 'donorName' | 'donorEmail' | 'paymentMethod'>

/** A card payment as a donation: Stripe's donor (or placeholders when Stripe has none) and what it paid. */
const createCardDonation = (
  payload: Payload,
  req: PayloadRequest,
  name: string | null | undefined,
  email: string | null | undefined,
  data: CardDonation,
) =>
  payload.create({
    collection: 'donations',
    req,
    depth: 0,
    overrideAccess: true,
    data: { donorName: name?.trim() || 'Anonymous donor', donorEmail: email || '(not given)', paymentMethod: 'stripe', ...data },
  })

/** A move of a stored card payment; its collection's money rules apply (cms/payments/moneyRules.ts). */
const updateCardPayment = (
  payload: Payload,
  req: PayloadRequest,
  collection: CardCollection,
  id: string,
  data: { status: MoneyStatus; refundedAmount?: string },
  created: number,
) => payload.update({ collection, id, data: { ...data, stripeEventAt: instant(created) }, req, depth: 0, overrideAccess: true })

/**
 * `charge.refunded`: the charge's refunds, each on the club's day Stripe made it (its own timestamp when the
 * charge lists it, else the event's), merged with what the gift already lists, so events in any order, twice
 * or late, leave the same refunds (cms/payments/refunds.ts). A refund of a payment not recorded yet (or still
 * pending) is acknowledged, listed for the treasurer and kept on its event: it is applied when the payment is
 * recorded (cms/payments/stripeRefunds.ts). Never refused for Stripe to retry for days.
 */
async function recordRefund(payload: Payload, req: PayloadRequest, charge: Stripe.Charge, created: number): Promise<EventNote | void> {
  const refunded = charge.amount_refunded
  if (!Number.isInteger(refunded) || refunded < 0) throw new HttpError(400, 'amount_refunded must be a whole number of cents, zero or more')
  const news: StripeRefundNews = { points: refundPointsOfCharge(charge, created) }
  return applyOrKeep(payload, req, idOf(charge.payment_intent), charge.id, news, formatCents(refunded), created)
}

/** `charge.dispute.closed`, lost: the disputed amount taken back on the club's day the dispute closed. */
async function recordLostDispute(payload: Payload, req: PayloadRequest, dispute: Stripe.Dispute, created: number) {
  if (!Number.isInteger(dispute.amount) || dispute.amount <= 0) throw new HttpError(400, 'A dispute needs its amount in whole cents')
  const news: StripeRefundNews = {
    dispute: {
      amount: formatCents(dispute.amount),
      day: clubDayOf(created * 1000),
      at: instant(created),
      kind: 'dispute',
      stripeDisputeId: dispute.id,
    },
  }
  return applyOrKeep(
    payload,
    req,
    idOf(dispute.payment_intent),
    idOf(dispute.charge) ?? dispute.id,
    news,
    formatCents(dispute.amount),
    created,
  )
}

/** Applies money going back to its recorded card payment (a gift or dues), or keeps it on its event until the payment is recorded. */
async function applyOrKeep(
  payload: Payload,
  req: PayloadRequest,
  paymentIntent: string | null,
  chargeId: string,
  news: StripeRefundNews,
  amount: string,
  created: number,
): Promise<EventNote | void> {
  const found = paymentIntent ? await findCardPayment(payload, req, 'stripePaymentIntentId', paymentIntent) : undefined
  if (found && (await applyStripeRefunds(req, found.collection, found.doc, [news], instant(created)))) return
  payload.logger.warn({ msg: 'Stripe took money back from a payment not recorded yet: kept until it is', chargeId, paymentIntent })
  return { unmatchedRefund: amount, unmatchedPayment: paymentIntent ?? chargeId, waitingRefund: news }
}

/**
 * `invoice_payment.paid` (Stripe API 2025-03 on, where an invoice no longer names its payment intent): the
 * payment intent that paid a monthly gift's invoice, kept on the event row and on the month's donation, so
 * `charge.refunded` finds that donation whichever of the two events came first.
 */
async function recordInvoicePayment(payload: Payload, req: PayloadRequest, invoicePayment: Stripe.InvoicePayment): Promise<EventNote> {
  const invoiceId = idOf(invoicePayment.invoice)
  const paymentIntentId = idOf(invoicePayment.payment?.payment_intent)
  const donation = invoiceId ? await findDonation(payload, req, 'stripeInvoiceId', invoiceId) : undefined
  if (donation && paymentIntentId && !donation.stripePaymentIntentId)
    await payload.update({
      collection: 'donations',
      id: donation.id,
      data: { stripePaymentIntentId: paymentIntentId },
      req,
      depth: 0,
      overrideAccess: true,
    })
  return { invoiceId, paymentIntentId }
}

/** The payment intent that paid an invoice: on the invoice (API before 2025-03), in its payments, or from invoice_payment.paid. */
async function invoicePaymentIntent(payload: Payload, req: PayloadRequest, invoice: Stripe.Invoice): Promise<string | null> {
  const older = invoice as Stripe.Invoice & { payment_intent?: string | { id: string } | null }
  const listed = invoice.payments?.data?.map((p) => idOf(p.payment?.payment_intent)).find(Boolean)
  if (older.payment_intent || listed) return idOf(older.payment_intent) ?? listed ?? null
  const { docs } = await payload.find({
    collection: 'stripe-events',
    where: { and: [{ invoiceId: { equals: invoice.id } }, { paymentIntentId: { exists: true } }] },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  return docs[0]?.paymentIntentId ?? null
}

/** The subscription an invoice bills: `parent.subscription_details` (API 2025-03 on) or `subscription` (before). */
function subscriptionOf(invoice: Stripe.Invoice): string | null {
  const older = invoice as Stripe.Invoice & { subscription?: string | { id: string } | null }
  return idOf(invoice.parent?.subscription_details?.subscription ?? older.subscription)
}

type MonthlyGiftData = {
  subscriptionId: string
  customerId?: string | null
  donorName?: string | null
  donorEmail?: string | null
  amount?: string
  status?: 'active' | 'cancelled'
  cancelledAt?: string
}

const monthlyGiftFromSession = (session: Stripe.Checkout.Session): MonthlyGiftData => ({
  subscriptionId: idOf(session.subscription) ?? session.id,
  customerId: idOf(session.customer),
  donorName: session.customer_details?.name?.trim() || null,
  donorEmail: session.customer_details?.email || session.customer_email || null,
})

/**
 * Creates or updates the subscription's record; a cancelled one stays cancelled whatever arrives later,
 * and an event older than the last one applied (a checkout arriving after the cancel) changes nothing.
 */
async function recordMonthlyGift(payload: Payload, req: PayloadRequest, data: MonthlyGiftData, created: number) {
  const { docs } = await payload.find({
    collection: 'monthly-gifts',
    where: { subscriptionId: { equals: data.subscriptionId } },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  const known = Object.fromEntries(Object.entries(data).filter(([, value]) => value != null && value !== ''))
  if (!docs[0]) {
    await payload.create({
      collection: 'monthly-gifts',
      data: { status: 'active', ...known, subscriptionId: data.subscriptionId, stripeEventAt: instant(created) },
      req,
      depth: 0,
      overrideAccess: true,
    })
    return
  }
  if (olderThanRecord(docs[0], created)) return
  const { status, ...rest } = known
  const update = {
    ...(docs[0].status === 'cancelled' ? rest : { ...rest, ...(status ? { status } : {}) }),
    stripeEventAt: instant(created),
  }
  await payload.update({ collection: 'monthly-gifts', id: docs[0].id, data: update, req, depth: 0, overrideAccess: true })
}

/** One completed donation per paid invoice of a monthly gift (the invoice id is unique on donations). */
async function recordInvoice(payload: Payload, req: PayloadRequest, invoice: Stripe.Invoice, created: number) {
  const subscriptionId = subscriptionOf(invoice)!
  const { totalDocs } = await payload.count({
    collection: 'donations',
    where: { stripeInvoiceId: { equals: invoice.id } },
    req,
    overrideAccess: true,
  })
  if (totalDocs > 0) return
  const paidAt = invoice.status_transitions?.paid_at ?? created
  const donation = await createCardDonation(payload, req, invoice.customer_name, invoice.customer_email, {
    amount: formatCents(invoice.amount_paid),
    // Monthly gifts go to the general fund.
    campaign: null,
    stripeInvoiceId: invoice.id,
    stripeSubscriptionId: subscriptionId,
    stripeCustomerId: idOf(invoice.customer),
    // So a refund (charge.refunded) finds this donation.
    stripePaymentIntentId: await invoicePaymentIntent(payload, req, invoice),
    ...paidAtAndDay(paidAt),
    stripeEventAt: instant(created),
    status: 'completed',
  })
  const { donorName, donorEmail, amount } = donation
  await recordMonthlyGift(payload, req, { subscriptionId, customerId: idOf(invoice.customer), donorName, donorEmail, amount }, created)
}
