import { Router } from 'express'
import type { Payload } from 'payload'
import type { AdminSummary } from '#shared/adminSummary'
import { RECENT_DONATIONS } from '#shared/adminSummary'
import { formatCents } from '#shared/money'
import { env } from '../env'
import { asAdmin } from './crud'
import { adminDonation } from './shapes'

/**
 * The Overview's totals and counts, computed by the database so they stay
 * right however many records there are (admin lists only answer one page).
 */
export function summaryRouter(payload: Payload): Router {
  const router = Router()
  router.get('/', async (req, res) => {
    const access = asAdmin(req)
    const [campaigns, contactMessages, donationCents, sponsorshipCents, recent] = await Promise.all([
      payload.count({ collection: 'campaigns', ...access }),
      payload.count({ collection: 'contact-messages', ...access }),
      completedCents(payload, 'donations'),
      completedCents(payload, 'sponsorships'),
      payload.find({ collection: 'donations', sort: '-createdAt', limit: RECENT_DONATIONS, depth: 0, ...access }),
    ])
    const summary: AdminSummary = {
      campaigns: campaigns.totalDocs,
      totalDonations: formatCents(donationCents),
      totalSponsorships: formatCents(sponsorshipCents),
      contactMessages: contactMessages.totalDocs,
      recentDonations: recent.docs.map(adminDonation),
    }
    res.json(summary)
  })
  return router
}

type SqlClient = { execute: (stmt: { sql: string; args: unknown[] }) => Promise<{ rows: Array<Record<string, unknown>> }> }
type MongoModel = { aggregate: (pipeline: object[]) => Promise<Array<{ cents?: unknown }>> }

/**
 * Sum of `amount` over records with status completed, in integer cents.
 * Amounts are two-decimal strings (decimal 10,2): ×100 and rounded, each one
 * is an exact integer (a double holds 10 digits exactly), and integer sums are
 * exact; MongoDB does the same in Decimal128.
 */
async function completedCents(payload: Payload, collection: 'donations' | 'sponsorships'): Promise<number> {
  if (env.isMongo) {
    const model = (payload.db as unknown as { collections: Record<string, MongoModel> }).collections[collection]
    const [row] = await model.aggregate([
      { $match: { status: 'completed' } },
      { $group: { _id: null, cents: { $sum: { $round: [{ $multiply: [{ $toDecimal: '$amount' }, 100] }, 0] } } } },
      { $project: { _id: 0, cents: { $toLong: '$cents' } } },
    ])
    return Number(row?.cents ?? 0)
  }
  const client = (payload.db as unknown as { client: SqlClient }).client
  // Table names are the slugs in snake_case (Payload's SQLite adapter); both are fixed here, never user input.
  const table = collection
  const { rows } = await client.execute({
    sql: `SELECT COALESCE(SUM(CAST(ROUND(CAST(amount AS REAL) * 100) AS INTEGER)), 0) AS cents FROM "${table}" WHERE status = ?`,
    args: ['completed'],
  })
  return Number(rows[0]?.cents ?? 0)
}
