import Stripe from 'stripe'
import { formatCents } from '#shared/money'
import { clubDayOf, env } from '../env'

/** What a payout line is: a gift's charge, a refund, a fee Stripe billed apart, or anything else Stripe moved. */
export const PAYOUT_LINE_KINDS = ['gift', 'refund', 'fee', 'other'] as const

/**
 * One line of a payout: a balance transaction as Stripe reported it (cents as money strings, the
 * gift's donation when we matched it). Written once with its payout and never changed.
 */
export type PayoutLine = {
  balanceTransactionId: string
  kind: (typeof PAYOUT_LINE_KINDS)[number]
  /** Stripe's type (`charge`, `payment`, `refund`, `stripe_fee`, …) and its description, as Stripe wrote them. */
  stripeType: string
  description: string | null
  /** The club's day of the movement in Stripe's balance. */
  day: string
  /** Signed: a refund or fee takes money out. */
  amount: string
  fee: string
  net: string
  /** The matched gift: its record, and the donor and receipt as they stood (a card gift's donor never changes). */
  donationId: string | null
  donorName: string | null
  receiptNumber: string | null
}

/**
 * Reading Stripe's API with the optional, restricted and read-only STRIPE_SECRET_KEY (docs/payments.md
 * "Stripe payouts"): a gift's fee and net amount (its balance transaction), a payout's balance
 * transactions. Nothing here writes to Stripe. In tests the SDK talks to a local stand-in
 * (testing/stripeApi.ts) named by TEST_STRIPE_API, through the SDK's own host/port/protocol settings.
 */
let client: Stripe | null | undefined

/** An SDK client for one of our restricted keys; in tests, pointed at the local stand-in named by TEST_STRIPE_API. */
export function stripeClient(key: string, timeoutMs: number): Stripe {
  const standIn = env.isTest && env.TEST_STRIPE_API ? new URL(env.TEST_STRIPE_API) : null
  return new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: timeoutMs,
    telemetry: false,
    ...(standIn ? { host: standIn.hostname, port: Number(standIn.port), protocol: standIn.protocol === 'https:' ? 'https' : 'http' } : {}),
  })
}

/** The SDK client, or null while STRIPE_SECRET_KEY is unset (fees and payout lines are then not read). */
export function stripeApi(): Stripe | null {
  if (client !== undefined) return client
  // A webhook answer waits for these reads: Stripe waits at most about 20 s for it.
  client = env.STRIPE_SECRET_KEY ? stripeClient(env.STRIPE_SECRET_KEY, 8000) : null
  return client
}

/** The id of a Stripe reference, whether Stripe sent the id or the object (expanded). */
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

/** Stripe's seconds since the epoch (`created`, `arrival_date`) as the instant we store. */
export const instant = (seconds: number) => new Date(seconds * 1000).toISOString()

/** What a card payment cost in Stripe's fees: its balance transaction, as money strings. */
export type GiftFee = { balanceTransactionId: string; fee: string; net: string }

const feeOf = (bt: Stripe.BalanceTransaction): GiftFee => ({
  balanceTransactionId: bt.id,
  fee: formatCents(bt.fee),
  net: formatCents(bt.net),
})

/**
 * The balance transaction of the charge that completed a payment intent (a one-time gift's, or the one that
 * paid a monthly gift's invoice), or null while Stripe has none yet (a payment still settling).
 */
export async function giftFee(stripe: Stripe, paymentIntentId: string): Promise<GiftFee | null> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] })
  const charge = intent.latest_charge
  const bt = charge && typeof charge === 'object' ? charge.balance_transaction : null
  return bt && typeof bt === 'object' ? feeOf(bt) : null
}

/** Stripe's type of a balance transaction as a payout line's kind; the payout's own transaction is no line. */
function kindOf(type: string): PayoutLine['kind'] | null {
  if (type === 'payout') return null
  if (type === 'charge' || type === 'payment') return 'gift'
  if (type === 'refund' || type === 'payment_refund' || type === 'payment_failure_refund') return 'refund'
  if (type === 'stripe_fee' || type === 'application_fee' || type === 'tax_fee') return 'fee'
  return 'other'
}

/** A payout's line before it is matched to a gift, with what matching needs: the payment intent (or invoice) behind it. */
export type UnmatchedLine = Omit<PayoutLine, 'donationId' | 'donorName' | 'receiptNumber'> & {
  paymentIntentId: string | null
  invoiceId: string | null
}

/** Every balance transaction a payout carries (Stripe's list by payout, every page), the payout's own left out. */
export async function payoutLines(stripe: Stripe, payoutId: string): Promise<UnmatchedLine[]> {
  const lines: UnmatchedLine[] = []
  await stripe.balanceTransactions.list({ payout: payoutId, limit: 100, expand: ['data.source'] }).autoPagingEach((bt) => {
    const kind = kindOf(bt.type)
    if (!kind) return
    // A charge or a refund names its payment intent; an older charge of an invoice names the invoice too.
    const source = (bt.source && typeof bt.source === 'object' ? bt.source : {}) as {
      payment_intent?: string | { id: string } | null
      invoice?: string | { id: string } | null
    }
    lines.push({
      balanceTransactionId: bt.id,
      kind,
      stripeType: bt.type,
      description: bt.description ?? null,
      day: clubDayOf(bt.created * 1000),
      amount: formatCents(bt.amount),
      fee: formatCents(bt.fee),
      net: formatCents(bt.net),
      paymentIntentId: idOf(source.payment_intent),
      invoiceId: idOf(source.invoice),
    })
  })
  return lines
}
