import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'

/**
 * Signed Stripe events for the webhook tests, made offline with the SDK's own
 * `generateTestHeaderString`: exactly the bytes and header Stripe would send.
 */
export const TEST_WEBHOOK_SECRET = `whsec_test_${randomBytes(12).toString('hex')}`

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

export type SignedEvent = { body: string; signature: string; id: string }

export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  /** `created`: when Stripe made the event (seconds; now by default), apart from the signature's own time. */
  options: { secret?: string; timestamp?: number; id?: string; created?: number } = {},
): SignedEvent {
  const eventId = options.id ?? id('evt')
  const body = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: options.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  })
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  })
  return { body, signature, id: eventId }
}

/** A Checkout Session as `checkout.session.*` events carry it. */
export function checkoutSession(options: {
  amountCents: number
  paid?: boolean
  campaignId?: string | null
  name?: string
  email?: string
}) {
  return {
    id: id('cs_test'),
    object: 'checkout.session',
    mode: 'payment',
    amount_total: options.amountCents,
    currency: 'usd',
    client_reference_id: options.campaignId ?? null,
    customer_details: { name: options.name ?? 'Pat Donor', email: options.email ?? 'pat@donor.test' },
    payment_intent: id('pi_test'),
    payment_status: options.paid === false ? 'unpaid' : 'paid',
    status: 'complete',
  }
}

/**
 * A Charge as `charge.refunded` carries it: amount_refunded is the running total. With `refunds`, the charge
 * lists them as Stripe does when they are expanded (newest first): each refund's amount and when it was made
 * (seconds); without, it lists none (Stripe's API from 2022-11-15 on).
 */
export function refundedCharge(
  paymentIntent: string,
  amountCents: number,
  refundedCents: number,
  refunds?: Array<{ id?: string; amountCents: number; created: number }>,
) {
  return {
    id: id('ch_test'),
    object: 'charge',
    amount: amountCents,
    amount_refunded: refundedCents,
    payment_intent: paymentIntent,
    refunded: refundedCents >= amountCents,
    currency: 'usd',
    ...(refunds
      ? {
          refunds: {
            object: 'list',
            has_more: false,
            data: [...refunds]
              .sort((a, b) => b.created - a.created)
              .map((r) => ({
                id: r.id ?? id('re_test'),
                object: 'refund',
                amount: r.amountCents,
                created: r.created,
                status: 'succeeded',
              })),
          },
        }
      : {}),
  }
}

/** A Dispute as `charge.dispute.closed` carries it; `lost` when the card's bank kept the money for the donor. */
export const closedDispute = (paymentIntent: string, amountCents: number, status: 'lost' | 'won' = 'lost') => ({
  id: id('dp_test'),
  object: 'dispute',
  amount: amountCents,
  charge: id('ch_test'),
  payment_intent: paymentIntent,
  currency: 'usd',
  status,
})

/** POSTs an event to the webhook as Stripe does: raw JSON body and Stripe-Signature. */
export async function sendEvent(baseUrl: string, event: SignedEvent, signature = event.signature) {
  const res = await fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
    body: event.body,
  })
  const text = await res.text()
  return { status: res.status, text }
}

/** An Invoice as `invoice.paid` carries it for a subscription (API 2025-03 on: the subscription under `parent`). */
export function paidInvoice(options: {
  subscription: string
  customer: string
  amountCents: number
  name?: string
  email?: string
  /** When Stripe says it was paid (seconds; now by default). */
  paidAt?: number
}) {
  return {
    id: id('in_test'),
    object: 'invoice',
    amount_paid: options.amountCents,
    currency: 'usd',
    customer: options.customer,
    customer_name: options.name ?? 'Morgan Monthly',
    customer_email: options.email ?? 'morgan@monthly.test',
    status: 'paid',
    status_transitions: { paid_at: options.paidAt ?? Math.floor(Date.now() / 1000) },
    parent: { type: 'subscription_details', subscription_details: { subscription: options.subscription, metadata: {} } },
  }
}

/** A Subscription as `customer.subscription.*` events carry it. */
export const subscription = (subscriptionId: string, customer: string, status = 'canceled') => ({
  id: subscriptionId,
  object: 'subscription',
  customer,
  status,
  canceled_at: Math.floor(Date.now() / 1000),
})

/** New ids for a subscription and its customer. */
export const subscriptionIds = () => ({ subscription: id('sub_test'), customer: id('cus_test') })

/** An InvoicePayment as `invoice_payment.paid` carries it (API 2025-03 on: how an invoice names the payment intent that paid it). */
export const invoicePayment = (invoice: string, paymentIntent: string, amountCents: number) => ({
  id: id('inpay_test'),
  object: 'invoice_payment',
  invoice,
  amount_paid: amountCents,
  currency: 'usd',
  is_default: true,
  payment: { type: 'payment_intent', payment_intent: paymentIntent },
  status: 'paid',
})

/** A new payment intent id. */
export const paymentIntentId = () => id('pi_test')

/** A wall-clock time in the club's zone as the `created` or `paidAt` seconds of an event: testing/clubCalendar.ts, kept here for the event tests. */
export { clubTime } from './clubCalendar'
