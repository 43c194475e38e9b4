import { Router } from 'express'
import type { Payload, Where } from 'payload'
import { releaseHeldEmail } from '../outbox/outbox'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody } from '../http/validate'
import {
  campaignSchema,
  campaignUpdateSchema,
  gameSchema,
  gameUpdateSchema,
  siteContentSchema,
  sponsorshipTierSchema,
  sponsorshipTierUpdateSchema,
  teamMemberRecord,
  teamMemberSchema,
  teamMemberUpdateSchema,
} from '#shared/schemas'
import { asStaff, crudRouter, listRouter } from './crud'
import { historyRouter } from './history'
import { inboxRouter } from './inbox'
import { donorsRouter } from './donors'
import { moneyRouter } from './money'
import { summaryRouter } from './summary'
import { treasurerRouter } from './treasurer'
import { requireSecondFactorWhenDemanded } from './twoFactor'
import {
  adminCampaign,
  adminContactMessage,
  adminGame,
  adminPlayer,
  adminSponsorApplication,
  adminTier,
  adminMonthlyGift,
  adminPayout,
  adminUnmatchedRefund,
  auditEntry,
  siteContentEntry,
} from './shapes'

/** Everything under /api/admin except the session calls; mounted behind requireStaff. */
export function adminRouter(payload: Payload): Router {
  const router = Router()
  // While the club requires it, an admin without two-factor sign-in must set it up first (cms/api/twoFactor.ts).
  router.use(requireSecondFactorWhenDemanded(payload))

  // The Overview's money figures and the audit log are the admins' alone (docs/roles.md);
  // the money and inbox routers guard their own paths the same way.
  router.use(['/summary', '/audit-log'], requireAdmin)

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
    '/team',
    crudRouter(payload, {
      collection: 'team-members',
      label: 'Team member',
      sort: ['displayOrder', 'number'],
      createSchema: teamMemberSchema,
      updateSchema: teamMemberUpdateSchema,
      toApi: adminPlayer,
      toData: teamMemberRecord,
    }),
  )

  router.use(
    '/games',
    crudRouter(payload, {
      collection: 'games',
      label: 'Game',
      sort: ['gameDate', 'gameTime'],
      createSchema: gameSchema,
      updateSchema: gameUpdateSchema,
      toApi: adminGame,
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

  // Money and inbox actions (docs/payments.md).
  router.use(moneyRouter(payload))
  router.use(donorsRouter(payload))
  router.use(treasurerRouter(payload))
  router.use(inboxRouter(payload))
  router.use('/contact-messages', listRouter(payload, 'contact-messages', '-createdAt', adminContactMessage))
  router.use('/sponsor-applications', listRouter(payload, 'sponsor-applications', '-createdAt', adminSponsorApplication))

  router.use('/summary', summaryRouter(payload))
  // Read-only: the audit log has no write endpoint, and its collection refuses every API write.
  router.use('/audit-log', listRouter(payload, 'audit-log', '-createdAt', auditEntry))

  // Undo: each versioned record's saves, and Restore (docs/roles.md "Undo").
  router.use('/history', historyRouter(payload))

  router.use('/content', listRouter(payload, 'site-content', ['section', 'key'], siteContentEntry))

  // One record per section + key: update it if it exists, create it otherwise.
  router.put('/content', async (req, res) => {
    const { section, key, value } = parseBody(req, siteContentSchema)
    const access = asStaff(req)
    const where: Where = { and: [{ section: { equals: section } }, { key: { equals: key } }] }
    // By id, so a refusal answers with its own status and reason.
    const update = async () => {
      const [stored] = (await payload.find({ collection: 'site-content', where, limit: 1, depth: 0, ...access })).docs
      return stored && (await payload.update({ collection: 'site-content', id: stored.id, data: { value }, depth: 0, ...access }))
    }
    let doc = await update()
    if (!doc) {
      try {
        doc = await payload.create({ collection: 'site-content', data: { section, key, value }, depth: 0, ...access })
      } catch (err) {
        // A concurrent request created the same section + key first (unique index): update that record instead.
        doc = await update()
        if (!doc) throw err
      }
    }
    // Held emails may be waiting for exactly this setting (legal name, EIN, the club's address).
    if (section === 'organization' || section === 'contact') await releaseHeldEmail(payload)
    res.json(siteContentEntry(doc))
  })

  return router
}
