import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionConfig,
  FieldHook,
  PayloadRequest,
} from 'payload'
import { formatCents, toCents } from '#shared/money'
import { canMove, MONEY_MOVES, MONEY_START_STATUSES, MONEY_STATUSES, spokenStatus as spoken, type MoneyStatus } from '#shared/payments'
import { actorOf } from '../audit/log'
import { clubDayOf } from '../env'
import { refuse } from '../hooks/refuse'
import { enqueueEmail } from '../outbox/outbox'
import { checkDay } from './days'
import { campaignIdOf, giftDay, type MoneyCollection, type MoneyDoc, payerOf, recountCampaign } from './ledger'
import { receiptNumberFor } from './receiptNumbers'
import { lastRefundDay, type Refund, refundsOf, refundsTotal } from './refunds'
import { applyWaitingRefunds } from './stripeRefunds'
import { monthlyReceiptsSetting } from './yearReceipts'

/**
 * The rules of money records (donations, sponsorships; docs/payments.md), as
 * collection hooks so that every path obeys them: our /api/admin, Payload's
 * REST and editor, the Stripe webhook and the Local API. Statuses move only
 * as shared/payments.ts allows; refunds and voids carry what they need; every
 * change is appended to the record's history; a card payment keeps the amount
 * and donor Stripe reported; nothing is ever deleted. A refusal is Payload's
 * APIError, which both APIs answer with the same status and message.
 */

export type HistoryEntry = { at: string; by: string; action: string; status?: string; note?: string }

const entry = (req: PayloadRequest, action: string, status?: string, note?: string): HistoryEntry => ({
  at: new Date().toISOString(),
  by: actorOf(req),
  action,
  ...(status ? { status } : {}),
  ...(note ? { note } : {}),
})

/** Fields whose change is bookkeeping, not a correction: never a reason for a history line. */
const BOOKKEEPING = new Set(['id', 'history', 'createdAt', 'updatedAt', 'receiptNumber'])

/**
 * A day the caller gave for this move (`refundedOn`, `voidedOn`): sent and other than the one stored, or named
 * by our API as given (`context.givenDays`, which also says "the same day as the last refund"). Payload fills a
 * field left out of an update with its stored value, so a day merely carried along (Payload's editor sends
 * every field) is not taken for a given one.
 */
