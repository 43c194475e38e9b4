import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionConfig,
  FieldHook,
  PayloadRequest,
} from 'payload'
import { formatCents, toCents } from '#shared/money'
import { canMove, MONEY_MOVES, MONEY_START_STATUSES, MONEY_STATUSES, type MoneyStatus } from '#shared/payments'
import { actorOf } from '../audit/log'
import { clubDayOf } from '../env'
import { refuse } from '../hooks/refuse'
import { enqueueEmail } from '../outbox/outbox'
import { campaignIdOf, recountCampaign, type MoneyDoc } from './ledger'

/**
 * The rules of money records (donations, sponsorships; docs/payments.md), as
 * collection hooks so that every path obeys them: our /api/admin, Payload's
 * REST and editor, the Stripe webhook and the Local API. Statuses move only
 * as shared/payments.ts allows; refunds and voids carry what they need; every
 * change is appended to the record's history; a card payment keeps the amount
 * and donor Stripe reported; nothing is ever deleted. A refusal is Payload's
 * APIError, which both APIs answer with the same status and message.
 */

export type MoneyCollection = 'donations' | 'sponsorships'
export type HistoryEntry = { at: string; by: string; action: string; status?: string; note?: string }

const spoken = (status: string) => status.replace('_', ' ')

const entry = (req: PayloadRequest, action: string, status?: string, note?: string): HistoryEntry => ({
  at: new Date().toISOString(),
  by: actorOf(req),
  action,
  ...(status ? { status } : {}),
  ...(note ? { note } : {}),
})

/** Fields whose change is bookkeeping, not a correction: never a reason for a history line. */
const BOOKKEEPING = new Set(['id', 'history', 'createdAt', 'updatedAt', 'receiptNumber'])

const movesAndHistory: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (data.status !== undefined && !MONEY_STATUSES.includes(data.status)) {
    throw refuse(400, `status: ${data.status} is not one of ${MONEY_STATUSES.join(', ')}`)
  }
  if (operation === 'create') {
    const status = (data.status ?? 'pending') as MoneyStatus
    if (!MONEY_START_STATUSES.includes(status)) {
      throw refuse(409, `A new record starts ${MONEY_START_STATUSES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}, never ${spoken(status)}`)
    }
    // Every gift has its club day: Stripe's payment instant's, the day typed, or the club's today (docs/payments.md).
    const receivedAt = data.receivedAt || clubDayOf(data.paidAt ? new Date(data.paidAt) : Date.now())
    return { ...data, status, receivedAt, refundedAmount: null, voidReason: null, history: [entry(req, 'created', status)] }
  }

  const before = originalDoc as MoneyDoc
  const from = before.status as MoneyStatus
  const to = (data.status ?? from) as MoneyStatus
  const next: MoneyDoc = { ...data, status: to }
  let action = 'updated'
  if (to !== from) {
    if (!canMove(MONEY_MOVES, from, to)) throw refuse(409, `A ${spoken(from)} record cannot become ${spoken(to)}`)
    action = `status ${from} → ${to}`
  }

  // Collection hooks run before the fields' validation: an amount that is no amount (a negative refund) is refused here, not a 500.
  for (const field of ['amount', 'refundedAmount'] as const)
    if (next[field] != null && next[field] !== '' && Number.isNaN(safeCents(next[field])))
      throw refuse(400, `${field}: Must be an amount of zero or more with at most 2 decimals`)
  const amount = toCents(next.amount ?? before.amount)
  const refundedBefore = toCents(before.refundedAmount ?? '0')
  const refundedAsked = next.refundedAmount ? toCents(next.refundedAmount) : refundedBefore
  if (to === 'partially_refunded' && (to !== from || refundedAsked !== refundedBefore)) {
    // A partial refund, or a further one: the new running total of what was refunded.
    if (refundedAsked === refundedBefore && to !== from)
      throw refuse(400, 'refundedAmount: Required for a partial refund (the total refunded so far)')
    if (refundedAsked >= amount)
      throw refuse(400, 'refundedAmount: A partial refund must be less than the amount; use refunded for all of it')
    if (refundedAsked <= refundedBefore)
      throw refuse(409, `refundedAmount: ${formatCents(refundedBefore)} is already refunded; give the new total`)
    action = `status ${from} → ${to}`
    next.refundedAmount = formatCents(refundedAsked)
  } else if (to === 'refunded' && to !== from) {
    next.refundedAmount = formatCents(amount)
  } else {
    // Only a refund moves the refunded amount.
    next.refundedAmount = before.refundedAmount ?? null
  }

  if (to === 'void' && to !== from) {
    if (!next.voidReason) throw refuse(400, 'voidReason: Required to void a record')
  } else {
    next.voidReason = before.voidReason ?? null
  }

  const changed = Object.keys(next).some(
    (key) => !BOOKKEEPING.has(key) && JSON.stringify(next[key] ?? null) !== JSON.stringify(before[key] ?? null),
  )
  const history = Array.isArray(before.history) ? before.history : []
  next.history = changed
    ? [...history, entry(req, action, action === 'updated' ? undefined : to, to === 'void' && to !== from ? next.voidReason : undefined)]
    : history
  return next
}

