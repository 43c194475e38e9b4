import { Router } from 'express'
import type { Payload } from 'payload'
import { applicationStatusSchema, contactStatusSchema } from '#shared/schemas'
import { kickOutbox } from '../outbox/outbox'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody } from '../http/validate'
import { asStaff, listRouter } from '../api/crud'
import { findOr404 } from '../api/findOr404'
import { adminContactMessage, adminSponsorApplication } from '../api/shapes'

/** /api/admin's inbox: the public forms' arrivals, listed and moved along (docs/payments.md); admins only. */
export function inboxAdminApi(payload: Payload): Router {
  const router = Router()
  router.use(['/contact-messages', '/sponsor-applications'], requireAdmin)

  // Moves follow the collections' rules (cms/inbox/rules.ts); approving creates the sponsorship there too.
  router.put('/contact-messages/:id', async (req, res) => {
    const { status } = parseBody(req, contactStatusSchema)
    const before = await findOr404(payload, 'contact-messages', req.params.id as string, 'Contact message', asStaff(req))
    const doc = await payload.update({ collection: 'contact-messages', id: before.id, data: { status }, depth: 0, ...asStaff(req) })
    res.json(adminContactMessage(doc))
  })

  router.put('/sponsor-applications/:id', async (req, res) => {
    const { status } = parseBody(req, applicationStatusSchema)
    const before = await findOr404(payload, 'sponsor-applications', req.params.id as string, 'Sponsor application', asStaff(req))
    const application = await payload.update({
      collection: 'sponsor-applications',
      id: before.id,
      data: { status },
      depth: 0,
      ...asStaff(req),
    })
    const { docs } = await payload.find({
      collection: 'sponsorships',
      where: { applicationId: { equals: application.id } },
      limit: 1,
      depth: 0,
      ...asStaff(req),
    })
    kickOutbox()
    res.json({ ...adminSponsorApplication(application), sponsorshipId: docs[0]?.id ?? null })
  })

  router.use('/contact-messages', listRouter(payload, 'contact-messages', '-createdAt', adminContactMessage))
  router.use('/sponsor-applications', listRouter(payload, 'sponsor-applications', '-createdAt', adminSponsorApplication))
  return router
}
