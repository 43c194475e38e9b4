import { Router } from 'express'
import type { Payload } from 'payload'
import { membershipJoinSchema } from '#shared/schemas'
import { parseBody } from '../http/validate'
import { kickOutbox } from '../outbox/outbox'
import { sameOriginWrites } from '../security/csrf'
import { formsRateLimit, rejectHoneypot } from '../security/forms'
import { requestToJoin } from './join'
import { memberRouter } from './member'

/**
 * The membership's /api routes (docs/API.md "Memberships"): joining, and the members' own (./member.ts). The
 * levels on offer (GET /api/membership/levels) are a public list, answered and cached with the site's others
 * (cms/site/render.ts).
 */
export function membershipApi(payload: Payload): Router {
  const router = Router()
  // The same guards as the /join form posted without JavaScript (./pages.ts): same origin, rate limit, honeypot.
  router.post('/membership/join', sameOriginWrites(payload), formsRateLimit, rejectHoneypot, async (req, res) => {
    await requestToJoin(payload, parseBody(req, membershipJoinSchema))
    kickOutbox()
    // The same answer for every address: nothing here tells whether a family is a member.
    res.status(202).json({ status: 'check-email' })
  })
  router.use(memberRouter(payload))
  return router
}
