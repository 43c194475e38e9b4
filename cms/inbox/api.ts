import { Router } from 'express'
import type { Payload } from 'payload'
import { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
import { parseBody } from '../http/validate'
import { sameOriginWrites } from '../security/csrf'
import { formsRateLimit, rejectHoneypot, submissionKeyOf } from '../security/forms'
import { storeContactMessage, storeSponsorApplication } from './arrivals'

/** POST /api/contact and /api/sponsors: what a visitor sends with the page's JavaScript (docs/API.md, public endpoints). */
export function inboxApi(payload: Payload): Router {
  const router = Router()
  // The same guards as the plain form posts of the same forms (./forms.ts).
  const guards = [sameOriginWrites(payload), formsRateLimit, rejectHoneypot]
  router.post('/contact', ...guards, async (req, res) => {
    const doc = await storeContactMessage(payload, parseBody(req, contactSchema), submissionKeyOf(req.body))
    res.status(201).json({ id: doc.id, status: doc.status, createdAt: doc.createdAt })
  })

  router.post('/sponsors', ...guards, async (req, res) => {
    const doc = await storeSponsorApplication(payload, parseBody(req, sponsorApplicationSchema), submissionKeyOf(req.body))
    res.status(201).json({ id: doc.id, status: doc.status, createdAt: doc.createdAt })
  })
  return router
}
