import { Router } from 'express'
import type { Payload } from 'payload'
import type { AdminSummary } from '#shared/adminSummary'
import { RECENT_DONATIONS } from '#shared/adminSummary'
import { formatCents, sumMoney } from '#shared/money'
import { backupStatus } from '../db/backups'
import { clubContactAddress } from '../db/misleadingSettings'
import { storageProblem } from '../http/storage'
import { env } from '../env'
import { totalsOf } from '../payments/ledger'
import { booksFrom } from '../payments/totals'
import { asStaff } from './crud'
import { adminDonation } from './shapes'

/**
 * The Overview's totals and counts, over every record however many there are (admin lists only answer one page).
 */
export function summaryRouter(payload: Payload): Router {
  const router = Router()
  router.get('/', async (req, res) => {
    const access = asStaff(req)
    // One reading of each collection's money gives both the spec's completed cards and the books (ledger.ts).
    const [campaigns, contactMessages, donations, sponsorships, recent, { name: _name, ...backup }, contactAddress] = await Promise.all([
      payload.find({ collection: 'campaigns', pagination: false, select: { baseAmount: true, giftsAmount: true }, depth: 0, ...access }),
      payload.count({ collection: 'contact-messages', ...access }),
      totalsOf(payload, 'donations', []),
      totalsOf(payload, 'sponsorships', []),
      payload.find({ collection: 'donations', sort: '-createdAt', limit: RECENT_DONATIONS, depth: 0, ...access }),
      backupStatus(payload),
      clubContactAddress(payload),
    ])
    const summary: AdminSummary = {
      campaigns: campaigns.totalDocs,
      totalDonations: formatCents(donations.completedCents),
      donationCount: donations.completedCount,
      totalSponsorships: formatCents(sponsorships.completedCents),
      sponsorshipCount: sponsorships.completedCount,
      openingBalances: sumMoney(campaigns.docs.map((c) => c.baseAmount ?? '0')),
      campaignGifts: sumMoney(campaigns.docs.map((c) => c.giftsAmount ?? '0')),
      books: { donations: booksFrom(donations), sponsorships: booksFrom(sponsorships) },
      contactMessages: contactMessages.totalDocs,
      stripeApi: Boolean(env.STRIPE_SECRET_KEY),
      recentDonations: recent.docs.map(adminDonation),
      backup,
      server: { storage: storageProblem(), contactEmailMissing: !contactAddress },
    }
    res.json(summary)
  })
  return router
}
