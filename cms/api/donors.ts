import { Router, type Request } from 'express'
import type { Payload, Where } from 'payload'
import { donorsQuerySchema, statementQuerySchema, statementsSendSchema } from '#shared/schemas'
import { formatCents } from '#shared/money'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody, parseQuery } from '../http/validate'
import { HttpError } from '../http/errors'
import { inTransaction } from '../db/transaction'
import { kickOutbox, requeueEmail } from '../email/outbox'
import { readSettings, RECEIPTS_HELD_REASON, receiptsHeld } from '../email/messages'
import { givenInYear, yearStatement } from '../email/statements'
import { campaignShareCents, COUNTED } from '../payments/ledger'
import { asStaff } from './crud'
import { sendCsv } from './money'
import { toCsv } from './csv'

export type AdminDonor = { email: string; name: string; total: string; count: number; firstGift: string; lastGift: string }

/**
 * The treasurer's donors: everyone who gave in a year (or ever), by email
 * (case-insensitive), with their total (completed gifts less refunds, as the
 * campaign totals count them), number of gifts and first and last gift day.
 */
export function donorsRouter(payload: Payload): Router {
  const router = Router()
  router.use(['/donors', '/donors.csv'], requireAdmin)

  router.get('/donors', async (req, res) => {
    const { year, page, limit } = parseQuery(req, donorsQuerySchema)
    const donors = await donorsOf(payload, req, year)
    res.set('X-Total-Count', String(donors.length)).json(donors.slice((page - 1) * limit, page * limit))
  })

  router.get('/donors.csv', async (req, res) => {
    const { year } = parseQuery(req, donorsQuerySchema)
    const donors = await donorsOf(payload, req, year)
    const rows = donors.map((d) => [d.email, d.name, d.total, d.count, d.firstGift, d.lastGift])
    const day = new Date().toISOString().slice(0, 10)
    sendCsv(res, `donors-${year ?? 'all-years'}-exported-${day}`, toCsv(['email', 'name', 'total', 'count', 'firstGift', 'lastGift'], rows))
  })

  // One donor's year-end statement as a PDF.
  router.get('/donors/statement.pdf', async (req, res) => {
    const { email, year } = parseQuery(req, statementQuerySchema)
    const settings = await readSettings(payload)
    if (receiptsHeld(settings)) throw new HttpError(409, RECEIPTS_HELD_REASON)
    const statement = await yearStatement(payload, settings, email, year)
    if (!statement) throw new HttpError(404, `No gifts from ${email} in ${year}`)
    res.type('application/pdf').set('Content-Disposition', `attachment; filename="${statement.filename}"`).send(statement.pdf)
  })

  // Mails every donor of the year their statement, through the outbox: once; again only with `force`.
  router.post('/donors/statements', async (req, res) => {
    const { year, force } = parseBody(req, statementsSendSchema)
    const donors = await donorsOf(payload, req, year)
    const queued = await inTransaction(payload, req.staff!, async (tx) => {
      const sent = await payload.count({
        collection: 'email-outbox',
        where: { key: { like: `statement:${year}:` } },
        req: tx,
        overrideAccess: true,
      })
      if (sent.totalDocs > 0 && !force)
        throw new HttpError(409, `The ${year} statements were already sent; send them again with force: true`)
      for (const donor of donors)
        await requeueEmail(payload, tx, {
          key: `statement:${year}:${donor.email}`,
          kind: 'donor-statement',
          recordId: String(year),
          to: donor.email,
        })
      return donors.length
    })
    kickOutbox()
    res.status(202).json({ queued })
  })
  return router
}

/** Every donor of `year` (the day received, else the day entered), by email. */
async function donorsOf(payload: Payload, req: Request, year: number | undefined): Promise<AdminDonor[]> {
  const and: Where[] = year ? givenInYear(year) : [COUNTED]
  const { docs } = await payload.find({
    collection: 'donations',
    where: { and },
    pagination: false,
    sort: 'createdAt',
    depth: 0,
    select: { donorEmail: true, donorName: true, amount: true, refundedAmount: true, status: true, receivedAt: true, createdAt: true },
    ...asStaff(req),
  })
  const byEmail = new Map<string, { name: string; cents: number; count: number; first: string; last: string }>()
  for (const doc of docs) {
    const email = String(doc.donorEmail ?? '')
      .trim()
      .toLowerCase()
    if (!email) continue
    const day = String(doc.receivedAt || doc.createdAt).slice(0, 10)
    const donor = byEmail.get(email) ?? { name: String(doc.donorName ?? ''), cents: 0, count: 0, first: day, last: day }
    donor.cents += campaignShareCents(doc)
    donor.count += 1
    if (day < donor.first) donor.first = day
    if (day >= donor.last) {
      donor.last = day
      // The name the donor gave most recently.
      donor.name = String(doc.donorName ?? donor.name)
    }
    byEmail.set(email, donor)
  }
  return [...byEmail]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([email, d]) => ({ email, name: d.name, total: formatCents(d.cents), count: d.count, firstGift: d.first, lastGift: d.last }))
}
