import { Router, type Request } from 'express'
import type { Payload } from 'payload'
import { depositSchema, ledgerQuerySchema, listPageSchema, reportYearSchema, yearReceiptsSendSchema } from '#shared/schemas'
import { formatCents, toCents, toSignedCents } from '#shared/money'
import { clubDayOf, env } from '../env'
import { requireAdmin } from '../http/requireAdmin'
import { HttpError } from '../http/errors'
import { parseBody, parseQuery } from '../http/validate'
import { readSettings } from '../email/messages'
import { depositSlipPdf } from '../email/depositSlip'
import { giftsByDonor, giftsWhere, receivedInYear } from '../email/statements'
import { giftRows, type LedgerRow, ledgerRows } from '../payments/accounting'
import { booksOf, MONEY_COLLECTIONS, type MoneyCollection } from '../payments/ledger'
import { DEPOSITABLE_METHODS, depositLine, type DepositLine, idsOf } from '../payments/deposits'
import { queueYearReceipts } from '../payments/yearReceipts'
import { asStaff } from '../api/crud'
import { CsvAmount, toCsv, sendCsv } from '../api/csv'
import { findOr404 } from '../api/findOr404'
import { adminDeposit } from '../api/shapes'

/**
 * The treasurer's year end (docs/ACCOUNTING.md): bank deposits of checks and cash and their slips, the
 * accounting ledger, the Form 990 reports and monthly donors' yearly receipts. Admins only.
 */
