import type { Payload, PayloadRequest, Where } from 'payload'
import type Stripe from 'stripe'
import { formatCents, toCents, toSignedCents } from '#shared/money'
import { HttpError } from '../http/errors'
import { giftFee, instant, payoutLines, stripeApi, type PayoutLine, type UnmatchedLine } from './stripeApi'
import { type MoneyDoc, payerOf, receivedBetween } from './ledger'

/**
 * Stripe payouts and fees (docs/payments.md "Stripe payouts"). With STRIPE_SECRET_KEY each card gift
 * records its fee, net amount and balance transaction, and each payout (`payout.paid`, `payout.failed`)
 * the gifts (donations and membership dues paid by card), refunds and fees it carries, matched to the gifts by payment intent (a monthly gift's by the
 * payment intent that paid its invoice, or its invoice). Stripe's API is read before the webhook's
 * transaction, never inside it; what was recorded never changes (cms/money/collections/Payouts.ts).
 */

/** A payout's lines read from Stripe, or null without the key; Stripe's API failing asks Stripe to send the event again. */
export async function readPayoutLines(payload: Payload, payoutId: string): Promise<UnmatchedLine[] | null> {
  const stripe = stripeApi()
  if (!stripe) return null
  try {
    return await payoutLines(stripe, payoutId)
  } catch (err) {
    payload.logger.warn({ msg: "Could not read a payout's balance transactions from Stripe", payoutId, err: String(err) })
    throw new HttpError(503, "Stripe's API did not answer; Stripe will send this payout event again")
  }
}

/**
 * Stripe writes a payout's arrival date as midnight UTC of that day: its UTC date is the bank's day (read in
 * the club's zone, America/Chicago, it would fall on the evening before).
 */
const arrivalDayOf = (seconds: number) => instant(seconds).slice(0, 10)

/** The money records Stripe can pay: donations, and membership dues (paid through Stripe Checkout). */
const CARD_COLLECTIONS = ['donations', 'dues'] as const
type CardGift = { collection: (typeof CARD_COLLECTIONS)[number]; doc: MoneyDoc }

/** The card gift matching `where` (a Stripe id), a donation or dues, or undefined. */
async function cardGiftWhere(payload: Payload, where: Where, req?: PayloadRequest): Promise<CardGift | undefined> {
  for (const collection of CARD_COLLECTIONS) {
    // Dues are paid only through Checkout: never an invoice.
    if (collection === 'dues' && 'stripeInvoiceId' in where) continue
    const { docs } = await payload.find({ collection, where, limit: 1, depth: 0, overrideAccess: true, ...(req ? { req } : {}) })
    if (docs[0]) return { collection, doc: docs[0] as MoneyDoc }
  }
  return undefined
}

/** The gift a line is about: by its payment intent, else (an older API's invoice charge) by its invoice. */
async function giftOf(req: PayloadRequest, paymentIntentId: string | null, invoiceId: string | null) {
  if (paymentIntentId) {
    const gift = await cardGiftWhere(req.payload, { stripePaymentIntentId: { equals: paymentIntentId } }, req)
    if (gift) return gift
  }
  return invoiceId ? cardGiftWhere(req.payload, { stripeInvoiceId: { equals: invoiceId } }, req) : undefined
}

/** Writes a gift's fee facts once: a set value is never rewritten, only what is missing is added. */
async function completeGiftFee(req: PayloadRequest, gift: CardGift, fee: Record<string, string | null>) {
  const missing = Object.fromEntries(Object.entries(fee).filter(([key, value]) => value && !gift.doc[key]))
  if (Object.keys(missing).length === 0) return
  await req.payload.update({ collection: gift.collection, id: gift.doc.id, data: missing, req, depth: 0, overrideAccess: true })
}

/**
 * `payout.paid` / `payout.failed`, in the webhook's transaction: the payout with its lines (each gift's fee,
 * net amount and payout recorded on the gift too). A payout seen before keeps what it had: a failure is
 * added to a paid one, lines to one recorded without the key; an event older than the last applied changes nothing.
 */
