import { Router } from 'express'
import type { Payload } from 'payload'
import { campaignSchema, campaignUpdateSchema, sponsorshipTierSchema, sponsorshipTierUpdateSchema } from '#shared/schemas'
import { crudRouter, listRouter } from '../api/crud'
import { adminCampaign, adminMonthlyGift, adminPayout, adminTier, adminUnmatchedRefund } from '../api/shapes'
import { requireAdmin } from '../http/requireAdmin'
import { donorsRouter } from './donors'
import { moneyRouter } from './records'
import { treasurerRouter } from './treasurer'

/** The money's /api/admin routes (docs/payments.md): campaigns and tiers (staff), and the treasurer's records, lists and reports (admins). */
export function moneyAdminApi(payload: Payload): Router {
  const router = Router()
  router.use(
    '/campaigns',
    crudRouter(payload, {
      collection: 'campaigns',
      label: 'Campaign',
      sort: '-createdAt',
      createSchema: campaignSchema,
      updateSchema: campaignUpdateSchema,
      toApi: adminCampaign,
    }),
  )

  router.use(
    '/sponsorship-tiers',
    crudRouter(payload, {
      collection: 'sponsorship-tiers',
      label: 'Sponsorship tier',
      sort: ['displayOrder', 'createdAt'],
      createSchema: sponsorshipTierSchema,
      updateSchema: sponsorshipTierUpdateSchema,
      toApi: adminTier,
    }),
  )

  // Monthly gifts (Stripe subscriptions), written only by the webhook: a read-only list for the treasurer.
  router.use('/monthly-gifts', requireAdmin, listRouter(payload, 'monthly-gifts', '-createdAt', adminMonthlyGift))
  // Refunds Stripe sent for payments not recorded yet (cms/payments/webhook.ts), until each is applied to its payment.
  router.use(
    '/unmatched-refunds',
    requireAdmin,
    listRouter(payload, 'stripe-events', '-createdAt', adminUnmatchedRefund, {
      and: [{ unmatchedRefund: { exists: true } }, { matchedTo: { exists: false } }],
    }),
  )

  // Stripe's payouts to the bank with their lines (docs/payments.md "Stripe payouts"), newest arrival first.
  router.use('/payouts', requireAdmin, listRouter(payload, 'payouts', ['-arrivalDay', '-createdAt'], adminPayout))

  // The donations, sponsorships, donors, deposits, statements and year-end work (each router guards its own paths).
  router.use(moneyRouter(payload))
  router.use(donorsRouter(payload))
  router.use(treasurerRouter(payload))
  return router
}