export function treasurerRouter(payload: Payload): Router {
  const router = Router()
  router.use(['/deposits', '/ledger.csv', '/reports', '/monthly-gifts/year-receipts'], requireAdmin)

  router.get('/deposits', async (req, res) => {
    const { page, limit } = parseQuery(req, listPageSchema)
    const result = await payload.find({
      collection: 'deposits',
      sort: ['-depositedOn', '-createdAt'],
      page,
      limit,
      depth: 0,
      ...asStaff(req),
    })
    res.set('X-Total-Count', String(result.totalDocs)).json(result.docs.map(adminDeposit))
  })

  // Completed checks and cash (donations, sponsorships, dues) in no deposit yet: what the portal offers to deposit.
  router.get('/deposits/undeposited', async (req, res) => {
    const deposits = await payload.find({
      collection: 'deposits',
      pagination: false,
      depth: 0,
      select: { donations: true, sponsorships: true, dues: true },
      ...asStaff(req),
    })
    const deposited = new Set(deposits.docs.flatMap((d) => MONEY_COLLECTIONS.flatMap((field) => idsOf(d[field]))))
    const lines: DepositLine[] = []
    for (const collection of MONEY_COLLECTIONS) {
      const { docs } = await payload.find({
        collection,
        where: { and: [{ status: { equals: 'completed' } }, { paymentMethod: { in: [...DEPOSITABLE_METHODS] } }] },
        sort: 'receivedAt',
        pagination: false,
        depth: 0,
        ...asStaff(req),
      })
      for (const doc of docs) if (!deposited.has(String(doc.id))) lines.push(depositLine(collection, doc))
    }
    res.json(lines.sort((a, b) => String(a.receivedAt).localeCompare(String(b.receivedAt))))
  })

  router.post('/deposits', async (req, res) => {
    const { depositedOn, donationIds, sponsorshipIds, duesIds } = parseBody(req, depositSchema)
    const doc = await payload.create({
      collection: 'deposits',
      data: { depositedOn, donations: donationIds, sponsorships: sponsorshipIds, dues: duesIds },
      depth: 0,
      ...asStaff(req),
    })
    res.status(201).json(adminDeposit(doc))
  })

  router.get('/deposits/:id/slip.pdf', async (req, res) => {
    const deposit = await findOr404(payload, 'deposits', req.params.id as string, 'Deposit', asStaff(req))
    const pdf = depositSlipPdf(
      { depositedOn: deposit.depositedOn, total: deposit.total ?? '0.00', lines: (deposit.lines ?? []) as DepositLine[] },
      await readSettings(payload),
    )
    res.type('application/pdf').set('Content-Disposition', `attachment; filename="deposit-slip-${deposit.depositedOn}.pdf"`).send(pdf)
  })

  router.get('/ledger.csv', async (req, res) => {
    const { from, to } = parseQuery(req, ledgerQuerySchema)
    if (from && to && from > to) throw new HttpError(400, 'from: must be on or before to')
    const rows = (await ledgerRows(payload, from, to)).map((r) => ({
      Date: usDay(r.day),
      'Club day': r.day,
      Type: r.type,
      Account: r.account,
      Class: r.campaign,
      Name: r.name,
      Memo: r.memo,
      Amount: new CsvAmount(r.cents),
      Receipt: r.receipt,
      Method: r.method,
      Reference: r.reference,
      Record: r.record,
    }))
    const name = `ledger-${from ?? 'start'}-to-${to ?? 'now'}-exported-${clubDayOf()}`
    sendCsv(res, name, toCsv(LEDGER_COLUMNS, rows))
  })

  router.get('/reports/large-donors', async (req, res) => {
    res.json(await largeDonors(payload, req, parseQuery(req, reportYearSchema).year))
  })
  router.get('/reports/large-donors.csv', async (req, res) => {
    const { year } = parseQuery(req, reportYearSchema)
    const donors = (await largeDonors(payload, req, year)).map((d) => ({ ...d, address: d.address ?? '' }))
    sendCsv(res, `large-donors-${year}-exported-${clubDayOf()}`, toCsv(['email', 'name', 'address', 'total', 'count'], donors))
  })

  router.get('/reports/year', async (req, res) => {
    const { year } = parseQuery(req, reportYearSchema)
    res.json(await yearReport(payload, req, year))
  })
  router.get('/reports/year.csv', async (req, res) => {
    const { year } = parseQuery(req, reportYearSchema)
    sendCsv(res, `year-report-${year}-exported-${clubDayOf()}`, yearReportCsv(await yearReport(payload, req, year)))
  })

  // The monthly donors' yearly receipts of a past year, now (the January job sends them too; never twice).
  router.post('/monthly-gifts/year-receipts', async (req, res) => {
    const { year } = parseBody(req, yearReceiptsSendSchema)
    // The year as the January job sees it (env.taskNow: the clock, or the tests' clock).
    if (year >= Number(clubDayOf(env.taskNow()).slice(0, 4))) throw new HttpError(400, `year: ${year} is not over yet`)
    res.status(202).json({ queued: await queueYearReceipts(payload, year) })
  })

  return router
}

/** The ledger's columns (docs/ACCOUNTING.md): Date as US tools read it, the club day as stored. */
const LEDGER_COLUMNS = [
  'Date',
  'Club day',
  'Type',
  'Account',
  'Class',
  'Name',
  'Memo',
  'Amount',
  'Receipt',
  'Method',
  'Reference',
  'Record',
] as const

