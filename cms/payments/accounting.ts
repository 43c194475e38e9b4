import type { Payload } from 'payload'
import { toCents } from '#shared/money'
import { lastMoveAt } from '#shared/payments'
import { clubDayOf } from '../env'
import { campaignIdOf, giftDay, MONEY_COLLECTIONS, type MoneyCollection, type MoneyDoc } from './ledger'
import { refundedCents, refundsOf } from './refunds'
import type { DepositLine } from './deposits'
import { stripeFeesAndPayouts } from './payouts'

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
export const wasReceived = (doc: MoneyDoc) =>
  Boolean(doc.receiptNumber) ||
  (Array.isArray(doc.history) && doc.history.some((e: { status?: unknown }) => RECEIVED.includes(String(e?.status))))

/** The club's day a gift was voided: its stamped day, or the day its history says it moved. */
export const voidDayOf = (doc: MoneyDoc) => {
  if (typeof doc.voidedOn === 'string' && doc.voidedOn) return doc.voidedOn
  const at = lastMoveAt(doc.history, ['void'])
  return at ? clubDayOf(Date.parse(at)) : giftDay(doc)
}

/** Campaign id → name, for the ledger's Class column ("General fund" for gifts to none). */
async function campaignClasses(payload: Payload): Promise<(id: string | null) => string> {
  const { docs } = await payload.find({
    collection: 'campaigns',
    pagination: false,
    depth: 0,
    select: { name: true },
    overrideAccess: true,
  })
  const names = new Map(docs.map((c) => [String(c.id), c.name]))
  return (id) => (id ? (names.get(id) ?? GENERAL_FUND) : GENERAL_FUND)
}

/** How each kind of money record enters the ledger: its income account, its giver's name and its memo's word. */
const GIFT_KINDS: Record<MoneyCollection, { name: (doc: MoneyDoc) => unknown; memo: string }> = {
  donations: { name: (doc) => doc.donorName, memo: 'Donation' },
  sponsorships: { name: (doc) => doc.sponsorCompany || doc.sponsorName, memo: 'Sponsorship' },
}

/**
 * The gifts' movements: each received gift on its day (+), each of its refunds on the day it was made (−,
 * a gift refunded twice in two months shows two rows, one in each; a dispute Stripe lost likewise), and the
 * void of a received gift on the day voided (− what it still held).
 */
export const giftRows: LedgerSource = async (payload, from, to) => {
  const classOf = await campaignClasses(payload)
  const rows: LedgerRow[] = []
  for (const collection of MONEY_COLLECTIONS) {
    const { docs } = await payload.find({
      collection,
      where: { status: { in: [...RECEIVED, 'void'] } },
      pagination: false,
      depth: 0,
      sort: 'createdAt',
      overrideAccess: true,
    })
    for (const doc of docs as MoneyDoc[]) {
      if (doc.status === 'void' && !wasReceived(doc)) continue
      const name = String(GIFT_KINDS[collection].name(doc) ?? '')
      const receipt = String(doc.receiptNumber ?? '')
      const base = {
        account: collection,
        campaign: classOf(campaignIdOf(doc)),
        name,
        receipt,
        method: String(doc.paymentMethod ?? ''),
        reference: String(doc.reference || doc.venmoTransactionId || doc.stripePaymentIntentId || ''),
        record: `${collection}:${doc.id}`,
      } as const
      const memo = (what: string) => `${what}: ${name}${receipt ? `, receipt ${receipt}` : ''}`
      const amount = toCents(doc.amount)
      rows.push({ ...base, day: giftDay(doc), type: 'gift', memo: memo(GIFT_KINDS[collection].memo), cents: amount })
      for (const refund of refundsOf(doc))
        rows.push({
          ...base,
          day: refund.day,
          type: 'refund',
          memo: memo(refund.kind === 'dispute' ? 'Dispute lost' : 'Refund'),
          cents: -toCents(refund.amount),
          ...(refund.stripeRefundId ? { reference: refund.stripeRefundId } : {}),
        })
      if (doc.status === 'void')
        rows.push({ ...base, day: voidDayOf(doc), type: 'void', memo: memo('Void'), cents: -(amount - refundedCents(doc)) })
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
 * Stripe's fees (on each card gift, and those a payout carried apart) and the payouts that reached the bank
 * (`stripeFeesAndPayouts`, cms/payments/payouts.ts): money leaving the clearing account for the fees expense or
 * the bank. Without STRIPE_SECRET_KEY no fee or payout is recorded, and there are none.
 */
export const stripeFeeAndPayoutRows: LedgerSource = async (payload, from, to) => {
  const [rows, classOf] = await Promise.all([stripeFeesAndPayouts(payload, from, to), campaignClasses(payload)])
  return rows.map((row) => ({
    day: row.day,
    type: row.kind,
    account: row.kind === 'fee' ? 'fees' : 'bank',
    // A gift's fee belongs to its gift's class; a fee Stripe billed apart and a payout to none.
    campaign: row.donationId ? classOf(row.campaignId) : '',
    name: row.donorName ?? '',
    receipt: row.receiptNumber ?? '',
    memo: row.memo,
    cents: -toCents(row.amount),
    method: 'stripe',
    reference: row.payoutId ?? '',
    record: row.donationId ? `donations:${row.donationId}` : `payouts:${row.payoutId}`,
  }))
}

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
