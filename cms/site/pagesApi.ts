import { Router } from 'express'
import type { Payload } from 'payload'
import { HttpError } from '../http/errors'
import { loadPublicPage } from './data'

/**
 * GET /api/pages/:slug: one footer page as a visitor sees it, published only
 * (cms/content/collections/Pages.ts). The list of published slugs, GET /api/pages, is
 * answered with the cached public lists (cms/site/render.ts).
 */
export function pagesRouter(payload: Payload): Router {
  const router = Router()
  router.get('/pages/:slug', async (req, res) => {
    const page = await loadPublicPage(payload, String(req.params.slug))
    if (!page) throw new HttpError(404, 'Page not found')
    res.json(page)
  })
  return router
}
