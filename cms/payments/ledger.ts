import type { Payload, PayloadRequest, Where } from 'payload'
import { formatCents } from '#shared/money'
import { clubDayOf } from '../env'
import { isPlausibleId } from '../http/validate'
import { booksFrom, moneyTotals, RECEIVED_STATUSES, type MoneyTotals } from './totals'

/**
 * A campaign's raised amount is its opening balance (`baseAmount`, typed by an
 * admin) plus its recorded gifts (`giftsAmount`). The gifts part is kept here
 * alone: the donations collection's hooks (cms/payments/moneyRules.ts) call
 * `recountCampaign` after every write of a gift, on every path, inside that
 * write's transaction. It is counted afresh from the gifts, never adjusted by a
 * difference, so no sequence of writes can leave it out of step.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one shape for donations and sponsorships alike: their generated types share no money-record type
export type MoneyDoc = Record<string, any>

/** The collections of money records (cms/collections/moneyRecord.ts): every reader of the books goes through each. */
export const MONEY_COLLECTIONS = ['donations', 'sponsorships'] as const
export type MoneyCollection = (typeof MONEY_COLLECTIONS)[number]

/** The club's day of a gift: the day received, else the club's day of the instant it was entered (YYYY-MM-DD). */
export const giftDay = (doc: MoneyDoc): string => doc.receivedAt || clubDayOf(Date.parse(String(doc.createdAt)) || Date.now())

/**
 * The totals of the donations or sponsorships matching `and`, read from the database in one pass (the Overview's
 * cards and books, the year report). Read without access control (`readMoneyRecords`): for admin-only routes.
 */
export async function totalsOf(payload: Payload, collection: MoneyCollection, and: Where[]): Promise<MoneyTotals> {
  const where = { and: [{ status: { in: RECEIVED_STATUSES } }, ...and] }
  return moneyTotals(await readMoneyRecords(payload, collection, where, { amount: true, refundedAmount: true, status: true }))
}

/** `booksFrom` the totals of the records matching `and`. */
export async function booksOf(payload: Payload, collection: MoneyCollection, and: Where[]) {
  return booksFrom(await totalsOf(payload, collection, and))
}

/** The campaign a donation names, as an id, whether the relationship arrives as an id or a populated record. */
export const campaignIdOf = (doc: MoneyDoc | null | undefined): string | null => {
  const campaign = doc?.campaign
  if (typeof campaign === 'string') return campaign
  return campaign && typeof campaign === 'object' && typeof campaign.id === 'string' ? campaign.id : null
}

/** What a campaign's donations add up to: completed gifts less refunds. */
export async function giftsOf(payload: Payload, req: PayloadRequest | undefined, campaignId: string): Promise<string> {
  const { docs } = await payload.find({
    collection: 'donations',
    where: { campaign: { equals: campaignId } },
    pagination: false,
    select: { status: true, amount: true, refundedAmount: true },
    req,
    depth: 0,
    overrideAccess: true,
  })
  return formatCents(moneyTotals(docs).keptCents)
}

/** Sets the campaign's gifts part (and so its raised amount, Campaigns' hook) from its donations. */
export async function recountCampaign(payload: Payload, req: PayloadRequest, campaignId: string | null): Promise<void> {
  if (!campaignId) return
  const system = { req, depth: 0, overrideAccess: true } as const
  const giftsAmount = await giftsOf(payload, req, campaignId)
  const campaign = await payload.find({ collection: 'campaigns', where: { id: { equals: campaignId } }, limit: 1, ...system })
  if (!campaign.docs[0] || campaign.docs[0].giftsAmount === giftsAmount) return
  await payload.update({ collection: 'campaigns', id: campaignId, data: { giftsAmount }, ...system })
}

/** A campaign id that exists, or null (the general fund). */
export async function knownCampaignId(payload: Payload, req: PayloadRequest, id: unknown): Promise<string | null> {
  if (typeof id !== 'string' || !isPlausibleId(id)) return null
  const { totalDocs } = await payload.count({ collection: 'campaigns', where: { id: { equals: id } }, req, overrideAccess: true })
  return totalDocs > 0 ? id : null
}

/**
 * Money records received between two club days (either may be open). Every record has its day
 * (`receivedAt`, set when it is recorded; the migration club_day gave older ones theirs), so the
 * filters, exports, charts and statements all ask this one field.
 */
export function receivedBetween(from: string | undefined, to: string | undefined): Where {
  return { receivedAt: { ...(from ? { greater_than_equal: from } : {}), ...(to ? { less_than_equal: to } : {}) } }
}

/** The gifts that count toward totals (completed, or partly refunded: the rest counts). */
export const COUNTED: Where = { status: { in: ['completed', 'partially_refunded'] } }

/**
 * Money records' stored fields for a sum or a report over many of them, read by the database adapter
 * without Payload's per-document read pass. That pass (field traversal and afterRead hooks, a promise per
 * field; these collections have no read hooks to run) cost 150–300 ms of one core per 2,000 gifts, and the
 * Overview's reports queued behind each other on it (docs/SCALING.md). Access control is not applied here:
 * only routes that already allowed the caller (`requireAdmin`, as the collections' read access) call it.
 */
export async function readMoneyRecords(
  payload: Payload,
  collection: MoneyCollection,
  where: Where | undefined,
  select: Record<string, true>,
  sort?: string,
): Promise<MoneyDoc[]> {
  const { docs } = await payload.db.find<MoneyDoc>({ collection, where, select, sort, pagination: false, limit: 0 })
  return docs
}
