import type { Payload } from 'payload'
import type Stripe from 'stripe'
import { toCents } from '#shared/money'
import type { Membership } from '../payload-types'
import { inTransaction } from '../db/transaction'
import { env } from '../env'
import { stripeClient } from '../payments/stripeApi'
import { asSettling, openCheckout } from './memberships'

/**
 * Paying dues by card (docs/MEMBERSHIP.md "Paying"): a Stripe Checkout Session our server makes for the amount
 * it computed, with STRIPE_CHECKOUT_KEY, a restricted key allowed to create Checkout Sessions and nothing
 * else. The session names the membership (`client_reference_id: membership:<id>`), so the signed webhook
 * records the dues against it (cms/payments/webhook.ts). While a session is open it is offered again: two
 * browsers of one family reach the same session and pay once.
 */
let client: Stripe | null | undefined

function checkoutApi(): Stripe | null {
  if (client === undefined) client = env.STRIPE_CHECKOUT_KEY ? stripeClient(env.STRIPE_CHECKOUT_KEY, 10_000) : null
  return client
}

/** Families may pay by card: a session can be made, and the webhook that records the payment is set up. */
export const cardDuesOn = () => Boolean(env.STRIPE_CHECKOUT_KEY && env.STRIPE_WEBHOOK_SECRET)

/** Stripe's Checkout page, where the family's browser goes to pay (the form-action the continue page allows). */
export const CHECKOUT_ORIGIN = 'https://checkout.stripe.com'

/** A session lives 24 hours at Stripe; one about to lapse is not offered (the family would land on an expired page). */
const MARGIN_MS = 10 * 60_000

/**
 * The address of the Checkout page for a pending membership: its open session's, or a new session's. `back`
 * is where Stripe's page sends a family that turns back (their continue link).
 */
export async function checkoutUrl(
  payload: Payload,
  membership: Membership,
  what: { product: string; email: string; back: string },
): Promise<string> {
  const stored = membership.checkout
  if (stored?.url && stored.expiresAt && Date.parse(stored.expiresAt) > Date.now() + MARGIN_MS) return stored.url
  const stripe = checkoutApi()
  if (!stripe) throw new Error('Card payments for dues are not set up (STRIPE_CHECKOUT_KEY)')
  const attempt = (stored?.attempt ?? 0) + 1
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      submit_type: 'pay',
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: toCents(membership.amount!), product_data: { name: what.product } } },
      ],
      client_reference_id: `membership:${membership.id}`,
      customer_email: what.email,
      metadata: { membershipId: membership.id },
      payment_intent_data: { description: what.product, metadata: { membershipId: membership.id } },
      success_url: `${env.SERVER_URL}/join?sent=paid`,
      cancel_url: what.back,
    },
    // The same attempt asked twice at once (two browsers) is one session at Stripe.
    { idempotencyKey: `membership-checkout:${membership.id}:${attempt}` },
  )
  if (!session.url) throw new Error('Stripe made a Checkout Session without a page address')
  const expiresAt = new Date(session.expires_at * 1000).toISOString()
  // Kept with the membership, unless a newer one was kept meanwhile (then that one is offered).
  return inTransaction(payload, null, async (req) => {
    const now = await payload.findByID({ collection: 'memberships', id: membership.id, depth: 0, req, overrideAccess: true })
    if (openCheckout(now) && now.checkout?.url && (now.checkout.attempt ?? 0) >= attempt) return now.checkout.url
    await asSettling(req, () =>
      payload.update({
        collection: 'memberships',
        id: membership.id,
        data: { checkout: { sessionId: session.id, url: session.url, expiresAt, attempt } },
        depth: 0,
        req,
        overrideAccess: true,
      }),
    )
    return session.url!
  })
}