function givenDay(data: MoneyDoc, before: MoneyDoc | undefined, field: 'refundedOn' | 'voidedOn', req: PayloadRequest): string | null {
  const value = data[field]
  if (value == null || value === '') return null
  const named = (req.context?.givenDays as Record<string, unknown> | undefined)?.[field]
  return value !== before?.[field] || named === value ? String(value) : null
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

const movesAndHistory: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (data.status !== undefined && !MONEY_STATUSES.includes(data.status)) {
    throw refuse(400, `status: ${data.status} is not one of ${MONEY_STATUSES.join(', ')}`)
  }
  if (operation === 'create') {
    const status = (data.status ?? 'pending') as MoneyStatus
    if (!MONEY_START_STATUSES.includes(status)) {
      throw refuse(409, `A new record starts ${MONEY_START_STATUSES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}, never ${spoken(status)}`)
    }
    for (const field of ['refundedOn', 'voidedOn'] as const)
      if (data[field]) throw refuse(400, `${field}: A new record has no ${field === 'refundedOn' ? 'refund' : 'void'} to date`)
    // Every gift has its club day: Stripe's payment instant's, the day typed (never one to come), or the club's today.
    const receivedAt = data.paidAt
      ? clubDayOf(new Date(data.paidAt))
      : data.receivedAt
        ? checkDay('receivedAt', data.receivedAt, "a gift's day")
        : clubDayOf()
    return {
      ...data,
      status,
      receivedAt,
      refundedAmount: null,
      refundedOn: null,
      refunds: null,
      voidReason: null,
      voidCategory: null,
      voidedOn: null,
      history: [entry(req, 'created', status)],
    }
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
  // Who a record was and when it was entered are facts of the record, on every door.
  if (data.createdAt != null && Date.parse(String(data.createdAt)) !== Date.parse(String(before.createdAt)))
    throw refuse(409, "createdAt: A record's entry time never changes")
  if (next.receivedAt !== before.receivedAt && next.receivedAt) checkDay('receivedAt', next.receivedAt, "a gift's day")

  // Collection hooks run before the fields' validation: an amount that is no amount (a negative refund) is refused here, not a 500.
  for (const field of ['amount', 'refundedAmount'] as const)
    if (next[field] != null && next[field] !== '' && Number.isNaN(safeCents(next[field])))
      throw refuse(400, `${field}: Must be an amount of zero or more with at most 2 decimals`)
  const amount = toCents(next.amount ?? before.amount)
  const giftDayOf = { day: giftDay(before), what: "the gift's day" }
  const stored = refundsOf(before)
  const refundedBefore = refundsTotal(stored)
  // Only the server writes the list (a Stripe refund with its own day and id): a person's copy never reaches here.
  const listed = Array.isArray(data.refunds) && !sameJson(data.refunds, before.refunds) ? (data.refunds as Refund[]) : null
  const refundGiven = givenDay(data, before, 'refundedOn', req)
  const refundedAsked = next.refundedAmount ? toCents(next.refundedAmount) : refundedBefore
  const grows = (to === 'partially_refunded' && (to !== from || refundedAsked !== refundedBefore)) || (to === 'refunded' && to !== from)
  if (grows) {
    const total = to === 'refunded' ? amount : refundedAsked
    if (to === 'partially_refunded') {
      // A partial refund, or a further one: the new running total of what was refunded.
      if (refundedAsked === refundedBefore && to !== from)
        throw refuse(400, 'refundedAmount: Required for a partial refund (the total refunded so far)')
      if (refundedAsked >= amount)
        throw refuse(400, 'refundedAmount: A partial refund must be less than the amount; use refunded for all of it')
      if (refundedAsked <= refundedBefore)
        throw refuse(409, `refundedAmount: ${formatCents(refundedBefore)} is already refunded; give the new total`)
      action = `status ${from} → ${to}`
    }
    const day = refundGiven ? checkDay('refundedOn', refundGiven, "a refund's day", giftDayOf) : clubDayOf()
    next.refunds = listed ?? [...stored, { amount: formatCents(total - refundedBefore), day }]
    if (refundsTotal(next.refunds) !== total) throw refuse(409, 'refunds: The refunds listed do not add up to the refunded total')
  } else {
    if (refundGiven) throw refuse(409, "refundedOn: A refund's day is given with the refund it dates, and never changes afterwards")
    // Stripe's refunds re-dated by a late event (each in its place): the total stays what it was.
    if (listed && refundsTotal(listed) !== refundedBefore) throw refuse(409, 'refunds: A new list of refunds keeps the refunded total')
    next.refunds = listed ?? before.refunds ?? null
  }
  if (grows || listed) {
    next.refundedAmount = formatCents(refundsTotal(next.refunds))
    next.refundedOn = lastRefundDay(next.refunds)
  } else {
    // Only a refund moves the refunded amount and its day.
    next.refundedAmount = before.refundedAmount ?? null
    next.refundedOn = before.refundedOn ?? null
  }

  const voidGiven = givenDay(data, before, 'voidedOn', req)
  if (to === 'void' && to !== from) {
    if (!next.voidReason) throw refuse(400, 'voidReason: Required to void a record')
    next.voidCategory = next.voidCategory ?? 'other'
    const lastRefund = before.refundedOn ? { day: before.refundedOn as string, what: 'its last refund' } : null
    const notBefore = lastRefund && lastRefund.day > giftDayOf.day ? lastRefund : giftDayOf
    next.voidedOn = voidGiven ? checkDay('voidedOn', voidGiven, "a void's day", notBefore) : clubDayOf()
  } else {
    if (voidGiven) throw refuse(409, "voidedOn: A void's day is given with the void it dates, and never changes afterwards")
    next.voidReason = before.voidReason ?? null
    next.voidCategory = before.voidCategory ?? null
    next.voidedOn = before.voidedOn ?? null
  }

  const changed = Object.keys(next).some((key) => !BOOKKEEPING.has(key) && !sameJson(next[key], before[key]))
  const history = Array.isArray(before.history) ? before.history : []
  next.history = changed
    ? [...history, entry(req, action, action === 'updated' ? undefined : to, to === 'void' && to !== from ? next.voidReason : undefined)]
    : history
  return next
}

/**
 * A card payment is recorded by Stripe's signed webhook alone (it carries Stripe's ids, which no person
 * writes): a person records how the money was handed over (check, cash, Venmo…), never "card".
 */
const cardOnlyFromStripe: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  const setsCard = data.paymentMethod === 'stripe' && (operation === 'create' || originalDoc?.paymentMethod !== 'stripe')
  if (setsCard && !fromStripe(data))
    throw refuse(409, "paymentMethod: A card payment is recorded by Stripe's webhook alone; record how the money was handed over")
  return data
}

