import express, { Router } from 'express'
import type { Payload, PayloadRequest, RequiredDataFromCollectionSlug } from 'payload'
import Stripe from 'stripe'
import { formatCents, toCents } from '#shared/money'
import type { MoneyStatus } from '#shared/payments'
import { kickOutbox } from '../outbox/outbox'
import { env } from '../env'
import { HttpError } from '../http/errors'
import { inTransaction, isUniqueViolation } from '../db/transaction'
import { knownCampaignId } from './ledger'

/** Stripe's own default: an event signed more than 5 minutes ago is refused (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 300

/**
 * POST /api/stripe/webhook (docs/payments.md). Mounted before the JSON body
 * parser: the signature covers the raw bytes. Each event is stored once
 * (unique event id) in the same transaction as what it changes, so a replay,
 * or many copies at once, change nothing more; an event about something not
 * recorded yet is refused with 409 and stored nothing, so Stripe retries it.
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
    kickOutbox()
    res.json({ received: true, outcome })
  })
  return router
}

/** The `t=` of a Stripe-Signature header, in seconds; 0 when absent (then the signature check refuses it). */
const signedAt = (header: string) => Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1] ?? 0)

/** The club's books are in US dollars: a payment in any other currency is refused, never recorded as dollars. */
export const CLUB_CURRENCY = 'usd'

type Outcome = 'recorded' | 'duplicate' | 'ignored' | 'refused'
type Plan = (req: PayloadRequest) => Promise<void>

