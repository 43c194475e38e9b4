import { Router } from 'express'
import type { Payload } from 'payload'
import { sameOriginWrites } from '../security/csrf'
import { parseBody } from '../http/validate'
import { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
import { formsRateLimit, rejectHoneypot } from '../security/forms'
import { storeContactMessage, storeSponsorApplication } from '../inbox/arrivals'
import { submissionKeyOf } from '../inbox/duplicates'
import { pagesRouter } from '../site/pagesApi'
import { qrCode } from '../site/qrCode'

/** What a visitor can read and send (docs/API.md, public endpoints). */
export function publicRouter(payload: Payload): Router {
  const router = Router()
  // GET /pages/:slug: the public read side answers it (cms/site/pagesApi.ts).
  router.use(pagesRouter(payload))

  // GET /campaigns, /team, /games, /content, /pages and /schedule.ics: cms/site/render.ts (cached with the pages).

  // The same guards as the plain form posts of the same forms (cms/site/forms.ts).
  const guards = [sameOriginWrites(payload), formsRateLimit, rejectHoneypot]
  router.post('/contact', ...guards, async (req, res) => {
    const doc = await storeContactMessage(payload, parseBody(req, contactSchema), submissionKeyOf(req.body))
    res.status(201).json({ id: doc.id, status: doc.status, createdAt: doc.createdAt })
  })

  router.post('/sponsors', ...guards, async (req, res) => {
    const doc = await storeSponsorApplication(payload, parseBody(req, sponsorApplicationSchema), submissionKeyOf(req.body))
    res.status(201).json({ id: doc.id, status: doc.status, createdAt: doc.createdAt })
  })

  router.get('/qr-donate.svg', (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=3600').send(qrCode())
  })

  return router
}
