import { Router } from 'express'
import type { Payload } from 'payload'
import { pagesRouter } from '../site/pagesApi'
import { qrCode } from '../site/qrCode'

/** What a visitor can read besides the cached lists (docs/API.md, public endpoints); what they send is the domains' (cms/inbox/api.ts). */
export function publicRouter(payload: Payload): Router {
  const router = Router()
  // GET /pages/:slug: the public read side answers it (cms/site/pagesApi.ts).
  router.use(pagesRouter(payload))

  // GET /campaigns, /team, /games, /content, /pages and /schedule.ics: cms/site/render.ts (cached with the pages).

  router.get('/qr-donate.svg', (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=3600').send(qrCode())
  })

  return router
}