export async function recordPayout(
  req: PayloadRequest,
  payout: Stripe.Payout,
  status: 'paid' | 'failed',
  unmatched: UnmatchedLine[] | null,
  created: number,
) {
  let lines: PayoutLine[] | null = null
  if (unmatched) {
    lines = []
    for (const { paymentIntentId, invoiceId, ...line } of unmatched) {
      const gift = line.kind === 'gift' || line.kind === 'refund' ? await giftOf(req, paymentIntentId, invoiceId) : undefined
      lines.push({
        ...line,
        donationId: gift?.doc.id ?? null,
        donorName: gift ? payerOf(gift.collection, gift.doc).name : null,
        receiptNumber: gift?.doc.receiptNumber ?? null,
      })
      if (gift && line.kind === 'gift')
        await completeGiftFee(req, gift, {
          stripeBalanceTransactionId: line.balanceTransactionId,
          stripeFee: line.fee,
          stripeNet: line.net,
          stripePayoutId: payout.id,
        })
    }
  }
  const { docs } = await req.payload.find({
    collection: 'payouts',
    where: { payoutId: { equals: payout.id } },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  const failure =
    status === 'failed' ? { failureMessage: payout.failure_message ?? payout.failure_code ?? 'failed', failedAt: instant(created) } : {}
  const existing = docs[0]
  if (!existing) {
    await req.payload.create({
      collection: 'payouts',
      data: {
        payoutId: payout.id,
        status,
        amount: formatCents(payout.amount),
        arrivalDay: arrivalDayOf(payout.arrival_date),
        arrivalAt: instant(payout.arrival_date),
        createdDay: arrivalDayOf(payout.created),
        lines,
        linesRead: lines !== null,
        stripeEventAt: instant(created),
        ...failure,
      },
      req,
      depth: 0,
      overrideAccess: true,
    })
    return
  }
  const newer = !existing.stripeEventAt || created * 1000 >= Date.parse(existing.stripeEventAt)
  const update = {
    ...(lines && !existing.linesRead ? { lines, linesRead: true } : {}),
    ...(newer && status === 'failed' && existing.status === 'paid' ? { status, ...failure } : {}),
  }
  if (Object.keys(update).length === 0) return
  await req.payload.update({
    collection: 'payouts',
    id: existing.id,
    data: { ...update, ...(newer ? { stripeEventAt: instant(created) } : {}) },
    req,
    depth: 0,
    overrideAccess: true,
  })
}

/** Which stored gift a Stripe event completed: by its Checkout Session, or by the invoice it paid. */
function giftWhereOf(event: Stripe.Event): Where | null {
  const object = event.data.object as { id?: string; object?: string; invoice?: string | { id: string } | null }
  if (event.type.startsWith('checkout.session.') && object.id) return { stripeCheckoutSessionId: { equals: object.id } }
  if (event.type === 'invoice.paid' && object.id) return { stripeInvoiceId: { equals: object.id } }
  const invoice = typeof object.invoice === 'string' ? object.invoice : object.invoice?.id
  if (event.type === 'invoice_payment.paid' && invoice) return { stripeInvoiceId: { equals: invoice } }
  return null
}

/**
 * After an event recorded a card gift (outside its transaction): the gift's fee, net amount and balance
 * transaction, read from Stripe. Best effort: a gift Stripe has not settled yet, or an API that does not
 * answer, gets them from its payout instead (`recordPayout`), so the webhook's answer never depends on it.
 */
export async function recordGiftFee(payload: Payload, event: Stripe.Event): Promise<void> {
  const stripe = stripeApi()
  const where = stripe && giftWhereOf(event)
  if (!stripe || !where) return
  const found = await cardGiftWhere(payload, where)
  const gift = found?.doc
  if (!found || !gift?.stripePaymentIntentId || gift.stripeBalanceTransactionId || gift.status === 'pending') return
  try {
    const fee = await giftFee(stripe, gift.stripePaymentIntentId)
    if (!fee) return
    await payload.update({
      collection: found.collection,
      id: gift.id,
      data: { stripeBalanceTransactionId: fee.balanceTransactionId, stripeFee: fee.fee, stripeNet: fee.net },
      depth: 0,
      overrideAccess: true,
      context: { actor: 'stripe' },
    })
  } catch (err) {
    payload.logger.warn({ msg: "Could not read a gift's Stripe fee; its payout will record it", donationId: gift.id, err: String(err) })
  }
}

/** One row of a period's Stripe fees and payouts, for the accounting ledger (club days, signed as the books see them). */
export type FeeOrPayoutRow = {
  /** The club's day: a gift's day for its fee, the bank's day for a payout and for a fee Stripe billed apart. */
  day: string
  kind: 'fee' | 'payout'
  /** Positive money: a fee is an expense, a payout moves money from Stripe's balance to the bank. */
  amount: string
  /** The gift a fee was charged on (`donations:<id>`, `dues:<id>`; its payer and receipt), or none for a fee Stripe billed apart. */
  record: string | null
  donorName: string | null
  receiptNumber: string | null
  campaignId: string | null
  payoutId: string | null
  memo: string
}

/**
 * Every Stripe fee and paid payout of a period, by club day (`from`, `to`: YYYY-MM-DD, inclusive, either
 * may be absent), oldest first: what the ledger export (GET /api/admin/ledger.csv) adds to the gifts and
 * refunds. Fees come from the gifts (recorded with STRIPE_SECRET_KEY), plus the fees Stripe billed apart
 * that a payout carried; a payout that failed moved nothing and is left out.
 */
export async function stripeFeesAndPayouts(payload: Payload, from?: string, to?: string): Promise<FeeOrPayoutRow[]> {
  const within = (day: string) => (!from || day >= from) && (!to || day <= to)
  const charged = { and: [{ stripeFee: { exists: true } }, receivedBetween(from, to)] }
  const [donations, dues, payouts] = await Promise.all([
    payload.find({ collection: 'donations', where: charged, pagination: false, depth: 0, overrideAccess: true }),
    payload.find({ collection: 'dues', where: charged, pagination: false, depth: 0, overrideAccess: true }),
    payload.find({ collection: 'payouts', where: { status: { equals: 'paid' } }, pagination: false, depth: 0, overrideAccess: true }),
  ])
  const rows: FeeOrPayoutRow[] = []
  const gifts = [
    ...donations.docs.map((doc) => ({ collection: 'donations' as const, doc: doc as MoneyDoc })),
    ...dues.docs.map((doc) => ({ collection: 'dues' as const, doc: doc as MoneyDoc })),
  ]
  for (const { collection, doc: gift } of gifts) {
    if (!gift.stripeFee || !gift.receivedAt || toCents(gift.stripeFee) === 0) continue
    const payer = payerOf(collection, gift).name
    rows.push({
      day: gift.receivedAt,
      kind: 'fee',
      amount: gift.stripeFee,
      record: `${collection}:${gift.id}`,
      donorName: payer,
      receiptNumber: gift.receiptNumber ?? null,
      campaignId: typeof gift.campaign === 'object' ? (gift.campaign?.id ?? null) : (gift.campaign ?? null),
      payoutId: gift.stripePayoutId ?? null,
      memo: `Stripe fee on ${payer}'s ${collection === 'dues' ? 'dues' : 'gift'}${gift.receiptNumber ? ` (receipt ${gift.receiptNumber})` : ''}`,
    })
  }
  for (const payout of payouts.docs) {
    if (!within(payout.arrivalDay)) continue
    for (const line of (payout.lines ?? []) as PayoutLine[])
      if (line.kind === 'fee')
        rows.push({
          day: payout.arrivalDay,
          kind: 'fee',
          amount: formatCents(-toSignedCents(line.net)),
          record: null,
          donorName: null,
          receiptNumber: null,
          campaignId: null,
          payoutId: payout.payoutId,
          memo: `Stripe fee: ${line.description ?? line.stripeType}`,
        })
    rows.push({
      day: payout.arrivalDay,
      kind: 'payout',
      amount: payout.amount,
      record: null,
      donorName: null,
      receiptNumber: null,
      campaignId: null,
      payoutId: payout.payoutId,
      memo: `Stripe payout ${payout.payoutId}`,
    })
  }
  return rows.sort((a, b) => a.day.localeCompare(b.day))
}
