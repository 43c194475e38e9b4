import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'
import { MEMBER_STATUSES, type MembershipStatus } from '#shared/membership'
import { refuse } from '../hooks/refuse'
import { asSettling } from './memberships'

/**
 * A membership's dues are a money record like a gift (docs/decisions/017): the money rules of every money
 * collection apply (cms/payments/moneyRules.ts: statuses, receipt numbers, refunds, voids, facts kept), and the
 * books read them (ledger, deposits, Stripe fees and payouts, statements). Here is what is the membership's own:
 * a payment is of one membership, carries the tax facts of its level as they were when paid, and moves its
 * membership (paid → active; refunded in full → refunded; voided → unpaid again).
 */

/** What a family's payments read once the family asked to be removed (the household is deleted; the money stays). */
export const REMOVED_NAME = 'removed at the family’s request'

const COUNTED = ['pending', 'completed', 'partially_refunded']
const idOf = (value: unknown) => (value && typeof value === 'object' ? String((value as { id: unknown }).id) : value ? String(value) : null)
const system = (req: PayloadRequest) => ({ req, overrideAccess: true }) as const

/** The Stripe webhook recorded it (a Checkout Session or payment intent names it): Stripe's amount and payer stand. */
const fromStripe = (data: Record<string, unknown>) => Boolean(data.stripeCheckoutSessionId || data.stripePaymentIntentId)

/**
 * A new payment: of a membership that exists and is not paid already (one membership, one payment: a second
 * card payment Stripe reports is still recorded, as money that arrived, and said to be refunded); its amount
 * the membership's (Stripe's own for a card); its payer the household's first adult who receives mail, unless
 * Stripe named one; the level's name, benefits, their value and the tax treatment copied onto it, so a later
 * edit of the level changes no receipt or statement.
 */
export const duesFacts: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation === 'update') {
    for (const field of ['kind', 'membership', 'household', 'hours', 'what', 'taxTreatment', 'goodsValue', 'benefits', 'season'])
      data[field] = originalDoc?.[field]
    // A family removed at its request: its payments keep their money and lose the name (cms/membership/collections/Households.ts).
    if (!req.context?.removingFamily) for (const field of ['payerName', 'payerEmail']) data[field] = originalDoc?.[field]
    return data
  }
  // A buy-out of volunteer hours is a fee for program participation, never a contribution: the volunteers' rules
  // (cms/volunteers/buyOut.ts, added to this collection) check it and set its household, season, hours and amount.
  if (data.kind === 'volunteer-buy-out')
    return { ...data, membership: null, taxTreatment: 'participation-fee', goodsValue: '0.00', benefits: [] }
  const membershipId = idOf(data.membership)
  const membership = membershipId
    ? await req.payload.findByID({ collection: 'memberships', id: membershipId, depth: 0, disableErrors: true, ...system(req) })
    : null
  if (!membership) throw refuse(400, 'membership: No such membership')
  const card = fromStripe(data)
  const paid = await req.payload.find({
    collection: 'dues',
    where: { and: [{ membership: { equals: membership.id } }, { status: { in: COUNTED } }] },
    limit: 1,
    depth: 0,
    ...system(req),
  })
  const already = paid.docs[0]
  if (already && !card)
    throw refuse(
      409,
      `This membership is already ${already.status === 'pending' ? 'being paid' : `paid (receipt ${already.receiptNumber ?? 'pending'})`}`,
    )
  if (membership.status === 'comped' && !card) throw refuse(409, 'This membership is comped: no dues are owed')
  const [level, season, household] = await Promise.all([
    req.payload.findByID({ collection: 'membership-levels', id: idOf(membership.level)!, depth: 0, ...system(req) }),
    req.payload.findByID({ collection: 'seasons', id: idOf(membership.season)!, depth: 0, ...system(req) }),
    membership.household
      ? req.payload.findByID({ collection: 'households', id: idOf(membership.household)!, depth: 0, disableErrors: true, ...system(req) })
      : null,
  ])
  const adults = household?.adults ?? []
  const addressee = adults.find((a) => a.receivesMail !== false) ?? adults[0]
  return {
    ...data,
    amount: card ? data.amount : membership.amount,
    payerName: (card && data.payerName) || addressee?.name || household?.name || REMOVED_NAME,
    payerEmail: (card && data.payerEmail) || addressee?.email || null,
    season: season.id,
    what: `${season.label}, ${level.name}`,
    taxTreatment: level.taxTreatment,
    goodsValue: level.taxTreatment === 'contribution-with-benefits' ? level.benefitsValue : '0.00',
    benefits: level.benefits ?? [],
    notes: already
      ? `A second payment of a membership already paid (receipt ${already.receiptNumber ?? 'pending'}): refund it in Stripe.`
      : data.notes,
  }
}

/** The membership follows its payment: paid → active, refunded in full → refunded, voided → unpaid again. */
export const settleMembership: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (doc.status === previousDoc?.status || !doc.membership) return doc
  const membership = await req.payload.findByID({
    collection: 'memberships',
    id: idOf(doc.membership)!,
    depth: 0,
    disableErrors: true,
    ...system(req),
  })
  if (!membership) return doc
  const mine = idOf(membership.dues) === String(doc.id)
  const status = membership.status as MembershipStatus
  let data: Record<string, unknown> | null = null
  if (doc.status === 'completed' && !MEMBER_STATUSES.includes(status) && (!membership.dues || mine))
    data = {
      status: 'active',
      dues: doc.id,
      paymentMethod: doc.paymentMethod === 'stripe' ? 'card' : doc.paymentMethod === 'check' ? 'check' : 'cash',
      paidOn: doc.receivedAt,
    }
  else if (mine && doc.status === 'refunded' && status === 'active') data = { status: 'refunded' }
  else if (mine && doc.status === 'void' && status === 'active') data = { status: 'pending', dues: null, paymentMethod: null, paidOn: null }
  if (data) await asSettling(req, () => req.payload.update({ collection: 'memberships', id: membership.id, data, ...system(req) }))
  return doc
}
