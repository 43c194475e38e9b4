import { Router } from 'express'
import type { Payload, Where } from 'payload'
import {
  donorsQuerySchema,
  keptStatementQuerySchema,
  keptStatementsQuerySchema,
  statementQuerySchema,
  statementsProgressSchema,
  statementsSendSchema,
} from '#shared/schemas'
import { formatCents } from '#shared/money'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody, parseQuery } from '../http/validate'
import { HttpError } from '../http/errors'
import { inTransaction } from '../db/transaction'
import { enqueueEmail, kickOutbox, type OutboxItem, requeueEmail, stillWaiting } from '../outbox/outbox'
import { readSettings, RECEIPTS_HELD_REASON, receiptsHeld } from '../email/messages'
import {
  correctedReason,
  giftsByDonor,
  giftsWhere,
  queuedStatement,
  queuedStatements,
  receivedInYear,
  statementChanged,
  statementOf,
  yearStatement,
} from '../email/statements'
import type { Statement } from '../payload-types'
import { moneyTotals } from '../payments/totals'
import { asStaff } from '../api/crud'
import { findOr404 } from '../api/findOr404'
import { adminStatement } from '../api/shapes'
import { sendCsv, toCsv } from '../api/csv'
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
   * Mails every donor of the year their statement, once; again (`force`, "Send again"): only to the donors
   * whose figures changed since their last statement, a corrected one naming it (and a first one to a donor
   * who had none); with `email`, one donor's (a copy of their last statement when nothing changed). Answers
   * at once with what it queued: each statement is written, kept and mailed by the outbox as it goes out
   * (cms/email/messages.ts), so a mailing of hundreds never holds the request. A year not over is mailed
   * only when the admin says so (`early`), having been told when it ends.
   */
  router.post('/donors/statements', async (req, res) => {
    const { year, force, email, early } = parseBody(req, statementsSendSchema)
    const settings = await readSettings(payload)
    if (receiptsHeld(settings)) throw new HttpError(409, RECEIPTS_HELD_REASON)
    const today = clubDayOf()
    const thisYear = Number(today.slice(0, 4))
    if (year > thisYear) throw new HttpError(400, `year: ${year} has not begun`)
    if (year === thisYear && !early)
      throw new HttpError(409, `The ${year} year is not over: it ends on December 31, ${year}. Confirm to mail the statements now anyway.`)
    const told = await payload.find({
      collection: 'statements',
      where: { year: { equals: year } },
      sort: 'createdAt',
      pagination: false,
      depth: 0,
      select: { pdf: false },
      ...asStaff(req),
    })
    if (!email && !force && (told.totalDocs > 0 || (await queuedStatements(payload, year)) > 0))
      throw new HttpError(409, `The ${year} statements were already sent; send again to mail corrected statements where figures changed`)
    // Every donor's gifts of the year in one reading; the last statement each was told.
    const byEmail = giftsByDonor(await giftsWhere(payload, [receivedInYear(year)]))
    const last = new Map(told.docs.map((s) => [s.email, s as Statement]))
    const wanted = email?.trim().toLowerCase()
    const emails = wanted ? [wanted] : [...new Set([...byEmail.keys(), ...last.keys()])].sort()
    if (wanted && !byEmail.has(wanted) && !last.has(wanted)) throw new HttpError(404, `No gifts from ${wanted} in ${year}`)
    const planned: Array<{ item: OutboxItem; corrected: boolean; copy: boolean }> = []
    let unchanged = 0
    for (const to of emails) {
      const replaces = last.get(to)
      const correction = replaces ? { replaces, reason: correctedReason(year) } : undefined
      const built = statementOf(settings, to, year, byEmail.get(to)?.gifts ?? [], correction)
      if (!built) continue
      if (!replaces || statementChanged(replaces, built)) {
        const n = told.docs.filter((s) => s.email === to).length + 1
        // Written when it is sent (as the books then stand), under this key: `<year>:<email>` names whose.
        planned.push({
          item: { key: `statement:${year}:${to}:${n}`, kind: 'donor-statement', recordId: `${year}:${to}`, to },
          corrected: Boolean(replaces),
          copy: false,
        })
      } else if (wanted && (await stillWaiting(payload, replaces.outboxKey))) {
        // Written ahead of its mail, which has not gone yet: nothing to send again.
      } else if (wanted) {
        // Nothing changed: the statement they were sent, again (a lost email), the very same PDF.
        planned.push({
          item: { key: `statement-copy:${replaces.id}`, kind: 'donor-statement', recordId: String(replaces.id), to },
          corrected: false,
          copy: true,
        })
      } else unchanged++
    }
    const queued = await inTransaction(payload, req.staff!, async (tx) => {
      const added: typeof planned = []
      for (const p of planned) {
        if (p.copy) await requeueEmail(payload, tx, p.item)
        if (p.copy || (await enqueueEmail(payload, tx, p.item))) added.push(p)
      }
      return added
    })
    kickOutbox()
    res.status(202).json({
      queued: queued.length,
      corrected: queued.filter((p) => p.corrected).length,
      copies: queued.filter((p) => p.copy).length,
      unchanged,
    })
    // Then each statement is written and kept, one after another, ahead of the mail that carries it (the outbox sends
    // in the order queued, behind whatever waits): the Mailed statements list fills as they are written. A process
    // stopped midway leaves the rest to the outbox, which writes each as it sends it.
    for (const { item } of queued)
      if (!item.key.startsWith('statement-copy:'))
        await queuedStatement(payload, settings, item).catch((err: unknown) =>
          payload.logger.warn({ msg: 'A year-end statement will be written when it is sent', key: item.key, err: String(err) }),
        )
  })

  // How the year's statement mails stand (the Donors panel shows it while they go out).
  router.get('/donors/statements/progress', async (req, res) => {
    const { year } = parseQuery(req, statementsProgressSchema)
    const { docs } = await payload.find({
      collection: 'email-outbox',
      where: { and: [{ kind: { equals: 'donor-statement' } }, { key: { like: `statement:${year}:` } }] },
      pagination: false,
      depth: 0,
      select: { status: true },
      ...asStaff(req),
    })
    const count = (...statuses: string[]) => docs.filter((d) => statuses.includes(d.status)).length
    const { totalDocs: written } = await payload.count({
      collection: 'statements',
      where: { outboxKey: { like: `statement:${year}:` } },
      ...asStaff(req),
    })
    res.json({
      year,
      queued: docs.length,
      written,
      sent: count('sent'),
      waiting: count('pending', 'sending', 'held'),
      failed: count('failed'),
      notSent: count('withdrawn'),
    })
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
