import type { CollectionSlug, Payload } from 'payload'
import { toCents } from '#shared/money'
import { lastMoveAt } from '#shared/payments'
import { clubDayOf } from '../env'
import { campaignIdOf, giftDay, type MoneyDoc } from './ledger'
import type { DepositLine } from './deposits'

/**
 * The accounting ledger (docs/ACCOUNTING.md): one row per money movement, as an accounting tool imports
 * it. The rows are the movements of one clearing account, "money received, not yet at the bank": a gift
 * adds to it, a refund, a void, a Stripe fee, a deposit of checks and cash and a Stripe payout take from
 * it. `account` names the other side: income (`donations`, `sponsorships`), expense (`fees`) or a
 * transfer to the bank (`bank`). So the rows of one account sum to what the books say of it (the
 * donations rows to the donations kept, `moneyTotals`), and all rows to what has not reached the bank.
 */
export type LedgerAccount = 'donations' | 'sponsorships' | 'fees' | 'bank'
export type LedgerType = 'gift' | 'refund' | 'void' | 'fee' | 'deposit' | 'payout'
export type LedgerRow = {
  /** The club's day of the movement (YYYY-MM-DD). */
  day: string
  type: LedgerType
  account: LedgerAccount
  /** The campaign, as the accounting tool's class ("General fund" for gifts to none, sponsorships included). */
  campaign: string
  name: string
  receipt: string
  memo: string
  /** Signed: what the movement adds to the clearing account (negative when money leaves it). */
  cents: number
  method: string
  reference: string
  /** The record the row comes from (`donations:<id>`, `deposits:<id>`…), to find it again. */
  record: string
}

/** Where rows come from, each between two club days (either open). */
export type LedgerSource = (payload: Payload, from?: string, to?: string) => Promise<LedgerRow[]>

const GENERAL_FUND = 'General fund'
const RECEIVED = ['completed', 'partially_refunded', 'refunded']
const inRange = (day: string, from?: string, to?: string) => (!from || day >= from) && (!to || day <= to)

/** A voided gift had been received (and is taken back) when it was ever completed; a pending one never was. */
const wasReceived = (doc: MoneyDoc) =>
  Boolean(doc.receiptNumber) ||
  (Array.isArray(doc.history) && doc.history.some((e: { status?: unknown }) => RECEIVED.includes(String(e?.status))))

/** The club's day of the record's last move to one of `statuses`, from its stamped day or its history. */
const dayOfMove = (stamped: unknown, doc: MoneyDoc, statuses: string[]) => {
  if (typeof stamped === 'string' && stamped) return stamped
  const at = lastMoveAt(doc.history, statuses)
  return at ? clubDayOf(Date.parse(at)) : giftDay(doc)
}

/**
 * The gifts' movements: each received gift on its day (+), its refund on the day of the last refund
 * (−, the refunded total: a gift refunded twice in parts shows one row, dated the later refund), and
 * the void of a received gift on the day voided (− what it still held).
 */
export const giftRows: LedgerSource = async (payload, from, to) => {
  const campaigns = await payload.find({
    collection: 'campaigns',
    pagination: false,
    depth: 0,
    select: { name: true },
    overrideAccess: true,
  })
  const campaignName = new Map(campaigns.docs.map((c) => [String(c.id), c.name]))
  const rows: LedgerRow[] = []
  for (const collection of ['donations', 'sponsorships'] as const) {
    const { docs } = await payload.find({
      collection,
      where: { status: { in: [...RECEIVED, 'void'] } },
      pagination: false,
      depth: 0,
      sort: 'createdAt',
      overrideAccess: true,
    })
    for (const doc of docs as MoneyDoc[]) {
      const isDonation = collection === 'donations'
      if (doc.status === 'void' && !wasReceived(doc)) continue
      const name = String((isDonation ? doc.donorName : doc.sponsorCompany || doc.sponsorName) ?? '')
      const receipt = String(doc.receiptNumber ?? '')
      const campaignId = isDonation ? campaignIdOf(doc) : null
      const base = {
        account: collection,
        campaign: campaignId ? (campaignName.get(campaignId) ?? GENERAL_FUND) : GENERAL_FUND,
        name,
        receipt,
        method: String(doc.paymentMethod ?? ''),
        reference: String(doc.reference || doc.venmoTransactionId || doc.stripePaymentIntentId || ''),
        record: `${collection}:${doc.id}`,
      } as const
      const memo = (what: string) => `${what}: ${name}${receipt ? `, receipt ${receipt}` : ''}`
      const amount = toCents(doc.amount)
      const refunded = doc.status === 'refunded' ? amount : toCents(doc.refundedAmount ?? '0')
      rows.push({ ...base, day: giftDay(doc), type: 'gift', memo: memo(isDonation ? 'Donation' : 'Sponsorship'), cents: amount })
      if (refunded > 0)
        rows.push({
          ...base,
          day: dayOfMove(doc.refundedOn, doc, ['refunded', 'partially_refunded']),
          type: 'refund',
          memo: memo('Refund'),
          cents: -refunded,
        })
      if (doc.status === 'void')
        rows.push({ ...base, day: dayOfMove(doc.voidedOn, doc, ['void']), type: 'void', memo: memo('Void'), cents: -(amount - refunded) })
    }
  }
  return rows.filter((r) => inRange(r.day, from, to))
}