/** "2026-03-05" → "03/05/2026": the date form QuickBooks Online, Xero and Wave all import for a US club. */
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`

/** Schedule B's threshold (Form 990, the general rule): $5,000 from one contributor in the year. */
export const LARGE_DONOR_CENTS = 5_000_00

export type LargeDonor = { email: string; name: string; address?: string; total: string; count: number }

/**
 * Everyone whose contributions in `year` (by the club's day received) add up to $5,000.00 or more: donations,
 * sponsorships and dues, net of refunds, a sponsorship or dues counting only what exceeds its goods value (the
 * part that is a contribution; nothing of a participation fee), grouped by email as the donors list is. The address is the sponsor application's, when the
 * donor applied to sponsor (donations carry none). Largest first.
 */
async function largeDonors(payload: Payload, req: Request, year: number): Promise<LargeDonor[]> {
  const byEmail = giftsByDonor(await giftsWhere(payload, [receivedInYear(year)]))
  const large = [...byEmail]
    .map(
      ([email, { name, gifts }]) =>
        [email, { name, cents: gifts.reduce((n, g) => n + g.keptCents - g.goodsCents, 0), count: gifts.length }] as const,
    )
    .filter(([, d]) => d.cents >= LARGE_DONOR_CENTS)
  const applications = large.length
    ? await payload.find({
        collection: 'sponsor-applications',
        where: { contactEmail: { in: large.map(([email]) => email) } },
        sort: 'createdAt',
        pagination: false,
        depth: 0,
        ...asStaff(req),
      })
    : { docs: [] }
  const address = new Map(applications.docs.map((a) => [a.contactEmail.trim().toLowerCase(), a.companyAddress]))
  return large
    .sort(([ea, a], [eb, b]) => b.cents - a.cents || ea.localeCompare(eb))
    .map(([email, d]) => ({
      email,
      name: d.name,
      ...(address.get(email) ? { address: address.get(email) } : {}),
      total: formatCents(d.cents),
      count: d.count,
    }))
}

/** What each of the year's figures counts, said on the screen and in the CSV beside them. */
const YEAR_BASIS = (year: number) => ({
  report: `Gifts and dues received in ${year} (by the club's day), less every refund of them whenever it was made; voided ones are not counted.`,
  ledger: `The ledger's income rows dated in ${year}: gifts received, less refunds and voids made in ${year}, whatever year their gift.`,
})

/**
 * Why the year report (gifts received in the year, net of their refunds whenever made) and the ledger
 * (movements made in the year) differ, each cause signed so that kept + the causes = the ledger's income
 * for the year: refunds made after the year of its gifts (+), refunds made in it of earlier gifts (−), its
 * gifts voided after it (+, what the ledger still counts in the year), voids in it of earlier gifts (−).
 */
async function reconcileWithLedger(payload: Payload, year: number) {
  const inYear = (day: string) => day.slice(0, 4) === String(year)
  const byRecord = new Map<string, LedgerRow[]>()
  for (const row of await giftRows(payload)) byRecord.set(row.record, [...(byRecord.get(row.record) ?? []), row])
  const causes = { refundsAfterYear: 0, refundsOfEarlierGifts: 0, voidedAfterYear: 0, voidsOfEarlierGifts: 0 }
  for (const rows of byRecord.values()) {
    const giftDay = rows.find((r) => r.type === 'gift')!.day
    const voided = rows.find((r) => r.type === 'void')
    const sum = (which: LedgerRow[]) => which.reduce((n, r) => n + r.cents, 0)
    if (inYear(giftDay)) {
      if (!voided) causes.refundsAfterYear -= sum(rows.filter((r) => r.type === 'refund' && !inYear(r.day)))
      else if (!inYear(voided.day)) causes.voidedAfterYear += sum(rows.filter((r) => inYear(r.day)))
    } else if (giftDay < `${year}-01-01`) {
      causes.refundsOfEarlierGifts -= sum(rows.filter((r) => r.type === 'refund' && inYear(r.day)))
      causes.voidsOfEarlierGifts -= sum(rows.filter((r) => r.type === 'void' && inYear(r.day)))
    }
  }
  return [
    {
      key: 'refundsAfterYear',
      label: `Refunds made after ${year} of its gifts (the ledger shows them in their own year)`,
      cents: causes.refundsAfterYear,
    },
    { key: 'refundsOfEarlierGifts', label: `Refunds made in ${year} of earlier years' gifts`, cents: -causes.refundsOfEarlierGifts },
    { key: 'voidedAfterYear', label: `Gifts of ${year} voided after it (the ledger keeps them in ${year})`, cents: causes.voidedAfterYear },
    { key: 'voidsOfEarlierGifts', label: `Voids made in ${year} of earlier years' gifts`, cents: -causes.voidsOfEarlierGifts },
  ]
}

