import express, { type Router } from 'express'
import type { Payload } from 'payload'
import type { PublishedPages } from '#shared/pages'
import { OPENED_PAGES, PAGE_PATHS, PERSONAL_PAGES } from '#shared/publicPages'
import { env } from '../env'
import { cached, makeResponse, sendCached } from './cache'
import { scheduleCalendar } from './calendar'
import { loadGames } from './data'
import type { PublicData } from './publicData'

/**
 * What other programs read: the schedule as a calendar feed (GET
 * /api/schedule.ics), robots.txt and sitemap.xml, cached with the pages.
 */
export function feedsRouter(payload: Payload, data: PublicData): Router {
  const router = express.Router()
  const siteUrl = env.SERVER_URL
  router.get('/api/schedule.ics', async (req, res) => {
    const entry = await cached('api:ics', async () =>
      makeResponse(
        200,
        'text/calendar; charset=utf-8',
        scheduleCalendar(await loadGames(payload), (await data.content())['organization/legalName']),
      ),
    )
    res.setHeader('Content-Disposition', 'inline; filename="lady-hawks-schedule.ics"')
    sendCached(req, res, entry)
  })
  router.get('/robots.txt', async (req, res) => {
    const entry = await cached('robots', async () =>
      makeResponse(
        200,
        'text/plain; charset=utf-8',
        `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
      ),
    )
    sendCached(req, res, entry)
  })
  router.get('/sitemap.xml', async (req, res) => {
    const entry = await cached('sitemap', async () => {
      const { slugs, links = {} }: PublishedPages = await data.pages()
      // Not a family's own pages, and a domain's only while the footer links it (/join while a season is open).
      const listed = Object.keys(PAGE_PATHS).filter((path) => !PERSONAL_PAGES.has(PAGE_PATHS[path]) && !OPENED_PAGES.has(PAGE_PATHS[path]))
      const urls = [...listed, ...Object.values(links), ...slugs.map((slug) => `/${slug}`)].map(
        (path) => `  <url><loc>${siteUrl}${path}</loc></url>`,
      )
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
      return makeResponse(200, 'application/xml; charset=utf-8', xml)
    })
    sendCached(req, res, entry)
  })
  return router
}
