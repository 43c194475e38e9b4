import { Router } from 'express'
import type { Payload } from 'payload'
import { applicationStatusSchema, contactStatusSchema } from '#shared/schemas'
import { emailEnabled } from '../outbox/mailer'
import { readSettings, RECEIPTS_HELD_REASON, receiptsHeld } from '../email/messages'
import { env } from '../env'
import { kickOutbox } from '../outbox/outbox'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody } from '../http/validate'
import { asStaff } from './crud'
import { findOr404 } from './findOr404'
import { adminContactMessage, adminSponsorApplication } from './shapes'

/** GET /api/admin/email-status: whether email is on, what waits in the outbox and why (the admin Overview). */
export type EmailStatus = {
  enabled: boolean
  pending: number
  held: number
  failed: number
  sent: number
  /** EMAIL_PER_HOUR: at most this many messages an hour (0: no limit), so the Overview can say how long the rest take. */
  perHour: number
  receiptsHeld: string | null
  problems: Array<{ id: string; kind: string; to: string | null; status: string; lastError: string | null; attempts: number }>
}

/** What volunteers do with the public forms' arrivals (docs/payments.md), and the email status of the Overview. */
export function inboxRouter(payload: Payload): Router {
  const router = Router()
  router.use(['/contact-messages', '/sponsor-applications', '/email-status'], requireAdmin)

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

  // Whether email is on, what waits in the outbox and why: shown on the admin Overview.
  router.get('/email-status', async (req, res) => {
    const count = async (...status: string[]) =>
      (await payload.count({ collection: 'email-outbox', where: { status: { in: status } }, ...asStaff(req) })).totalDocs
    const recent = await payload.find({
      collection: 'email-outbox',
      where: { status: { in: ['held', 'failed'] } },
      sort: '-updatedAt',
      limit: 20,
      depth: 0,
      ...asStaff(req),
    })
    res.json({
      enabled: emailEnabled,
      // A message a process has claimed and is handing to the mail server (`sending`) has not gone out yet.
      pending: await count('pending', 'sending'),
      held: await count('held'),
      failed: await count('failed'),
      sent: await count('sent'),
      perHour: env.EMAIL_PER_HOUR,
      receiptsHeld: receiptsHeld(await readSettings(payload)) ? RECEIPTS_HELD_REASON : null,
      problems: recent.docs.map((d) => ({
        id: d.id,
        kind: d.kind,
        to: d.to ?? null,
        status: d.status,
        lastError: d.lastError ?? null,
        attempts: d.attempts ?? 0,
      })),
    } satisfies EmailStatus)
  })

  return router
}
