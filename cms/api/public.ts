import { Router } from 'express'
import type { Payload } from 'payload'
import { renderSVG } from 'uqr'
import { inTransaction } from '../db/transaction'
import { enqueueEmail, kickOutbox } from '../email/outbox'
import { env } from '../env'
import { parseBody } from '../http/validate'
import { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
import { formsRateLimit, rejectHoneypot } from '../security/forms'
import { pagesRouter } from './pages'

/** What a visitor can read and send (docs/API.md, public endpoints). */
export function publicRouter(payload: Payload): Router {
  const router = Router()
  router.use(pagesRouter(payload))

  // GET /campaigns, /team, /games, /content and /schedule.ics: cms/site/render.ts (cached with the pages).

  router.post('/contact', formsRateLimit, rejectHoneypot, async (req, res) => {
    const data = parseBody(req, contactSchema)
    // The club's notice is queued with the message itself and sent after (cms/email/outbox.ts).
    const doc = await inTransaction(payload, null, async (tx) => {
      const message = await payload.create({ collection: 'contact-messages', data: { ...data, status: 'unread' }, req: tx })
      await enqueueEmail(payload, tx, { key: `contact-notice:${message.id}`, kind: 'contact-notice', recordId: String(message.id) })
      return message
    })
    kickOutbox()
    res.status(201).json({ id: doc.id, status: doc.status, createdAt: doc.createdAt })
  })

  router.post('/sponsors', formsRateLimit, rejectHoneypot, async (req, res) => {
    const data = parseBody(req, sponsorApplicationSchema)
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