/** A money record Stripe reported: a Checkout Session, an invoice or a payment intent names it. */
export const fromStripe = (doc: Partial<MoneyDoc> | undefined) =>
  Boolean(doc?.stripeCheckoutSessionId || doc?.stripeInvoiceId || doc?.stripePaymentIntentId)

/** An offline gift's facts that change only while it is pending (docs/payments.md "Facts that stay"). */
const PENDING_ONLY = new Set(['amount', 'receivedAt'])

/**
 * Field hook for the facts of a gift (amount, donor, method, day and instant
 * paid): on a payment Stripe reported they stay what Stripe said; on an
 * offline gift the amount and day change only while it is pending. Runs
 * before field access (which only makes them read-only in Payload's editor),
 * so a change sent by any path (/api/admin, /cms-api by id or in bulk, the
 * editor, the Local API) is refused with 409, not silently dropped.
 */
export const factsKept: FieldHook = ({ value, originalDoc, operation, field }) => {
  const name = 'name' in field ? field.name : undefined
  if (operation !== 'update' || !originalDoc || value === undefined || !name) return value
  if (sameFact(name, value, originalDoc[name])) return value
  if (fromStripe(originalDoc)) throw refuse(409, 'A card payment keeps the amount, donor, method and day Stripe reported')
  if (PENDING_ONLY.has(name) && originalDoc.status !== 'pending')
    throw refuse(409, `An offline gift's amount and day change only while it is pending; void it and record it again`)
  return value
}

function sameFact(name: string, value: unknown, stored: unknown) {
  const blank = (v: unknown) => v == null || v === ''
  if (blank(value) || blank(stored)) return blank(value) && blank(stored)
  if (name === 'amount') return safeCents(value) === safeCents(stored)
  if (name === 'paidAt') return Date.parse(String(value)) === Date.parse(String(stored))
  return value === stored
}

const safeCents = (value: unknown) => {
  try {
    return toCents(value as string)
  } catch {
    return NaN
  }
}

/** Editor permission for the same fields: read-only where the hook above would refuse a change. */
export const factEditable =
  (name: string) =>
  ({ doc }: { doc?: Partial<MoneyDoc> }) =>
    !fromStripe(doc) && (!PENDING_ONLY.has(name) || !doc?.status || doc.status === 'pending')

/** The hook and the editor's permission together, for a fact field's config. */
export const keptFact = (name: string) => ({ hooks: { beforeValidate: [factsKept] }, access: { update: factEditable(name) } })

const recountCampaigns: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  const campaigns = new Set([campaignIdOf(previousDoc), campaignIdOf(doc)])
  for (const id of campaigns) await recountCampaign(req.payload, req, id)
  return doc
}

const queueReceipt =
  (collection: MoneyCollection): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req }) => {
    if (doc.status !== 'completed' || previousDoc?.status === 'completed' || req.context?.noReceipt) return doc
    // The donor's receipt, sent once the gift is stored (cms/outbox; its text: cms/email). No email address, no receipt.
    const to = collection === 'donations' ? doc.donorEmail : doc.sponsorEmail
    if (typeof to !== 'string' || !to.includes('@')) return doc
    await enqueueEmail(req.payload, req, {
      key: `receipt:${doc.id}`,
      kind: collection === 'donations' ? 'donation-receipt' : 'sponsorship-receipt',
      recordId: doc.id,
      to,
    })
    return doc
  }

/**
 * A refund (full, partial, or a further partial one) mails the donor a
 * corrected acknowledgment naming the original receipt, once per new refunded
 * total (cms/email/messages.ts writes it when it is sent).
 */
const queueRefundCorrection =
  (collection: MoneyCollection): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req }) => {
    const refunded = doc.status === 'refunded' || doc.status === 'partially_refunded'
    if (!refunded || !previousDoc || req.context?.noReceipt) return doc
    if (previousDoc.status === doc.status && previousDoc.refundedAmount === doc.refundedAmount) return doc
    const to = collection === 'donations' ? doc.donorEmail : doc.sponsorEmail
    if (typeof to !== 'string' || !to.includes('@')) return doc
    await enqueueEmail(req.payload, req, {
      key: `correction:${doc.id}:${doc.refundedAmount}`,
      kind: collection === 'donations' ? 'donation-correction' : 'sponsorship-correction',
      recordId: doc.id,
      to,
    })
    return doc
  }

const neverDeleted: CollectionBeforeDeleteHook = () => {
  throw refuse(405, 'Money records are never deleted; void it with a reason instead')
}

/** The hooks of a money collection (Donations.ts, Sponsorships.ts). */
export function moneyHooks(collection: MoneyCollection): NonNullable<CollectionConfig['hooks']> {
  return {
    beforeChange: [movesAndHistory],
    afterChange: [...(collection === 'donations' ? [recountCampaigns] : []), queueReceipt(collection), queueRefundCorrection(collection)],
    beforeDelete: [neverDeleted],
  }
}
