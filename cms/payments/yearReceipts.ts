import type { Payload, PayloadRequest } from 'payload'
import { MONTHLY_RECEIPTS, RECEIPT_SETTINGS, type MonthlyReceipts } from '#shared/payments'
import { inTransaction, isUniqueViolation } from '../db/transaction'
import { clubDayOf } from '../env'
import { enqueueEmail, kickOutbox } from '../outbox/outbox'
import { COUNTED, receivedBetween } from './ledger'

/**
 * Monthly donors' yearly receipt (docs/payments.md "Monthly gifts"): with the admins' Receipt settings
 * at `monthly-and-year` or `year`, each donor of a monthly gift gets in January one receipt for the past
 * year listing each month's payment (cms/email/messages.ts writes it). Queued through the outbox under
 * one key per donor and year, so the daily job, a restart, several processes and the admins' "send now"
 * never send it twice.
 */

export const YEAR_RECEIPT_KIND = 'monthly-year-receipt'
export const yearReceiptKey = (year: number, email: string) => `${YEAR_RECEIPT_KIND}:${year}:${email}`

/** The admins' choice, `monthly` while none was saved. */
export async function monthlyReceiptsSetting(req: PayloadRequest | { payload: Payload }): Promise<MonthlyReceipts> {
  const settings = await req.payload.findGlobal({
    slug: RECEIPT_SETTINGS,
    depth: 0,
    overrideAccess: true,
    ...('headers' in req ? { req } : {}),
  })
  const value = settings?.monthlyReceipts
  return MONTHLY_RECEIPTS.includes(value as MonthlyReceipts) ? (value as MonthlyReceipts) : 'monthly'
}

/** The months of a year's monthly gifts that count (completed, partly refunded), of one donor when `email` is given. */
export async function monthlyPayments(payload: Payload, year: number, email?: string) {
  const { docs } = await payload.find({
    collection: 'donations',
    where: {
      and: [
        COUNTED,
        receivedBetween(`${year}-01-01`, `${year}-12-31`),
        { stripeSubscriptionId: { exists: true } },
        ...(email ? [{ donorEmail: { like: email } }] : []),
      ],
    },
    sort: 'receivedAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  // `like` is a contains match: keep the donor's own address only.
  return docs.filter((d) => d.stripeSubscriptionId && (!email || d.donorEmail.trim().toLowerCase() === email))
}

/**
 * Queues the yearly receipt of `year` for every monthly donor not sent one yet; answers how many were queued now.
 * Another process queueing the same at the same moment breaks the outbox's unique key: then once more, which
 * skips what it queued.
 */
export async function queueYearReceipts(payload: Payload, year: number, retried = false): Promise<number> {
  const emails = new Set(
    (await monthlyPayments(payload, year)).map((d) => d.donorEmail.trim().toLowerCase()).filter((e) => e.includes('@')),
  )
  let queued = 0
  try {
    await inTransaction(payload, null, async (req) => {
      for (const email of [...emails].sort()) {
        const key = yearReceiptKey(year, email)
        const { totalDocs } = await payload.count({
          collection: 'email-outbox',
          where: { key: { equals: key } },
          req,
          overrideAccess: true,
        })
        if (totalDocs > 0) continue
        await enqueueEmail(payload, req, { key, kind: YEAR_RECEIPT_KIND, recordId: `${year}:${email}`, to: email })
        queued += 1
      }
    })
  } catch (err) {
    if (retried || !isUniqueViolation(err)) throw err
    return queueYearReceipts(payload, year, true)
  }
  if (queued) kickOutbox()
  return queued
}

/** The scheduled job (cms/start.ts, daily and at start): in the club's January, last year's receipts, when the admins chose them. */
export async function yearReceiptsDue(payload: Payload, now: number): Promise<number> {
  const today = clubDayOf(now)
  if (today.slice(5, 7) !== '01' || (await monthlyReceiptsSetting({ payload })) === 'monthly') return 0
  return queueYearReceipts(payload, Number(today.slice(0, 4)) - 1)
}
