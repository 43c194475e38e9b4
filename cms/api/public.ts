import { Router } from 'express'
import type { Payload } from 'payload'
import { renderSVG } from 'uqr'
import type { z } from 'zod'
import { inTransaction } from '../db/transaction'
import { enqueueEmail, kickOutbox } from '../email/outbox'
import { env } from '../env'
import { sameOriginWrites } from '../http/session'
import { parseBody } from '../http/validate'
import { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
import { formsRateLimit, rejectHoneypot } from '../security/forms'
import { pagesRouter } from '../site/pagesApi'

/**
 * Stores a visitor's message and queues the club's notice with it (sent after, cms/email/outbox.ts).
 * The one way a message is stored: POST /api/contact and the plain form post (cms/site/forms.ts).
 */
export async function storeContactMessage(payload: Payload, data: z.output<typeof contactSchema>) {
  const doc = await inTransaction(payload, null, async (tx) => {
    const message = await payload.create({ collection: 'contact-messages', data: { ...data, status: 'unread' }, req: tx })
    await enqueueEmail(payload, tx, { key: `contact-notice:${message.id}`, kind: 'contact-notice', recordId: String(message.id) })
    return message
  })
  kickOutbox()
  return doc
}

/** Stores a sponsor application with the club's notice and the applicant's confirmation; as storeContactMessage. */
export async function storeSponsorApplication(payload: Payload, data: z.output<typeof sponsorApplicationSchema>) {
  const doc = await inTransaction(payload, null, async (tx) => {
    const application = await payload.create({ collection: 'sponsor-applications', data: { ...data, status: 'pending' }, req: tx })
    const item = { recordId: String(application.id) }
    await enqueueEmail(payload, tx, { ...item, key: `application-notice:${application.id}`, kind: 'application-notice' })
    await enqueueEmail(payload, tx, {
      ...item,
      key: `application-confirmation:${application.id}`,
      kind: 'application-confirmation',
      to: data.contactEmail,
    })
    return application
  })
  kickOutbox()
  return doc
}

/** What a visitor can read and send (docs/API.md, public endpoints). */
export function publicRouter(payload: Payload): Router {
  const router = Router()
  router.use(pagesRouter(payload))

  // GET /campaigns, /team, /games, /content and /schedule.ics: cms/site/render.ts (cached with the pages).

  // The same guards as the plain form posts of the same forms (cms/site/forms.ts).
  const guards = [sameOriginWrites(payload), formsRateLimit, rejectHoneypot]
  router.post('/contact', ...guards, async (req, res) => {
    const doc = await storeContactMessage(payload, parseBody(req, contactSchema))
    res.status(201).json({ id: doc.id, status: doc.status, createdAt: doc.createdAt })
  })

  router.post('/sponsors', ...guards, async (req, res) => {
    const doc = await storeSponsorApplication(payload, parseBody(req, sponsorApplicationSchema))
    res.status(201).json({ id: doc.id, status: doc.status, createdAt: doc.createdAt })
  })

  // The quick-donation QR code, made here so the browser needs no QR library
  // and the link always carries the site's real public origin.
  const qrSvg = renderSVG(`${env.SERVER_URL}/qr-donate`, { border: 2 })
  router.get('/qr-donate.svg', (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=3600').send(qrSvg)
  })

  return router
}
