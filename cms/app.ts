import compression from 'compression'
import express, { type Express, type RequestHandler } from 'express'
import type { Payload } from 'payload'
import { adminRouter } from './api/admin'
import { domains, siteExtensions } from './domains'
import { authRouter } from './api/auth'
import { publicRouter } from './api/public'
import { auditRefusals } from './audit/refusals'
import { registerPublicMediaRule } from './collections/publicMedia'
import { trustProxySetting } from './env'
import { apiNotFound, errorHandler, HttpError } from './http/errors'
import { healthCheck } from './http/health'
import { refuseWritesWhileStorageFails } from './http/storage'
import { requireStaff } from './auth/sessionUser'
import { stripeWebhookRouter } from './payments/webhook'
import { refuseTokenHeaders } from './security/cmsApi'
import { stampClientAddress } from './security/clientAddress'
import { securityConfig } from './security/config'
import { sameOriginWrites } from './security/csrf'
import { securityHeaders } from './security/headers'
import { publicSite } from './site/render'

export type AppOptions = {
  /** Serves the site instead of the production build: `npm run dev` passes Vite's dev server (cms/dev/viteDev.ts). */
  site?: express.Handler
  /** Payload's admin and REST through Next (cms/admin/next.ts), mounted before the site. */
  adminPanel?: RequestHandler
}

export function createApp(payload: Payload, options: AppOptions = {}): Express {
  const app = express()
  app.disable('x-powered-by')
  // Only the proxy named in TRUST_PROXY may say who the visitor is (cms/env.ts).
  app.set('trust proxy', trustProxySetting())
  app.use(stampClientAddress)
  app.use(securityHeaders)
  app.use(refuseTokenHeaders)
  app.get('/healthz', healthCheck(payload))
  // A full or read-only disk: every write answered 503 with the reason before anything is written (cms/http/storage.ts).
  app.use(refuseWritesWhileStorageFails)
  // Public pages and lists come from an in-memory cache, already compressed (cms/site/render.ts).
  const site = publicSite(payload, siteExtensions, { builtSite: !options.site })
  app.locals.publicSite = site
  // Which photos a visitor may read: besides the site's own lists and pages, each domain's rule (cms/collections/publicMedia.ts).
  for (const domain of domains) if (domain.publicMedia) registerPublicMediaRule(domain.name, domain.publicMedia)
  app.use(site.api)
  // Next compresses its own answers.
  if (options.adminPanel) app.use(options.adminPanel)
  app.use(compression())

  const api = express.Router()
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  // Before the JSON parser: Stripe's signature covers the raw body.
  api.use(stripeWebhookRouter(payload))
  api.use(express.json({ limit: securityConfig.maxBodyBytes, strict: true }))
  api.use((req, _res, next) => {
    // A body that is not JSON would otherwise arrive as "nothing" and read as missing fields.
    if (req.body === undefined && Number(req.headers['content-length'] ?? 0) > 0 && !req.is('application/json')) {
      return next(new HttpError(415, 'Send the request body as JSON (Content-Type: application/json)'))
    }
    // A list or a bare value is no request's body: refused here for every route, those that read none included.
    if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))) {
      return next(new HttpError(400, 'Request body must be a JSON object'))
    }
    next()
  })
  api.use('/admin', sameOriginWrites(payload), authRouter(payload))
  api.use(
    '/admin',
    requireStaff(payload),
    adminRouter(
      payload,
      domains.flatMap((d) => d.adminApi?.(payload) ?? []),
    ),
  )
  api.use(publicRouter(payload))
  for (const domain of domains) if (domain.api) api.use(domain.api(payload))
  api.use(apiNotFound)
  api.use(auditRefusals(payload))
  app.use('/api', api)

  for (const domain of domains) if (domain.pages) app.use(domain.pages(payload, site.renderPersonal))
  app.use(options.site ?? site.pages)
  app.use(errorHandler(() => payload.logger))
  return app
}
