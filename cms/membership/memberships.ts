import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'
import { duesAmount, MAX_ATHLETES, type MembershipStatus } from '#shared/membership'
import { clubDayOf } from '../env'
import { refuse } from '../hooks/refuse'
import { actorOf } from '../audit/log'

/**
 * The rules of memberships (docs/MEMBERSHIP.md "Memberships"), as hooks of the collection, so the portal,
 * /cms-api, Payload's editor, bulk updates and the Local API obey them alike. The server computes the
 * amount from the level, the athletes and the club day; a membership becomes active only when its dues are
 * recorded (cms/membership/dues.ts), refunded when they are, lapsed by the season's days
 * (cms/membership/renewals.ts); an admin may comp one (with a reason) or cancel one not paid.
 */

/** Moves a membership may make; `byHand`: those an admin may ask for (the rest follow payments and days). */
const MOVES: Record<MembershipStatus, readonly MembershipStatus[]> = {
  pending: ['active', 'comped', 'cancelled', 'lapsed'],
  // A payment voided (a check returned) leaves the membership unpaid again.
  active: ['refunded', 'lapsed', 'pending'],
  comped: ['cancelled', 'lapsed'],
  // Paid late, comped late, or joined again.
  lapsed: ['active', 'comped', 'pending'],
  refunded: ['pending'],
  cancelled: ['pending', 'comped'],
}
const BY_HAND: readonly MembershipStatus[] = ['comped', 'cancelled']

/** Set on a request while a server step moves a membership as payments and days say (never a person's request). */
const SETTLING = 'membershipSettling'

/** Runs `work` (Local API calls passing `req`) as such a step; the request is a person's again after it. */
export async function asSettling<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const before = req.context[SETTLING]
  req.context[SETTLING] = true
  try {
    return await work()
  } finally {
    // Payload's Local API may have replaced req.context with a merged copy: reset whichever it is now.
    req.context[SETTLING] = before
  }
}

/** Still unpaid: its amount may follow its level and athletes. */
const UNPAID: readonly MembershipStatus[] = ['pending', 'cancelled', 'lapsed']
const idOf = (value: unknown) => (value && typeof value === 'object' ? String((value as { id: unknown }).id) : value ? String(value) : null)

export const membershipRules: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  const before = operation === 'update' ? (originalDoc ?? {}) : {}
  const system = req.context?.[SETTLING] === true
  const value = (name: string) => (data[name] !== undefined ? data[name] : before[name])
  const from = (before.status ?? null) as MembershipStatus | null
  const to = (value('status') ?? 'pending') as MembershipStatus
  const next: Record<string, unknown> = { ...data, status: to }

  if (operation === 'create') {
    if (!value('household') && !system) throw refuse(400, 'household: Required')
    if (!['pending', 'comped'].includes(to) && !system)
      throw refuse(409, 'A membership starts pending (or comped by an admin); it becomes active when its dues are recorded')
  } else if (to !== from) {
    if (!MOVES[from!]?.includes(to)) throw refuse(409, `A ${from} membership cannot become ${to}`)
    if (!system && !BY_HAND.includes(to))
      throw refuse(
        409,
        `A membership becomes ${to} by its payment or its season's days, not by hand (record a payment, or comp it with a reason)`,
      )
    if (to === 'cancelled' && before.dues && !system) throw refuse(409, 'A paid membership is not cancelled: refund or void its payment')
  }
  if (to === 'comped' && from !== 'comped') {
    if (!value('compReason')) throw refuse(400, 'compReason: Required to comp a membership')
    Object.assign(next, { paymentMethod: 'comp', paidOn: clubDayOf() })
  }

  // Whose and which season: set once. The season is the level's.
  for (const field of ['household', 'season'] as const)
    if (
      operation === 'update' &&
      data[field] !== undefined &&
      idOf(data[field]) !== idOf(before[field]) &&
      !(system && data[field] === null)
    )
      throw refuse(409, `${field}: A membership stays with its household and season; cancel it and make another`)
  const levelId = idOf(value('level'))
  if (!levelId) throw refuse(400, 'level: Required')
  const level = await req.payload.findByID({
    collection: 'membership-levels',
    id: levelId,
    depth: 0,
    req,
    overrideAccess: true,
    disableErrors: true,
  })
  if (!level) throw refuse(400, 'level: No such membership level')
  const seasonId = idOf(level.season)
  if (value('season') && idOf(value('season')) !== seasonId) throw refuse(400, 'season: The level belongs to another season')
  next.season = seasonId
  const athletes = Number(value('athletes') ?? 1)
  if (!Number.isInteger(athletes) || athletes < 0 || athletes > MAX_ATHLETES)
    throw refuse(400, `athletes: A whole number from 0 to ${MAX_ATHLETES}`)

  // The amount: the server's, from the level, the athletes and today, while nothing was paid or offered at it.
  // (On an update Payload hands the hooks every field, the stored value where none was sent: compare, never test presence.)
  const changed = operation === 'update' && (levelId !== idOf(before.level) || athletes !== Number(before.athletes ?? 1))
  // Its payment and Checkout as they will be (a family joining again after a refund clears both).
  const unpaid = UNPAID.includes(to) && !value('dues') && !openCheckout({ checkout: value('checkout') })
  if (changed && !unpaid) throw refuse(409, 'A membership keeps the level and athletes it was paid (or offered for payment) at')
  next.amount = operation === 'create' || (unpaid && (changed || to !== from)) ? duesAmount(level, athletes, clubDayOf()) : before.amount
  if (operation === 'create') next.key = `${seasonId}:${idOf(value('household')) ?? 'none'}`
  else next.key = before.key

  const history = Array.isArray(before.history) ? before.history : []
  next.history = to !== from ? [...history, { at: new Date().toISOString(), by: actorOf(req), status: to }] : history
  return next
}

/** A Stripe Checkout session offered at this amount that has not lapsed yet (cms/membership/checkout.ts). */
export const openCheckout = (doc: { checkout?: { sessionId?: string | null; expiresAt?: string | null } | null }) =>
  Boolean(doc.checkout?.sessionId && doc.checkout.expiresAt && Date.parse(doc.checkout.expiresAt) > Date.now())

export const membershipNeverDeleted: CollectionBeforeDeleteHook = () => {
  throw refuse(405, 'Memberships are never deleted: cancel one that was not paid, refund one that was')
}
