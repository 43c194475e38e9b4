import { Router } from 'express'
import type { Payload } from 'payload'
import { normalizeMoney } from '#shared/money'
import { APPLICATION_MOVES, canMove, CONTACT_MOVES, LEVEL_AMOUNTS } from '#shared/payments'
import { applicationStatusSchema, contactStatusSchema } from '#shared/schemas'
import { inTransaction } from '../db/transaction'
import { emailEnabled } from '../email/mailer'
import { findTier, readSettings, RECEIPTS_HELD_REASON, receiptsHeld } from '../email/messages'
import { kickOutbox } from '../email/outbox'
import { adminRoleOnly } from '../http/adminRoleOnly'
import { HttpError } from '../http/errors'
import { parseBody } from '../http/validate'
import { createMoneyRecord } from '../payments/ledger'
import { findOr404 } from './findOr404'
import { adminContactMessage, adminSponsorApplication } from './shapes'

/** GET /api/admin/email-status: whether email is on, what waits in the outbox and why (the admin Overview). */
export type EmailStatus = {
  enabled: boolean
  pending: number
  held: number
  failed: number
  sent: number
  receiptsHeld: string | null
  problems: Array<{ id: string; kind: string; to: string | null; status: string; lastError: string | null; attempts: number }>
}

/**
 * What volunteers do with the public forms' arrivals (docs/payments.md):
 * contact messages go unread → read → archived; sponsor applications are
 * approved (which creates the pending sponsorship at the tier's amount) or
 * declined. Any other move answers 409 and changes nothing.
 */
export function inboxRouter(payload: Payload): Router {
  const router = Router()
  router.use(['/contact-messages', '/sponsor-applications', '/email-status'], adminRoleOnly)

  router.put('/contact-messages/:id', async (req, res) => {
    const { status } = parseBody(req, contactStatusSchema)
    const doc = await inTransaction(payload, req.admin!, async (tx) => {
      const before = await findOr404(payload, tx, 'contact-messages', req.params.id as string, 'Contact message')
      if (!canMove(CONTACT_MOVES, before.status, status)) throw new HttpError(409, `A ${before.status} message cannot be marked ${status}`)
      return payload.update({ collection: 'contact-messages', id: before.id, data: { status }, depth: 0, req: tx, overrideAccess: false })
    })
    res.json(adminContactMessage(doc))
  })

  router.put('/sponsor-applications/:id', async (req, res) => {
    const { status } = parseBody(req, applicationStatusSchema)
    const result = await inTransaction(payload, req.admin!, async (tx) => {
      const before = await findOr404(payload, tx, 'sponsor-applications', req.params.id as string, 'Sponsor application')
      if (!canMove(APPLICATION_MOVES, before.status, status)) throw new HttpError(409, `A ${before.status} application cannot be ${status}`)
      const application = await payload.update({
        collection: 'sponsor-applications',
        id: before.id,
        data: { status },
        depth: 0,
        req: tx,
        overrideAccess: false,
      })
      if (status !== 'approved') return { application, sponsorship: null }
      const tier = await findTier(payload, before.sponsorshipLevel)
      const sponsorship = await createMoneyRecord(payload, tx, 'sponsorships', {
        sponsorName: before.contactName,
        sponsorEmail: before.contactEmail,
        sponsorCompany: before.companyName,
        tier: before.sponsorshipLevel,
        amount: normalizeMoney(tier?.amount ?? LEVEL_AMOUNTS[before.sponsorshipLevel as keyof typeof LEVEL_AMOUNTS]),
        benefits: Array.isArray(tier?.benefits) ? tier.benefits : null,
        website: before.companyWebsite ?? null,
        applicationId: before.id,
        status: 'pending',
      })
      return { application, sponsorship }
    })
    kickOutbox()
    res.json({ ...adminSponsorApplication(result.application), sponsorshipId: result.sponsorship?.id ?? null })
  })

  // Whether email is on, what waits in the outbox and why: shown on the admin Overview.
  router.get('/email-status', async (req, res) => {
    const count = async (status: string) =>
      (await payload.count({ collection: 'email-outbox', where: { status: { equals: status } }, user: req.admin, overrideAccess: false }))
        .totalDocs
    const recent = await payload.find({
      collection: 'email-outbox',
      where: { status: { in: ['held', 'failed'] } },
      sort: '-updatedAt',
      limit: 20,
      depth: 0,
      user: req.admin,
      overrideAccess: false,
    })
    res.json({
      enabled: emailEnabled,
      pending: await count('pending'),
      held: await count('held'),
      failed: await count('failed'),
      sent: await count('sent'),
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
