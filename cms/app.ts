import express, { type Express, type RequestHandler } from 'express'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Payload } from 'payload'
import { adminRouter } from './api/admin'
import { authRouter } from './api/auth'
import { publicRouter } from './api/public'
import { isPageSlug } from '#shared/pages'
import { env } from './env'
import { apiNotFound, errorHandler, HttpError } from './http/errors'
import { requireAdmin, sameOriginWrites } from './http/session'
import { readPublicConfig } from './publicConfig'
import { securityConfig } from './security/config'
import { securityHeaders } from './security/headers'

export const siteDist = resolve(import.meta.dirname, '../site/dist')

/** The SPA's routes (SPEC §2; /admin is Payload's admin, cms/admin); any other path is answered 404 with the SPA's Page Not Found. */
const SPA_ROUTES = new Set(['/', '/donate', '/qr-donate', '/sponsor'])

/** `adminPanel`: Payload's admin and REST through Next (cms/admin/next.ts), mounted before the site. */
export function createApp(payload: Payload, adminPanel?: RequestHandler): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY ? parseTrustProxy(env.TRUST_PROXY) : false)
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
  app.use('/api', api)

  if (adminPanel) app.use(adminPanel)
  app.use(siteRoutes(payload))
  app.use(errorHandler((msg, err) => payload.logger.error({ msg, err })))
  return app
}

function siteRoutes(payload: Payload): express.Router {
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
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(new HttpError(405, 'Method not allowed'))
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path
    const found = SPA_ROUTES.has(path) || (await isPublishedPage(payload, path.slice(1)))
    res
      .status(found ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(indexHtml)
  })
  return router
}

/** A footer page an editor has published is a route of the site (cms/api/pages.ts). */
async function isPublishedPage(payload: Payload, slug: string): Promise<boolean> {
  if (!isPageSlug(slug)) return false
  const { totalDocs } = await payload.count({ collection: 'pages', where: { slug: { equals: slug } }, overrideAccess: false, user: null })
  return totalDocs > 0
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true
  if (value === 'false') return false
  return /^\d+$/.test(value) ? Number(value) : value
}
