import type { Payload, PayloadRequest } from 'payload'
import { giftDay, type MoneyCollection, type MoneyDoc } from './ledger'

/**
 * Receipt numbers count per year of the gift's club day: 2026-0001, 2026-0002…
 * A number is taken in the same transaction as the gift becomes completed
 * (cms/payments/moneyRules.ts), so it is given once whatever the number of
 * server processes: on SQLite the transaction holds the database's write lock
 * from its start, so no other process reads the last number before this one
 * is stored; on MongoDB a concurrent taker breaks the unique (year, seq)
 * index and its whole write is retried (Stripe resends the event). Numbers
 * have no gaps: a failed write rolls its number back with it.
 */
export async function receiptNumberFor(
  payload: Payload,
  collection: MoneyCollection,
  record: MoneyDoc,
  req: PayloadRequest,
): Promise<string> {
  if (record.receiptNumber) return record.receiptNumber
  const system = { depth: 0, overrideAccess: true, req } as const
  const existing = await payload.find({ collection: 'receipts', where: { recordId: { equals: record.id } }, limit: 1, ...system })
  let number: string | undefined = existing.docs[0]?.number
  if (!number) {
    const year = Number(giftDay(record).slice(0, 4))
    const last = await payload.find({ collection: 'receipts', where: { year: { equals: year } }, sort: '-seq', limit: 1, ...system })
    const seq = (last.docs[0]?.seq ?? 0) + 1
    number = `${year}-${String(seq).padStart(4, '0')}`
    await payload.create({ collection: 'receipts', data: { number, year, seq, recordId: record.id }, ...system })
  }
  // Straight to the row: a bookkeeping field, no reason to run the record's hooks (recount, mail) again.
  await payload.db.updateOne({ collection, id: record.id, data: { receiptNumber: number }, req, returning: false })
  return number
}
