import express, { type Express } from 'express'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Payload } from 'payload'
import { adminRouter } from './api/admin'
import { authRouter } from './api/auth'
import { publicRouter } from './api/public'
import { auditRefusals } from './audit/refusals'
import { trustProxySetting } from './env'
import { apiNotFound, errorHandler, HttpError } from './http/errors'
import { requireAdmin, sameOriginWrites } from './http/session'
import { readPublicConfig } from './publicConfig'
import { stampClientAddress } from './security/clientAddress'
import { securityConfig } from './security/config'
import { securityHeaders } from './security/headers'

export const siteDist = resolve(import.meta.dirname, '../site/dist')

/** The SPA's routes (SPEC §2); any other path is answered 404 with the SPA's Page Not Found. */
const SPA_ROUTES = new Set(['/', '/donate', '/qr-donate', '/sponsor', '/admin'])

export function createApp(payload: Payload): Express {
  const app = express()
  app.disable('x-powered-by')
  // Only the proxy named in TRUST_PROXY may say who the visitor is (cms/env.ts).
  app.set('trust proxy', trustProxySetting())
  app.use(stampClientAddress)
  app.use(securityHeaders)

  const api = express.Router()
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
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
  api.use(auditRefusals(payload))
  app.use('/api', api)

  app.use(siteRoutes())
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
  const configBlock = `<script id="public-config" type="application/json">${JSON.stringify(readPublicConfig()).replace(/</g, '\\u003c')}</script>`
  const indexHtml = readFileSync(indexFile, 'utf8').replace('<!--public-config-->', configBlock)

  // Hashed assets never change: cache for a year.
  router.use('/assets', express.static(resolve(siteDist, 'assets'), { immutable: true, maxAge: '1y', index: false }))
  router.use(express.static(siteDist, { index: false, maxAge: '1h' }))
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(new HttpError(405, 'Method not allowed'))
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path
    res
      .status(SPA_ROUTES.has(path) ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(indexHtml)
  })
  return router
}
