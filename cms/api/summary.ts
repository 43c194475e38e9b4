import { Router } from 'express'
import type { Payload } from 'payload'
import type { AdminSummary } from '#shared/adminSummary'
import { RECENT_DONATIONS } from '#shared/adminSummary'
import { formatCents, sumMoney } from '#shared/money'
import { backupStatus } from '../db/backups'
import { env } from '../env'
import { booksOf } from '../payments/ledger'
import { asStaff } from './crud'
import { adminDonation } from './shapes'

/**
 * The Overview's totals and counts, computed by the database so they stay
 * right however many records there are (admin lists only answer one page).
 */
export function summaryRouter(payload: Payload): Router {
  const router = Router()
  router.get('/', async (req, res) => {
    const access = asStaff(req)
    const books = (collection: 'donations' | 'sponsorships') => booksOf(payload, collection, [])
    const [campaigns, contactMessages, donations, sponsorships, recent, donationBooks, sponsorshipBooks, { name: _name, ...backup }] =
      await Promise.all([
        payload.find({ collection: 'campaigns', pagination: false, select: { baseAmount: true, giftsAmount: true }, depth: 0, ...access }),
        payload.count({ collection: 'contact-messages', ...access }),
        completedCents(payload, 'donations'),
        completedCents(payload, 'sponsorships'),
        payload.find({ collection: 'donations', sort: '-createdAt', limit: RECENT_DONATIONS, depth: 0, ...access }),
        books('donations'),
        books('sponsorships'),
        backupStatus(payload),
      ])
    const summary: AdminSummary = {
      campaigns: campaigns.totalDocs,
      totalDonations: formatCents(donations.cents),
      donationCount: donations.count,
      totalSponsorships: formatCents(sponsorships.cents),
      sponsorshipCount: sponsorships.count,
      openingBalances: sumMoney(campaigns.docs.map((c) => c.baseAmount ?? '0')),
      campaignGifts: sumMoney(campaigns.docs.map((c) => c.giftsAmount ?? '0')),
      books: { donations: donationBooks, sponsorships: sponsorshipBooks },
      contactMessages: contactMessages.totalDocs,
      stripeApi: Boolean(env.STRIPE_SECRET_KEY),
      recentDonations: recent.docs.map(adminDonation),
      backup,
    }
    res.json(summary)
  })
  return router
}

type SqlClient = { execute: (stmt: { sql: string; args: unknown[] }) => Promise<{ rows: Array<Record<string, unknown>> }> }
type MongoModel = { aggregate: (pipeline: object[]) => Promise<Array<{ cents?: unknown; count?: unknown }>> }

/**
 * Sum of `amount` over records with status completed, in integer cents, and how many there are.
 * Amounts are two-decimal strings (decimal 10,2): ×100 and rounded, each one
 * is an exact integer (a double holds 10 digits exactly), and integer sums are
 * exact; MongoDB does the same in Decimal128.
 */
async function completedCents(payload: Payload, collection: 'donations' | 'sponsorships'): Promise<{ cents: number; count: number }> {
  if (env.isMongo) {
    const model = (payload.db as unknown as { collections: Record<string, MongoModel> }).collections[collection]
    const [row] = await model.aggregate([
      { $match: { status: 'completed' } },
      { $group: { _id: null, cents: { $sum: { $round: [{ $multiply: [{ $toDecimal: '$amount' }, 100] }, 0] } }, count: { $sum: 1 } } },
      { $project: { _id: 0, cents: { $toLong: '$cents' }, count: 1 } },
    ])
    return { cents: Number(row?.cents ?? 0), count: Number(row?.count ?? 0) }
  }
  const client = (payload.db as unknown as { client: SqlClient }).client
  // Table names are the slugs in snake_case (Payload's SQLite adapter); both are fixed here, never user input.
  const table = collection
  const { rows } = await client.execute({
    sql: `SELECT COALESCE(SUM(CAST(ROUND(CAST(amount AS REAL) * 100) AS INTEGER)), 0) AS cents, COUNT(*) AS count FROM "${table}" WHERE status = ?`,
    args: ['completed'],
  })
  return { cents: Number(rows[0]?.cents ?? 0), count: Number(rows[0]?.count ?? 0) }
}
