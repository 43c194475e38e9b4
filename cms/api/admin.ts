import { Router } from 'express'
import type { Payload, Where } from 'payload'
import { releaseHeldEmail } from '../outbox/outbox'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody } from '../http/validate'
import { gameSchema, gameUpdateSchema, siteContentSchema } from '#shared/schemas'
import { asStaff, crudRouter, listRouter } from './crud'
import { historyRouter } from './history'
import { inboxRouter } from './inbox'
import { summaryRouter } from './summary'
import { requireSecondFactorWhenDemanded } from './twoFactor'
import { adminContactMessage, adminGame, adminSponsorApplication, auditEntry, siteContentEntry } from './shapes'

/** Everything under /api/admin except the session calls, the domains' included (`domainRouters`); mounted behind requireStaff. */
export function adminRouter(payload: Payload, domainRouters: Router[] = []): Router {
  const router = Router()
  // While the club requires it, an admin without two-factor sign-in must set it up first (cms/api/twoFactor.ts).
  router.use(requireSecondFactorWhenDemanded(payload))

  // The Overview's money figures and the audit log are the admins' alone (docs/roles.md);
  // the money and inbox routers guard their own paths the same way.
  router.use(['/summary', '/audit-log'], requireAdmin)

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

  // Inbox actions (docs/payments.md).
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

  for (const domainRouter of domainRouters) router.use(domainRouter)
  return router
}
