import type { Payload, PayloadRequest } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { canMove, MONEY_MOVES, type MoneyStatus } from '#shared/payments'
import { HttpError } from '../http/errors'
import { isPlausibleId } from '../http/validate'
import { enqueueEmail } from '../email/outbox'

/**
 * The one place money records (donations, sponsorships) are created and
 * change status, for the Stripe webhook and the treasurer alike. Each call
 * runs inside the caller's transaction (`req`), so the record, its campaign's
 * raised amount, its history and its receipt email are written together.
 */

export type MoneyCollection = 'donations' | 'sponsorships'
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one shape for donations and sponsorships alike: their generated types share no money-record type
type Doc = Record<string, any>

export type HistoryEntry = { at: string; by: string; action: string; status?: string; note?: string }

/** Who acts: the admin's username, or "stripe" for the webhook. */
export const actorOf = (req: PayloadRequest) => (req.user as { username?: string } | null)?.username ?? 'stripe'

const access = (req: PayloadRequest) => ({ req, depth: 0, overrideAccess: !req.user })

/** What a donation adds to its campaign's raised amount: completed gifts, less what was refunded. */
export function campaignShareCents(doc: Doc): number {
  if (doc.status === 'completed') return toCents(doc.amount)
  if (doc.status === 'partially_refunded') return toCents(doc.amount) - toCents(doc.refundedAmount ?? '0')
  return 0
}

async function adjustCampaign(payload: Payload, req: PayloadRequest, campaignId: unknown, deltaCents: number) {
  if (deltaCents === 0 || typeof campaignId !== 'string' || !isPlausibleId(campaignId)) return
  const { docs } = await payload.find({ collection: 'campaigns', where: { id: { equals: campaignId } }, limit: 1, ...access(req) })
  const campaign = docs[0]
  if (!campaign) return
  // Never below zero: a volunteer may have typed the raised amount by hand before.
  const next = Math.max(0, toCents(campaign.currentAmount ?? '0') + deltaCents)
  await payload.update({ collection: 'campaigns', id: campaign.id, data: { currentAmount: formatCents(next) }, ...access(req) })
}

/** A campaign id that exists, or null (the general fund). */
export async function knownCampaignId(payload: Payload, req: PayloadRequest, id: unknown): Promise<string | null> {
  if (typeof id !== 'string' || !isPlausibleId(id)) return null
  const { totalDocs } = await payload.count({ collection: 'campaigns', where: { id: { equals: id } }, ...access(req) })
  return totalDocs > 0 ? id : null
}

const entry = (req: PayloadRequest, action: string, status?: string, note?: string): HistoryEntry => ({
  at: new Date().toISOString(),
  by: actorOf(req),
  action,
  ...(status ? { status } : {}),
  ...(note ? { note } : {}),
})

export async function createMoneyRecord(payload: Payload, req: PayloadRequest, collection: MoneyCollection, data: Doc): Promise<Doc> {
  const doc = await payload.create({
    collection,
    data: { ...data, history: [entry(req, 'created', data.status)] } as Doc as never,
    ...access(req),
  })
  if (collection === 'donations') await adjustCampaign(payload, req, (doc as Doc).campaignId, campaignShareCents(doc))
  if (doc.status === 'completed') await enqueueReceipt(payload, req, collection, doc)
  return doc
}

/**
 * Applies a status move and/or corrections. Illegal moves answer 409 and
 * change nothing; refunds record the refunded amount; void needs a reason.
 */
export async function changeMoneyRecord(
  payload: Payload,
  req: PayloadRequest,
  collection: MoneyCollection,
  before: Doc,
  changes: Doc,
): Promise<Doc> {
  const { status: requested, ...fields } = changes
  const data: Doc = { ...fields }
  let action = 'updated'
  const from = before.status as MoneyStatus
  const to = (requested ?? from) as MoneyStatus
  if (requested !== undefined && (to !== from || to === 'partially_refunded')) {
    if (!canMove(MONEY_MOVES, from, to))
      throw new HttpError(409, `A ${from.replace('_', ' ')} record cannot become ${to.replace('_', ' ')}`)
    action = `status ${from} → ${to}`
    data.status = to
  }
  const amount = toCents(fields.amount ?? before.amount)
  if (to === 'refunded' && data.status) data.refundedAmount = formatCents(amount)
  if (to === 'partially_refunded' && data.status) {
    if (!fields.refundedAmount) throw new HttpError(400, 'refundedAmount: Required for a partial refund (the total refunded so far)')
    const refunded = toCents(fields.refundedAmount)
    const already = toCents(before.refundedAmount ?? '0')
    if (refunded >= amount)
      throw new HttpError(400, 'refundedAmount: A partial refund must be less than the amount; use refunded for all of it')
    if (refunded <= already) throw new HttpError(409, `refundedAmount: ${formatCents(already)} is already refunded; give the new total`)
  } else if (fields.refundedAmount !== undefined && to !== 'refunded') {
    delete data.refundedAmount
  }
  if (to === 'void' && data.status) {
    if (!fields.voidReason) throw new HttpError(400, 'voidReason: Required to void a record')
  } else {
    delete data.voidReason
  }
  if (Object.keys(data).length === 0) return before

  const after = { ...before, ...data }
  const doc = await payload.update({
    collection,
    id: before.id,
    data: {
      ...data,
      history: [...(Array.isArray(before.history) ? before.history : []), entry(req, action, data.status, data.voidReason)],
    } as Doc as never,
    ...access(req),
  })
  if (collection === 'donations') {
    if (before.campaignId === after.campaignId) {
      await adjustCampaign(payload, req, after.campaignId, campaignShareCents(after) - campaignShareCents(before))
    } else {
      await adjustCampaign(payload, req, before.campaignId, -campaignShareCents(before))
      await adjustCampaign(payload, req, after.campaignId, campaignShareCents(after))
    }
  }
  if (doc.status === 'completed' && before.status !== 'completed') await enqueueReceipt(payload, req, collection, doc)
  return doc
}

/** The donor's receipt, sent once the gift is stored (cms/email). No email address, no receipt. */
export async function enqueueReceipt(payload: Payload, req: PayloadRequest, collection: MoneyCollection, doc: Doc) {
  const to = collection === 'donations' ? doc.donorEmail : doc.sponsorEmail
  if (typeof to !== 'string' || !to.includes('@')) return
  await enqueueEmail(payload, req, {
    key: `receipt:${doc.id}`,
    kind: collection === 'donations' ? 'donation-receipt' : 'sponsorship-receipt',
    recordId: doc.id,
    to,
  })
}
