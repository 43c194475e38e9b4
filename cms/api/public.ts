import { Router } from 'express'
import type { Payload } from 'payload'
import { renderSVG } from 'uqr'
import { env } from '../env'
import { parseBody } from '../http/validate'
import { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
import { formsRateLimit, rejectHoneypot } from '../security/forms'

/** What a visitor can read and send (SPEC §7 "Public"). */
export function publicRouter(payload: Payload): Router {
  const router = Router()

  // GET /campaigns, /team, /games, /content and /schedule.ics: cms/site/render.ts (cached with the pages).

  router.post('/contact', formsRateLimit, rejectHoneypot, async (req, res) => {
    const data = parseBody(req, contactSchema)
    const doc = await payload.create({ collection: 'contact-messages', data: { ...data, status: 'unread' } })
    res.status(201).json({ id: doc.id, status: doc.status, createdAt: doc.createdAt })
  })

  router.post('/sponsors', formsRateLimit, rejectHoneypot, async (req, res) => {
    const data = parseBody(req, sponsorApplicationSchema)
    const doc = await payload.create({ collection: 'sponsor-applications', data: { ...data, status: 'pending' } })
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