/** A money record Stripe reported: a Checkout Session, an invoice or a payment intent names it. */
export const fromStripe = (doc: Partial<MoneyDoc> | undefined) =>
  Boolean(doc?.stripeCheckoutSessionId || doc?.stripeInvoiceId || doc?.stripePaymentIntentId)

const CARD_FACTS_KEPT = 'A card payment keeps the amount, donor, method, campaign and day Stripe reported'

/** An offline gift's facts that change only while it is pending (docs/payments.md "Facts that stay"). */
const PENDING_ONLY = new Set(['amount', 'receivedAt'])

/**
 * Field hook for the facts of a gift (amount, donor, method, campaign, day and
 * instant paid): on a payment Stripe reported they stay what Stripe said; on an
 * offline gift the amount and day change only while it is pending. Runs
 * before field access (which only makes them read-only in Payload's editor),
 * so a change sent by any path (/api/admin, /cms-api by id or in bulk, the
 * editor, the Local API) is refused with 409, not silently dropped.
 */
export const factsKept: FieldHook = ({ value, originalDoc, operation, field }) => {
  const name = 'name' in field ? field.name : undefined
  if (operation !== 'update' || !originalDoc || value === undefined || !name) return value
  if (sameFact(name, value, originalDoc[name])) return value
  if (fromStripe(originalDoc)) throw refuse(409, CARD_FACTS_KEPT)
  if (PENDING_ONLY.has(name) && originalDoc.status !== 'pending')
    throw refuse(409, `An offline gift's amount and day change only while it is pending; void it and record it again`)
  return value
}

function sameFact(name: string, value: unknown, stored: unknown) {
  const blank = (v: unknown) => v == null || v === ''
  if (blank(value) || blank(stored)) return blank(value) && blank(stored)
  if (name === 'amount') return safeCents(value) === safeCents(stored)
  if (name === 'paidAt') return Date.parse(String(value)) === Date.parse(String(stored))
  if (name === 'campaign') return campaignIdOf({ campaign: value }) === campaignIdOf({ campaign: stored })
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

const emailOf = (collection: MoneyCollection, doc: MoneyDoc): string | null => payerOf(collection, doc).email

/** The outbox's kind of a record's receipt and of its corrected acknowledgment: `donation-receipt`, `dues-correction`… */
const SINGULAR: Record<MoneyCollection, string> = { donations: 'donation', sponsorships: 'sponsorship', dues: 'dues' }

/**
 * A gift that becomes completed takes its receipt number in this same
 * transaction (cms/payments/receiptNumbers.ts), then its receipt is queued:
 * sent once the gift is stored (cms/outbox; its text: cms/email). No email
 * address, no receipt mail; the number is the gift's all the same.
 */
const numberAndQueueReceipt =
  (collection: MoneyCollection): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req }) => {
    if (doc.status !== 'completed' || previousDoc?.status === 'completed' || req.context?.noReceipt) return doc
    doc.receiptNumber = await receiptNumberFor(req.payload, collection, doc, req)
    const to = emailOf(collection, doc)
    if (!to) return doc
    // A month of a monthly gift is thanked only in January's yearly receipt when the admins chose so (cms/payments/yearReceipts.ts).
    if (doc.stripeSubscriptionId && (await monthlyReceiptsSetting(req)) === 'year') return doc
    await enqueueEmail(req.payload, req, {
      key: `receipt:${doc.id}`,
      kind: `${SINGULAR[collection]}-receipt`,
      recordId: doc.id,
      to,
    })
    return doc
  }

/**
 * After a refund or void of a gift whose year's statement was already mailed
 * to the donor (the `statements` kept by cms/money/donors.ts): a corrected
 * statement, which says which statement it replaces and why (cms/email/statements.ts
 * writes and keeps it when it is sent). Once per change of what the gift kept.
 */
