import { Router, type Request } from 'express'
import type { Payload, Where } from 'payload'
import { donorsQuerySchema, LIST_LIMIT_DEFAULT } from '#shared/schemas'
import { formatCents } from '#shared/money'
import { requireAdmin } from '../http/requireAdmin'
import { parseQuery } from '../http/validate'
import { campaignShareCents } from '../payments/ledger'
import { asAdmin } from './crud'
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
    const { year, page = 1, limit = LIST_LIMIT_DEFAULT } = parseQuery(req, donorsQuerySchema)
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
  return router
}

/** Every donor of `year` (the day received, else the day entered), by email. */
async function donorsOf(payload: Payload, req: Request, year: number | undefined): Promise<AdminDonor[]> {
  const and: Where[] = [{ status: { in: ['completed', 'partially_refunded'] } }]
  if (year) {
    const [from, to] = [`${year}-01-01`, `${year}-12-31`]
    and.push({
      or: [
        { receivedAt: { greater_than_equal: from, less_than_equal: to } },
        {
          and: [
            { receivedAt: { equals: null } },
            { createdAt: { greater_than_equal: `${from}T00:00:00.000Z`, less_than_equal: `${to}T23:59:59.999Z` } },
          ],
        },
      ],
    })
  }
  const { docs } = await payload.find({
    collection: 'donations',
    where: { and },
    pagination: false,
    sort: 'createdAt',
    depth: 0,
    select: { donorEmail: true, donorName: true, amount: true, refundedAmount: true, status: true, receivedAt: true, createdAt: true },
    ...asAdmin(req),
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
