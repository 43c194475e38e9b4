import { Router, type Request } from 'express'
import type { Payload } from 'payload'
import { donorsQuerySchema, statementQuerySchema, statementsSendSchema } from '#shared/schemas'
import { formatCents } from '#shared/money'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody, parseQuery } from '../http/validate'
import { HttpError } from '../http/errors'
import { inTransaction } from '../db/transaction'
import { kickOutbox, requeueEmail } from '../outbox/outbox'
import { readSettings, RECEIPTS_HELD_REASON, receiptsHeld } from '../email/messages'
import { giftsWhere, receivedInYear, yearStatement } from '../email/statements'
import { asStaff } from './crud'
import { sendCsv } from './money'
import { toCsv } from './csv'
import { clubDayOf } from '../env'

export type AdminDonor = { email: string; name: string; total: string; count: number; firstGift: string; lastGift: string }

/**
 * The treasurer's donors: everyone who gave in a year (or ever), by email
 * (case-insensitive), donors and sponsors alike, with their total (completed
 * gifts less refunds, as the campaign totals count them; a sponsorship counts
 * in full, its goods value is only subtracted from the deductible part on the
 * statement), number of gifts and first and last gift day.
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
    const day = clubDayOf()
    sendCsv(
      res,
      `donors-${year ?? 'all-years'}-exported-${day}`,
      toCsv(['email', 'name', 'total', 'count', 'firstGift', 'lastGift'], donors),
    )
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

/**
 * Every donor of `year` (the day received, else the day entered), or of every
 * year, by email: donations and sponsorships alike (cms/email/statements.ts
 * `giftsWhere`), so the list, the statements and their totals name the same people.
 */
async function donorsOf(payload: Payload, req: Request, year: number | undefined): Promise<AdminDonor[]> {
  const gifts = await giftsWhere(payload, year ? [receivedInYear(year)] : [], asStaff(req))
  const byEmail = new Map<string, { name: string; cents: number; count: number; first: string; last: string }>()
  // Oldest first, so the last gift seen is the latest and its name the one the donor gave most recently.
  for (const gift of gifts) {
    const donor = byEmail.get(gift.email) ?? { name: gift.name, cents: 0, count: 0, first: gift.day, last: gift.day }
    donor.cents += gift.keptCents
    donor.count += 1
    donor.last = gift.day
    donor.name = gift.name || donor.name
    byEmail.set(gift.email, donor)
  }
  return [...byEmail]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([email, d]) => ({ email, name: d.name, total: formatCents(d.cents), count: d.count, firstGift: d.first, lastGift: d.last }))
}