/**
 * The year's totals by kind for Form 990's revenue lines (docs/ACCOUNTING.md "Form 990"): donations,
 * sponsorships and membership dues received in the year (by the club's day), what of them was refunded and
 * kept (the books' one definition, `moneyTotals`), the sponsorships' goods value, the part of the dues that is
 * no contribution (member benefits, participation fees: program service revenue), Stripe's fees (from the
 * ledger's fee rows) and the net kept after fees; then the ledger's income for the same year, the basis of
 * each, and the figures that reconcile the two.
 */
async function yearReport(payload: Payload, req: Request, year: number) {
  const inYear = [receivedInYear(year)]
  const [donations, sponsorships, dues, gifts, rows, reconciliation] = await Promise.all([
    booksOf(payload, 'donations', inYear),
    booksOf(payload, 'sponsorships', inYear),
    booksOf(payload, 'dues', inYear),
    giftsWhere(payload, inYear),
    ledgerRows(payload, `${year}-01-01`, `${year}-12-31`),
    reconcileWithLedger(payload, year),
  ])
  const goodsOf = (collection: MoneyCollection) =>
    formatCents(gifts.filter((g) => g.collection === collection).reduce((n, g) => n + g.goodsCents, 0))
  const feesCents = -rows.filter((r) => r.type === 'fee').reduce((n, r) => n + r.cents, 0)
  const books = [donations, sponsorships, dues]
  const keptCents = books.reduce((n, b) => n + toCents(b.kept), 0)
  const incomeCents = rows.filter((r) => (MONEY_COLLECTIONS as readonly string[]).includes(r.account)).reduce((n, r) => n + r.cents, 0)
  const basis = YEAR_BASIS(year)
  return {
    year,
    basis: basis.report,
    donations,
    sponsorships: { ...sponsorships, goodsValue: goodsOf('sponsorships') },
    dues: { ...dues, notContributions: goodsOf('dues') },
    refunds: formatCents(books.reduce((n, b) => n + toCents(b.refunded), 0)),
    fees: formatCents(feesCents),
    net: formatCents(keptCents - feesCents),
    ledger: { basis: basis.ledger, income: formatCents(incomeCents) },
    // kept + each of these = the ledger's income for the year.
    reconciliation: reconciliation.map(({ cents, ...line }) => ({ ...line, amount: formatCents(cents) })),
  }
}

/** The year report as CSV lines (label, amount, what it counts), for the 990 preparer's file. */
function yearReportCsv(report: AdminYearReport): string {
  const line = (label: string, amount: string, note = '') => ({ Line: label, Amount: new CsvAmount(toSignedCents(amount)), Note: note })
  const kept = formatCents(toCents(report.donations.kept) + toCents(report.sponsorships.kept) + toCents(report.dues.kept))
  const lines = [
    line('Donations received', report.donations.received, report.basis),
    line('Donations refunded', report.donations.refunded),
    line('Donations kept', report.donations.kept),
    line('Sponsorships received', report.sponsorships.received),
    line('Sponsorships refunded', report.sponsorships.refunded),
    line('Sponsorships kept', report.sponsorships.kept),
    line('Sponsorships goods value', report.sponsorships.goodsValue, 'The quid-pro-quo part of the sponsorships kept'),
    line('Dues received', report.dues.received),
    line('Dues refunded', report.dues.refunded),
    line('Dues kept', report.dues.kept),
    line('Dues not contributions', report.dues.notContributions, 'Member benefits and participation fees: program service revenue'),
    line('Stripe fees', report.fees),
    line('Net kept after fees', report.net),
    line('Kept (donations, sponsorships and dues)', kept, report.basis),
    ...report.reconciliation.map((r) => line(r.label, r.amount)),
    line('Ledger income for the year', report.ledger.income, report.ledger.basis),
  ]
  return toCsv(['Line', 'Amount', 'Note'], lines)
}

export type AdminYearReport = Awaited<ReturnType<typeof yearReport>>
export type AdminDepositCandidate = DepositLine
