import { Router } from 'express'
import type { Payload, Where } from 'payload'
import {
  donorsQuerySchema,
  keptStatementQuerySchema,
  keptStatementsQuerySchema,
  statementQuerySchema,
  statementsSendSchema,
} from '#shared/schemas'
import { formatCents } from '#shared/money'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody, parseQuery } from '../http/validate'
import { HttpError } from '../http/errors'
import { inTransaction } from '../db/transaction'
import { enqueueEmail, kickOutbox } from '../outbox/outbox'
import { readSettings, RECEIPTS_HELD_REASON, receiptsHeld } from '../email/messages'
import {
  type Correction,
  giftsByDonor,
  giftsWhere,
  keepStatement,
  lastStatement,
  receivedInYear,
  statementChanged,
  type YearStatement,
  yearStatement,
} from '../email/statements'
import { moneyTotals } from '../payments/totals'
import { asStaff } from './crud'
import { findOr404 } from './findOr404'
import { adminStatement } from './shapes'
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
  router.use(['/donors', '/donors.csv', '/statements', '/statements.pdf'], requireAdmin)

  // Every year that has a gift (the donors list's year picker), newest first, this year always among them.
  router.get('/donors/years', async (req, res) => {
    const gifts = await giftsWhere(payload, [])
    const years = new Set([Number(clubDayOf().slice(0, 4)), ...gifts.map((g) => Number(g.day.slice(0, 4)))])
    res.json([...years].sort((a, b) => b - a))
  })

  router.get('/donors', async (req, res) => {
    const { year, page, limit } = parseQuery(req, donorsQuerySchema)
    const donors = await donorsOf(payload, year)
    res.set('X-Total-Count', String(donors.length)).json(donors.slice((page - 1) * limit, page * limit))
  })

  router.get('/donors.csv', async (req, res) => {
    const { year } = parseQuery(req, donorsQuerySchema)
    const donors = await donorsOf(payload, year)
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

  /**
   * Mails every donor of the year their statement, once, and keeps each as it is mailed (the
   * `statements` collection). Again (`force`, "Send again"): only to the donors whose figures changed
   * since their last statement, a corrected one naming it (and a first one to a donor who had none).
   */
  router.post('/donors/statements', async (req, res) => {
    const { year, force } = parseBody(req, statementsSendSchema)
    const settings = await readSettings(payload)
    if (receiptsHeld(settings)) throw new HttpError(409, RECEIPTS_HELD_REASON)
    const { totalDocs: mailed } = await payload.count({ collection: 'statements', where: { year: { equals: year } }, ...asStaff(req) })
    if (mailed > 0 && !force)
      throw new HttpError(409, `The ${year} statements were already sent; send again to mail corrected statements where figures changed`)
    // Everyone of the year, and everyone told before (a donor whose gifts were all refunded is told so).
    const told = await payload.find({
      collection: 'statements',
      where: { year: { equals: year } },
      pagination: false,
      depth: 0,
      select: { email: true },
      ...asStaff(req),
    })
    const emails = new Set([...(await donorsOf(payload, year)).map((d) => d.email), ...told.docs.map((s) => s.email)])
    const planned: Array<{ built: YearStatement; correction?: Correction; n: number }> = []
    for (const email of [...emails].sort()) {
      const replaces = await lastStatement(payload, year, email)
      const reason = `the gifts on our books for ${year} changed after it was sent`
      const correction = replaces ? { replaces, reason } : undefined
      const built = await yearStatement(payload, settings, email, year, correction)
      if (built && (!replaces || statementChanged(replaces, built)))
        planned.push({ built, correction, n: told.docs.filter((s) => s.email === email).length + 1 })
    }
    await inTransaction(payload, req.staff!, async (tx) => {
      for (const { built, correction, n } of planned) {
        const key = `statement:${year}:${built.email}:${n}`
        const statement = await keepStatement(payload, tx, built, key, correction)
        await enqueueEmail(payload, tx, { key, kind: 'donor-statement', recordId: String(statement.id), to: built.email })
      }
    })
    kickOutbox()
    res.status(202).json({ queued: planned.length, corrected: planned.filter((p) => p.correction).length })
  })

  // The statements mailed, newest first: what each donor was told, kept as sent.
  router.get('/statements', async (req, res) => {
    const { year, email, page, limit } = parseQuery(req, keptStatementsQuerySchema)
    const and: Where[] = [...(year ? [{ year: { equals: year } }] : []), ...(email ? [{ email: { equals: email.toLowerCase() } }] : [])]
    const result = await payload.find({
      collection: 'statements',
      where: and.length ? { and } : undefined,
      sort: '-createdAt',
      page,
      limit,
      depth: 0,
      select: { pdf: false, lines: false },
      ...asStaff(req),
    })
    res.set('X-Total-Count', String(result.totalDocs)).json(result.docs.map(adminStatement))
  })

  // One mailed statement's PDF, exactly the bytes the donor received.
  router.get('/statements.pdf', async (req, res) => {
    const { id } = parseQuery(req, keptStatementQuerySchema)
    const statement = await findOr404(payload, 'statements', id, 'Statement', asStaff(req))
    res
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="${statement.filename}"`)
      .send(Buffer.from(String(statement.pdf), 'base64'))
  })
  return router
}

/**
 * Every donor of `year` (the day received, else the day entered), or of every
 * year, by email: donations and sponsorships alike (cms/email/statements.ts
 * `giftsWhere`), so the list, the statements and their totals name the same people.
 */
async function donorsOf(payload: Payload, year: number | undefined): Promise<AdminDonor[]> {
  const byEmail = giftsByDonor(await giftsWhere(payload, year ? [receivedInYear(year)] : []))
  return [...byEmail]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([email, { name, gifts }]) => {
      const totals = moneyTotals(gifts.map((g) => g.doc))
      return {
        email,
        name,
        total: formatCents(totals.keptCents),
        count: totals.count,
        firstGift: gifts[0].day,
        lastGift: gifts.at(-1)!.day,
      }
    })
}
