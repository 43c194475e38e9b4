import type { Payload } from 'payload'

/**
 * Receipt numbers count per calendar year of the gift: 2026-0001, 2026-0002…
 * Assigned when the receipt is first sent, by the outbox worker (one at a
 * time per process); the unique indexes on the receipts collection keep two
 * processes from ever giving out the same number.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one shape for donations and sponsorships alike: their generated types share no money-record type
export async function receiptNumberFor(payload: Payload, record: Record<string, any>): Promise<string> {
  if (record.receiptNumber) return record.receiptNumber
  const system = { depth: 0, overrideAccess: true } as const
  const existing = await payload.find({ collection: 'receipts', where: { recordId: { equals: record.id } }, limit: 1, ...system })
  let number: string | undefined = existing.docs[0]?.number
  if (!number) {
    const year = Number(String(record.receivedAt || record.createdAt).slice(0, 4)) || new Date().getUTCFullYear()
    const last = await payload.find({ collection: 'receipts', where: { year: { equals: year } }, sort: '-seq', limit: 1, ...system })
    const seq = (last.docs[0]?.seq ?? 0) + 1
    number = `${year}-${String(seq).padStart(4, '0')}`
    await payload.create({ collection: 'receipts', data: { number, year, seq, recordId: record.id }, ...system })
  }
  const collection = record.donorEmail !== undefined ? 'donations' : 'sponsorships'
  await payload.update({ collection, id: record.id, data: { receiptNumber: number }, ...system })
  return number
}
