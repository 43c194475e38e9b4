import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { refuse } from '../hooks/refuse'
import { isPlausibleId } from '../http/validate'
import { checkDay } from './days'
import type { MoneyDoc } from './ledger'

/**
 * The rules of bank deposits (docs/ACCOUNTING.md "Deposits"), as hooks of the `deposits` collection, so
 * /api/admin, /cms-api, Payload's editor and the Local API obey them alike: a deposit groups completed
 * check and cash gifts (donations and sponsorships), each gift in at most one deposit; its day, gifts,
 * lines and total are what was told to the bank and never change; it is never deleted.
 */

/** The payment methods that go to the bank as a deposit: paper the treasurer carries there. */
export const DEPOSITABLE_METHODS = ['check', 'cash'] as const

/** One gift as the slip lists it, kept with the deposit as it was when deposited. */
export type DepositLine = {
  collection: 'donations' | 'sponsorships'
  id: string
  method: 'check' | 'cash'
  /** The check's number or the treasurer's reference, as typed on the gift. */
  reference: string | null
  name: string
  amount: string
  receiptNumber: string | null
  receivedAt: string | null
}

const GIFT_FIELDS = ['donations', 'sponsorships'] as const

/** A relationship's value as ids, whether it arrives as ids or populated records. */
export const idsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : []).map((v) =>
    v && typeof v === 'object' ? String((v as { id?: unknown; value?: unknown }).id ?? (v as { value?: unknown }).value) : String(v),
  )

/** A gift may be deposited: completed, paid by check or cash. Else why not, as the refusal says it. */
export function whyNotDepositable(doc: MoneyDoc): string | null {
  if (!DEPOSITABLE_METHODS.includes(doc.paymentMethod)) return 'only checks and cash are deposited'
  if (doc.status !== 'completed') return `it is ${String(doc.status).replaceAll('_', ' ')}, not completed`
  return null
}

export const depositLine = (collection: DepositLine['collection'], doc: MoneyDoc): DepositLine => ({
  collection,
  id: String(doc.id),
  method: doc.paymentMethod,
  reference: doc.reference || null,
  name: String((collection === 'donations' ? doc.donorName : doc.sponsorCompany || doc.sponsorName) ?? ''),
  amount: String(doc.amount),
  receiptNumber: doc.receiptNumber ?? null,
  receivedAt: doc.receivedAt ?? null,
})

async function linesFor(req: PayloadRequest, collection: DepositLine['collection'], ids: string[]): Promise<DepositLine[]> {
  if (new Set(ids).size !== ids.length) throw refuse(400, `${collection}: a gift is listed twice`)
  const label = collection === 'donations' ? 'Donation' : 'Sponsorship'
  for (const id of ids) if (!isPlausibleId(id)) throw refuse(400, `${collection}: ${id} is not a gift's id`)
  if (ids.length === 0) return []
  const { docs } = await req.payload.find({
    collection,
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
    req,
    overrideAccess: true,
  })
  const byId = new Map(docs.map((d) => [String(d.id), d as MoneyDoc]))
  return ids.map((id) => {
    const doc = byId.get(id)
    if (!doc) throw refuse(400, `${label} ${id} does not exist`)
    const why = whyNotDepositable(doc)
    if (why) throw refuse(409, `${label} ${id} cannot be deposited: ${why}`)
    return depositLine(collection, doc)
  })
}

/**
 * A new deposit: its gifts exist, are completed checks or cash, and are in no other deposit; the server
 * writes its lines and total from them. An update keeps every fact (only the notes may change).
 */
export const depositRules: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation === 'update') {
    const sameGifts = (field: (typeof GIFT_FIELDS)[number]) =>
      data[field] === undefined || idsOf(data[field]).sort().join() === idsOf(originalDoc[field]).sort().join()
    const changed = (data.depositedOn ?? originalDoc.depositedOn) !== originalDoc.depositedOn || !GIFT_FIELDS.every(sameGifts)
    if (changed)
      throw refuse(409, "A deposit is what was told to the bank: its day and gifts never change (make another deposit for what's left)")
    // What only the server writes stays as it was written, whoever sends it.
    return {
      ...data,
      total: originalDoc.total,
      lines: originalDoc.lines,
      donations: originalDoc.donations,
      sponsorships: originalDoc.sponsorships,
    }
  }
  const donationIds = idsOf(data.donations)
  const sponsorshipIds = idsOf(data.sponsorships)
  if (donationIds.length + sponsorshipIds.length === 0) throw refuse(400, 'donationIds: Choose at least one gift to deposit')
  const lines = [...(await linesFor(req, 'donations', donationIds)), ...(await linesFor(req, 'sponsorships', sponsorshipIds))]
  // The bank cannot be handed a check before it was received, nor on a day still to come.
  const latest = lines.reduce<DepositLine | null>((a, l) => (l.receivedAt && (!a || l.receivedAt > a.receivedAt!) ? l : a), null)
  checkDay(
    'depositedOn',
    data.depositedOn,
    "a deposit's day",
    latest ? { day: latest.receivedAt!, what: `the day ${latest.name}'s gift was received` } : undefined,
  )
  const already = await req.payload.find({
    collection: 'deposits',
    where: {
      or: [
        ...(donationIds.length ? [{ donations: { in: donationIds } }] : []),
        ...(sponsorshipIds.length ? [{ sponsorships: { in: sponsorshipIds } }] : []),
      ],
    },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  const taken = already.docs[0]
  if (taken) {
    const inBoth = [...idsOf(taken.donations), ...idsOf(taken.sponsorships)].find(
      (id) => donationIds.includes(id) || sponsorshipIds.includes(id),
    )
    throw refuse(409, `A gift belongs to one deposit: ${inBoth ?? 'one of these gifts'} is already in the deposit of ${taken.depositedOn}`)
  }
  return {
    ...data,
    donations: donationIds,
    sponsorships: sponsorshipIds,
    lines,
    total: formatCents(lines.reduce((n, l) => n + toCents(l.amount), 0)),
  }
}

export const depositNeverDeleted: CollectionBeforeDeleteHook = () => {
  throw refuse(405, 'A deposit is never deleted: it is what the bank was told')
}
