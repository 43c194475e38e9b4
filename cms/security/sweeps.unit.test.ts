import express from 'express'
import { describe, expect, it } from 'vitest'
import { allCollections as collections } from '../domains'
import { API_ROUTES, CMS_COLLECTIONS, sweptRoutes } from '../../testing/endpoints'
import { apiRoutes, routesOf } from '../../testing/routes'

/**
 * The access, CSRF, 401, fuzz, audit, GET-changes-nothing and backup sweeps are fed from the
 * routers (testing/routes.ts) and Payload's collections (testing/endpoints.ts): this is the
 * test that fails when a route or a collection is not covered by them.
 */
describe('the sweeps cover every route', () => {
  it('reads the routes from the routers, mounted routers and their paths included (positive control)', () => {
    const inner = express.Router()
    inner.get('/', (_req, res) => res.end())
    inner.put('/:id', (_req, res) => res.end())
    const app = express()
    app.use('/api', express.Router().use('/admin', express.Router().use('/things', inner)))
    expect(routesOf(app)).toEqual([
      { method: 'GET', path: '/api/admin/things' },
      { method: 'PUT', path: '/api/admin/things/:id' },
    ])
  })

  it('finds the routes of every router under /api', () => {
    const found = apiRoutes().map((r) => `${r.method} ${r.path}`)
    // One from each router file, so a walk that stopped early cannot pass.
    for (const route of [
      'GET /api/campaigns', // cms/site/render.ts
      'GET /api/pages/:slug', // cms/api/pages.ts
      'POST /api/contact', // cms/inbox/api.ts
      'POST /api/stripe/webhook', // cms/payments/webhook.ts
      'POST /api/admin/login', // cms/api/auth.ts
      'POST /api/admin/account/two-factor/start', // cms/api/twoFactor.ts
      'DELETE /api/admin/campaigns/:id', // cms/api/crud.ts
      'POST /api/admin/donations/:id/receipt', // cms/money/records.ts
      'POST /api/admin/donors/statements', // cms/money/donors.ts
      'PUT /api/admin/sponsor-applications/:id', // cms/inbox/adminApi.ts
      'GET /api/admin/summary', // cms/api/summary.ts
    ])
      expect(found).toContain(route)
  })

  it('has an entry (who may call it) for every route, and none for a route that is gone', () => {
    const routes = apiRoutes().map((r) => `${r.method} ${r.path}`)
    expect(
      routes.filter((r) => !(r in API_ROUTES)),
      'routes missing from API_ROUTES in testing/endpoints.ts',
    ).toEqual([])
    expect(
      Object.keys(API_ROUTES).filter((r) => !routes.includes(r)),
      'entries no router answers',
    ).toEqual([])
    expect(sweptRoutes()).toHaveLength(routes.length)
  })

  it('has every collection in the /cms-api sweeps', () => {
    const slugs = collections.map((c) => c.slug)
    expect(slugs.filter((s) => !(s in CMS_COLLECTIONS))).toEqual([])
    // The rest are Payload's own collections.
    expect(Object.keys(CMS_COLLECTIONS).filter((s) => !slugs.includes(s as never) && !s.startsWith('payload-'))).toEqual([])
  })
})
