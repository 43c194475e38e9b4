import express, { type Express } from 'express'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Payload } from 'payload'
import { adminRouter } from './api/admin'
import { authRouter } from './api/auth'
import { publicRouter } from './api/public'
import { stripeWebhookRouter } from './payments/webhook'
import { env } from './env'
import { apiNotFound, errorHandler, HttpError } from './http/errors'
import { requireAdmin, sameOriginWrites } from './http/session'
import { readPublicConfig } from './publicConfig'
import { securityConfig } from './security/config'
import { securityHeaders } from './security/headers'

export const siteDist = resolve(import.meta.dirname, '../site/dist')

/** The SPA's routes (docs/PRODUCT.md, Routes); any other path is answered 404 with the SPA's Page Not Found. */
const SPA_ROUTES = new Set(['/', '/donate', '/qr-donate', '/sponsor', '/admin'])

export type AppOptions = {
  /** Serves the site instead of the production build: `npm run dev` passes Vite's dev server (cms/dev/viteDev.ts). */
  site?: express.Handler
}

export function createApp(payload: Payload, options: AppOptions = {}): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY ? parseTrustProxy(env.TRUST_PROXY) : false)
  app.use(securityHeaders)

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
    next()
  })
  api.use('/admin', sameOriginWrites(payload), authRouter(payload))
  api.use('/admin', requireAdmin(payload), adminRouter(payload))
  api.use(publicRouter(payload))
  api.use(apiNotFound)
  app.use('/api', api)

  app.use(options.site ?? siteRoutes())
  app.use(errorHandler((msg, err) => payload.logger.error({ msg, err })))
  return app
}

function siteRoutes(): express.Router {
  const router = express.Router()
  const indexFile = resolve(siteDist, 'index.html')
  if (!existsSync(indexFile)) {
    router.use((_req, res) => {
      res.status(503).type('text').send('The site has not been built yet: run `npm run build`.')
    })
    return router
  }
  const indexHtml = withPublicConfig(readFileSync(indexFile, 'utf8'))

  // Hashed assets never change: cache for a year.
  router.use('/assets', express.static(resolve(siteDist, 'assets'), { immutable: true, maxAge: '1y', index: false }))
  router.use(express.static(siteDist, { index: false, maxAge: '1h' }))
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(new HttpError(405, 'Method not allowed'))
    res
      .status(spaStatus(req.path))
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(indexHtml)
  })
  return router
}

/** index.html with the browser's settings (cms/publicConfig.ts) in place of its <!--public-config--> marker. */
export function withPublicConfig(html: string): string {
  const json = JSON.stringify(readPublicConfig()).replace(/</g, '\\u003c')
  return html.replace('<!--public-config-->', `<script id="public-config" type="application/json">${json}</script>`)
}

/** 200 for the SPA's routes (a trailing slash allowed), 404 for any other path: the SPA then shows Page Not Found. */
export function spaStatus(path: string): 200 | 404 {
  return SPA_ROUTES.has(path.length > 1 ? path.replace(/\/+$/, '') : path) ? 200 : 404
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true
  if (value === 'false') return false
  return /^\d+$/.test(value) ? Number(value) : value
}