export async function handleStripeEvent(payload: Payload, event: Stripe.Event): Promise<Outcome> {
  const plan = planFor(payload, event)
  if (!plan) return 'ignored'
  const object = event.data.object as { id?: string; currency?: string | null }
  if (object.currency && object.currency.toLowerCase() !== CLUB_CURRENCY) {
    // Acknowledged (Stripe would only send it again) and logged for the treasurer; nothing is recorded.
    payload.logger.warn({
      msg: `Stripe event refused: ${object.currency.toUpperCase()} is not the club's currency (USD); record it by hand if it should count`,
      eventId: event.id,
      type: event.type,
      objectId: object.id,
    })
    return 'refused'
  }
  try {
    return await inTransaction(payload, null, async (req) => {
      // Money records name who acted: here, Stripe (cms/audit/log.ts actorOf).
      req.context.actor = 'stripe'
      const seen = await payload.count({ collection: 'stripe-events', where: { eventId: { equals: event.id } }, req, overrideAccess: true })
      if (seen.totalDocs > 0) return 'duplicate'
      // The unique event id is the guard; the count above only spares the usual replay an error.
      await payload.create({
        collection: 'stripe-events',
        data: { eventId: event.id, type: event.type, objectId: object.id ?? null },
        req,
        depth: 0,
        overrideAccess: true,
      })
      await plan(req)
      return 'recorded' as const
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

function planFor(payload: Payload, event: Stripe.Event): Plan | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      // A monthly gift's checkout: its money arrives as invoice.paid, one donation a month.
      if (session.mode === 'subscription') return (req) => recordMonthlyGift(payload, req, monthlyGiftFromSession(session))
      return (req) => recordSession(payload, req, session, session.payment_status === 'unpaid' ? 'pending' : 'completed', event.created)
    }
    case 'checkout.session.async_payment_succeeded':
      return (req) => recordSession(payload, req, event.data.object, 'completed', event.created)
    case 'checkout.session.async_payment_failed':
      return (req) => recordSession(payload, req, event.data.object, 'failed', event.created)
    case 'charge.refunded':
      return (req) => recordRefund(payload, req, event.data.object)
    case 'invoice.paid': {
      const invoice = event.data.object
      return invoice.amount_paid > 0 && subscriptionOf(invoice) ? (req) => recordInvoice(payload, req, invoice, event.created) : null
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      return (req) =>
        recordMonthlyGift(payload, req, {
          subscriptionId: subscription.id,
          customerId: idOf(subscription.customer),
          status: 'cancelled',
          cancelledAt: new Date((subscription.canceled_at ?? event.created) * 1000).toISOString(),
        })
    }
    default:
      return null
  }
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

async function findDonation(
  payload: Payload,
  req: PayloadRequest,
  field: 'stripeCheckoutSessionId' | 'stripePaymentIntentId',
  value: string,
) {
  const { docs } = await payload.find({
    collection: 'donations',
    where: { [field]: { equals: value } },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  return docs[0]
}

/** One donation per Checkout Session, moved forward by whichever event comes: never backwards, never twice. */
async function recordSession(
  payload: Payload,
  req: PayloadRequest,
  session: Stripe.Checkout.Session,
  status: MoneyStatus,
  created: number,
) {
  const existing = await findDonation(payload, req, 'stripeCheckoutSessionId', session.id)
  if (existing) {
    if (existing.status === 'pending' && status !== 'pending') await updateDonation(payload, req, existing.id, { status })
    return
  }
  await createCardDonation(payload, req, session.customer_details?.name, session.customer_details?.email || session.customer_email, {
    amount: formatCents(session.amount_total ?? 0),
    // The campaign's Donate button sets client-reference-id; anything unknown goes to the general fund.
    campaign: await knownCampaignId(payload, req, session.client_reference_id),
    stripeCheckoutSessionId: session.id,
    stripePaymentIntentId: idOf(session.payment_intent),
    receivedAt: new Date(created * 1000).toISOString().slice(0, 10),
    status,
  })
}

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

/** A move of a stored card payment; the donations collection's rules apply (cms/payments/moneyRules.ts). */
const updateDonation = (payload: Payload, req: PayloadRequest, id: string, data: { status: MoneyStatus; refundedAmount?: string }) =>
  payload.update({ collection: 'donations', id, data, req, depth: 0, overrideAccess: true })

/** `amount_refunded` is the running total, so an older refund event arriving late changes nothing. */
async function recordRefund(payload: Payload, req: PayloadRequest, charge: Stripe.Charge) {
  const paymentIntent = idOf(charge.payment_intent)
  const donation = paymentIntent ? await findDonation(payload, req, 'stripePaymentIntentId', paymentIntent) : undefined
  if (!donation || donation.status === 'pending') {
    throw new HttpError(409, 'This refund is for a payment not recorded yet; Stripe will send it again')
  }
  if (donation.status !== 'completed' && donation.status !== 'partially_refunded') return
  const refunded = charge.amount_refunded
  if (refunded <= toCents(donation.refundedAmount ?? '0')) return
  const full = refunded >= toCents(donation.amount)
  await updateDonation(
    payload,
    req,
    donation.id,
    full ? { status: 'refunded' } : { status: 'partially_refunded', refundedAmount: formatCents(refunded) },
  )
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

/** Creates or updates the subscription's record; a cancelled one stays cancelled whatever arrives later. */
async function recordMonthlyGift(payload: Payload, req: PayloadRequest, data: MonthlyGiftData) {
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
      data: { status: 'active', ...known, subscriptionId: data.subscriptionId },
      req,
      depth: 0,
      overrideAccess: true,
    })
    return
  }
  const { status, ...rest } = known
  const update = docs[0].status === 'cancelled' ? rest : { ...rest, ...(status ? { status } : {}) }
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
  const older = invoice as Stripe.Invoice & { payment_intent?: string | { id: string } | null }
  const donation = await createCardDonation(payload, req, invoice.customer_name, invoice.customer_email, {
    amount: formatCents(invoice.amount_paid),
    // Monthly gifts go to the general fund.
    campaign: null,
    stripeInvoiceId: invoice.id,
    stripeSubscriptionId: subscriptionId,
    stripeCustomerId: idOf(invoice.customer),
    // Older API versions name the payment, so a refund (charge.refunded) finds this donation.
    stripePaymentIntentId: idOf(older.payment_intent),
    receivedAt: new Date((invoice.status_transitions?.paid_at ?? created) * 1000).toISOString().slice(0, 10),
    status: 'completed',
  })
  const { donorName, donorEmail, amount } = donation
  await recordMonthlyGift(payload, req, { subscriptionId, customerId: idOf(invoice.customer), donorName, donorEmail, amount })
}
