import { Router } from 'express'
import type { Payload } from 'payload'
import { isPageSlug, type PublicPage, type PublishedPages } from '#shared/pages'
import { richTextToSafeHtml } from '../content/richText'
import { HttpError } from '../http/errors'

/** The footer's content pages as a visitor sees them: published ones only (cms/collections/Pages.ts). */
export function pagesRouter(payload: Payload): Router {
  const router = Router()
  // Read as a visitor: the collection's access rule keeps drafts out.
  const asVisitor = { overrideAccess: false, user: null } as const

  router.get('/pages', async (_req, res) => {
    const { docs } = await payload.find({ collection: 'pages', pagination: false, depth: 0, select: { slug: true }, ...asVisitor })
    const body: PublishedPages = { slugs: docs.map((doc: any) => doc.slug).filter(isPageSlug) }
    res.json(body)
  })

  router.get('/pages/:slug', async (req, res) => {
    const slug = String(req.params.slug)
    if (!isPageSlug(slug)) throw new HttpError(404, 'Page not found')
    const { docs } = await payload.find({ collection: 'pages', where: { slug: { equals: slug } }, limit: 1, depth: 0, ...asVisitor })
    const doc = docs[0] as any
    if (!doc) throw new HttpError(404, 'Page not found')
    const body: PublicPage = { slug, title: doc.title, html: richTextToSafeHtml(doc.body) }
    res.json(body)
  })

  return router
}
