import { formatCents, toCents } from '#shared/money'

/**
 * The books' one definition of totals (docs/ACCOUNTING.md), used by every figure that says received,
 * refunded or kept: the Overview, Giving at a Glance, the campaign totals, the donors list and the
 * statements. Received = every gift that arrived (completed, partly or fully refunded); refunded = what
 * went back; kept = received − refunded (what a campaign raised, a donor gave, a statement counts).
 * Cents, and how many gifts were received. Pending, failed and void records count nowhere.
 * Pure (no database): `npm run mutate` measures its tests (docs/TESTING.md).
 */
export type MoneyTotals = {
  receivedCents: number
  refundedCents: number
  keptCents: number
  count: number
  /** The spec's Overview cards: completed records alone (a gift refunded in part or whole leaves them), and how many. */
  completedCents: number
  completedCount: number
}

/** What the totals read of a donation or a sponsorship (amounts as stored: "1234.50"). */
export type CountedRecord = { status?: unknown; amount?: unknown; refundedAmount?: unknown }

/** The statuses of a gift that arrived: the ones the totals count. */
export const RECEIVED_STATUSES = ['completed', 'partially_refunded', 'refunded']

export function moneyTotals(docs: CountedRecord[]): MoneyTotals {
  const totals: MoneyTotals = { receivedCents: 0, refundedCents: 0, keptCents: 0, count: 0, completedCents: 0, completedCount: 0 }
  for (const doc of docs) {
    if (!RECEIVED_STATUSES.includes(String(doc.status))) continue
    const received = toCents(String(doc.amount))
    const refunded =
      doc.status === 'refunded' ? received : doc.status === 'partially_refunded' ? toCents(String(doc.refundedAmount ?? '0')) : 0
    totals.receivedCents += received
    totals.refundedCents += refunded
    totals.keptCents += received - refunded
    totals.count += 1
    if (doc.status === 'completed') {
      totals.completedCents += received
      totals.completedCount += 1
    }
  }
  return totals
}

/** What one gift kept (its line on a statement): `moneyTotals` of that gift alone. */
export const keptCents = (doc: CountedRecord): number => moneyTotals([doc]).keptCents

/** Totals as the API writes money (AdminSummary's `books`, the year report). */
export const booksFrom = (t: MoneyTotals) => ({
  received: formatCents(t.receivedCents),
  refunded: formatCents(t.refundedCents),
  kept: formatCents(t.keptCents),
  count: t.count,
})
