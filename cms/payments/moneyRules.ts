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
    return { ...data, status, refundedAmount: null, voidReason: null, history: [entry(req, 'created', status)] }
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

/**
 * Field hook for a card payment's amount and donor: what Stripe reported
 * stays. Runs before field access (which only makes them read-only in
 * Payload's editor), so a change sent by any API is refused with 409, not
 * silently dropped.
 */
export const keptForCardPayments: FieldHook = ({ value, originalDoc, operation, field }) => {
  const name = 'name' in field ? field.name : undefined
  if (operation !== 'update' || !originalDoc?.stripeCheckoutSessionId || value === undefined || !name) return value
  const stored = originalDoc[name]
  const same = name === 'amount' ? safeCents(value) === safeCents(stored) : value === stored
  if (!same) throw refuse(409, 'A card payment keeps the amount and donor Stripe reported')
  return value
}

const safeCents = (value: unknown) => {
  try {
    return toCents(value as string)
  } catch {
    return NaN
  }
}

/** Editor permission for the same fields: read-only on a card payment. */
export const editableUnlessCardPayment = ({ doc }: { doc?: MoneyDoc }) => !doc?.stripeCheckoutSessionId

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