async function queueStatementCorrection(req: PayloadRequest, collection: MoneyCollection, doc: MoneyDoc) {
  const to = emailOf(collection, doc)
  if (!to) return
  const year = Number(giftDay(doc).slice(0, 4))
  const { totalDocs } = await req.payload.count({
    collection: 'statements',
    where: { and: [{ year: { equals: year } }, { email: { equals: to.trim().toLowerCase() } }] },
    req,
    overrideAccess: true,
  })
  if (totalDocs === 0) return
  await enqueueEmail(req.payload, req, {
    key: `statement-correction:${collection}:${doc.id}:${doc.status}:${doc.refundedAmount ?? ''}`,
    kind: 'statement-correction',
    recordId: `${collection}:${doc.id}`,
    to,
  })
}

/**
 * A refund (full, partial, or a further partial one) mails the donor a
 * corrected acknowledgment naming the original receipt, once per new refunded
 * total (cms/email/messages.ts writes it when it is sent), and a corrected
 * statement when the year's statement was already mailed.
 */
const queueRefundCorrection =
  (collection: MoneyCollection): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req }) => {
    const refunded = doc.status === 'refunded' || doc.status === 'partially_refunded'
    if (!refunded || !previousDoc || req.context?.noReceipt) return doc
    if (previousDoc.status === doc.status && previousDoc.refundedAmount === doc.refundedAmount) return doc
    const to = emailOf(collection, doc)
    if (!to) return doc
    await enqueueEmail(req.payload, req, {
      key: `correction:${doc.id}:${doc.refundedAmount}`,
      kind: `${SINGULAR[collection]}-correction`,
      recordId: doc.id,
      to,
    })
    await queueStatementCorrection(req, collection, doc)
    return doc
  }

/** An outbox row not yet handed to the mail server, and not being handed now: it can still be kept from going out. */
const NOT_YET_SENDING = ['pending', 'held', 'failed']

/**
 * A void withdraws the gift's receipt: not yet mailed, it is never sent; mailed,
 * or being handed to the mail server at this moment, the donor gets a notice
 * naming the withdrawn receipt and why (the void category; the notice waits for
 * the receipt, cms/email/messages.ts), and the receipt is marked void. A mailed
 * statement of its year is corrected as after a refund.
 */
const withdrawReceiptOnVoid =
  (collection: MoneyCollection): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req }) => {
    if (doc.status !== 'void' || !previousDoc || previousDoc.status === 'void') return doc
    const system = { req, depth: 0, overrideAccess: true } as const
    await req.payload.update({
      collection: 'receipts',
      where: { recordId: { equals: doc.id } },
      data: { voidedOn: doc.voidedOn },
      ...system,
    })
    const receiptMail = await req.payload.find({
      collection: 'email-outbox',
      where: { key: { equals: `receipt:${doc.id}` } },
      limit: 1,
      ...system,
    })
    const mail = receiptMail.docs[0]
    if (mail && NOT_YET_SENDING.includes(mail.status)) {
      const why = 'Not sent: the gift was voided before its receipt left'
      await req.payload.update({ collection: 'email-outbox', id: mail.id, data: { status: 'withdrawn', lastError: why }, ...system })
    }
    const to = emailOf(collection, doc)
    if ((mail?.status === 'sent' || mail?.status === 'sending') && to && !req.context?.noReceipt) {
      await enqueueEmail(req.payload, req, { key: `void-notice:${doc.id}`, kind: 'void-notice', recordId: `${collection}:${doc.id}`, to })
    }
    const wasCounted = previousDoc.status === 'completed' || previousDoc.status === 'partially_refunded'
    if (wasCounted && !req.context?.noReceipt) await queueStatementCorrection(req, collection, doc)
    return doc
  }

const neverDeleted: CollectionBeforeDeleteHook = () => {
  throw refuse(405, 'Money records are never deleted; void it with a reason instead')
}

/** The hooks of a money collection (Donations.ts, Sponsorships.ts, the membership domain's Dues.ts). */
export function moneyHooks(collection: MoneyCollection): NonNullable<CollectionConfig['hooks']> {
  return {
    beforeChange: [cardOnlyFromStripe, movesAndHistory],
    afterChange: [
      ...(collection === 'donations' ? [recountCampaigns] : []),
      numberAndQueueReceipt(collection),
      queueRefundCorrection(collection),
      withdrawReceiptOnVoid(collection),
      // Last: Stripe's refunds that came before a card payment move it on, after its receipt was queued.
      applyWaitingRefunds(collection),
    ],
    beforeDelete: [neverDeleted],
  }
}