/** Each bank deposit of checks and cash (cms/payments/deposits.ts): money leaving the clearing account for the bank. */
export const depositRows: LedgerSource = async (payload, from, to) => {
  const { docs } = await payload.find({
    collection: 'deposits',
    where: { depositedOn: { ...(from ? { greater_than_equal: from } : {}), ...(to ? { less_than_equal: to } : {}) } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return docs.map((d) => {
    const lines = (d.lines ?? []) as DepositLine[]
    const checks = lines.filter((l) => l.method === 'check').length
    return {
      day: d.depositedOn,
      type: 'deposit' as const,
      account: 'bank' as const,
      campaign: '',
      name: '',
      receipt: '',
      memo: `Bank deposit: ${checks} check${checks === 1 ? '' : 's'}${lines.length > checks ? ' and cash' : ''}`,
      cents: -toCents(d.total ?? '0'),
      method: '',
      reference: '',
      record: `deposits:${d.id}`,
    }
  })
}

/**
 * Stripe's fees and payouts (issue 35 point 2, built beside this on another branch): one `fee` row per card
 * gift whose fee Stripe reported (the donation's `stripeFee`; account `fees`, minus the fee, on the gift's
 * day) and one `payout` row per paid payout (the `payouts` collection; account `bank`, minus what reached
 * the bank, on its arrival day). Read by name, so the ledger works with or without that collection: without
 * it (or without STRIPE_SECRET_KEY, when no fee is recorded) these rows are simply absent. A payout Stripe
 * failed never reached the bank: no row.
 */
export const stripeFeeAndPayoutRows: LedgerSource = async (payload, from, to) => {
  // Donations carry `stripeFee` once the payouts work is in; before, no fee rows.
  const hasFees = payload.collections.donations.config.flattenedFields.some((f) => f.name === 'stripeFee')
  const fees = hasFees
    ? await payload.find({
        collection: 'donations',
        where: { and: [{ stripeFee: { exists: true } }, { status: { in: [...RECEIVED, 'void'] } }] },
        pagination: false,
        depth: 0,
        overrideAccess: true,
      })
    : { docs: [] }
  const rows: LedgerRow[] = (fees.docs as MoneyDoc[])
    .filter((doc) => doc.stripeFee && toCents(doc.stripeFee) > 0)
    .map((doc) => ({
      day: giftDay(doc),
      type: 'fee',
      account: 'fees',
      campaign: '',
      name: String(doc.donorName ?? ''),
      receipt: String(doc.receiptNumber ?? ''),
      memo: `Stripe fee: ${doc.donorName}${doc.receiptNumber ? `, receipt ${doc.receiptNumber}` : ''}`,
      cents: -toCents(doc.stripeFee),
      method: 'stripe',
      reference: String(doc.stripeBalanceTransactionId ?? doc.stripePaymentIntentId ?? ''),
      record: `donations:${doc.id}`,
    }))
  if (payload.collections[PAYOUTS]) {
    const payouts = await payload.find({
      collection: PAYOUTS,
      where: { status: { equals: 'paid' } },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    for (const payout of payouts.docs as MoneyDoc[])
      rows.push({
        day: String(payout.arrivalDay),
        type: 'payout',
        account: 'bank',
        campaign: '',
        name: '',
        receipt: '',
        memo: `Stripe payout ${payout.payoutId}`,
        cents: -toCents(payout.amount ?? '0'),
        method: 'stripe',
        reference: String(payout.payoutId ?? ''),
        record: `${PAYOUTS}:${payout.id}`,
      })
  }
  return rows.filter((r) => inRange(r.day, from, to))
}
/** The payouts collection's slug, as a name: it may not exist in this build (see above). */
const PAYOUTS = 'payouts' as string as CollectionSlug

/** Every source of rows, in one place: a new kind of movement is one more source here. */
const LEDGER_SOURCES: LedgerSource[] = [giftRows, depositRows, stripeFeeAndPayoutRows]

const TYPE_ORDER: LedgerType[] = ['gift', 'refund', 'void', 'fee', 'deposit', 'payout']

/** The ledger between two club days, oldest first. */
export async function ledgerRows(payload: Payload, from?: string, to?: string): Promise<LedgerRow[]> {
  const rows = (await Promise.all(LEDGER_SOURCES.map((source) => source(payload, from, to)))).flat()
  return rows.sort(
    (a, b) => a.day.localeCompare(b.day) || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || a.record.localeCompare(b.record),
  )
}
