import express, { type Express, type Request, type Router } from 'express'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Payload } from 'payload'
import { PUBLIC_DATA, type PublicDataKey } from '#shared/publicPages'
import type { PageSlug } from '#shared/pages'
import { onPublicChange } from '../collections/publicChanges'
import { linkedMediaFiles, registerPublicMediaRule } from '../collections/publicMedia'
import { securityHeaderList } from '../security/headers'
import { cached, invalidatePublicCache, makeResponse, peekCached, sendCached, type CachedResponse } from './cache'
import { loadPublicPage, loadPublishedPages } from './data'
import { feedsRouter } from './feeds'
import type { VisitorForm } from './forms'
import { pagesRouter, type PersonalRender } from './pages'
import { siteLoaders, type DomainDataKey, type Loader, type PublicData } from './publicData'
import { loadTemplate } from './template'

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * What the domains add to the public site (cms/domains.ts): their lists, the footer entries their pages take over,
 * their sections' data on another domain's personal page (the volunteers' hours on /member) and their visitors' forms.
 */
export type SiteExtensions = {
  loaders: Record<DomainDataKey, Loader>
  /** The footer slugs a domain's page stands for while it is open, e.g. `join-booster-club` → /join. */
  footerLinks: (payload: Payload) => Promise<Partial<Record<PageSlug, string>>>
  /** The data (by SWR key) the domains' sections of the personal page at `path` show, for this request. */
  personalData: (payload: Payload, req: Request, path: string) => Promise<Record<string, unknown>>
  /** The visitors' forms posted to their pages without JavaScript (the contact and sponsor forms). */
  forms: readonly VisitorForm[]
}

/**
 * The public site, rendered on the server from the CMS (docs/SCALING.md):
 * `api` answers the public lists and the feeds (cms/site/feeds.ts), `pages`
 * the HTML pages and the static files (cms/site/pages.ts). Pages, lists and
 * the data behind them are cached in memory until public data changes.
 */
export type PublicSite = {
  api: Router
  pages: Router
  /** Answers a GET of a cached public list or page before Express sees it; false when it cannot. */
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean
  /** Renders a personal page (a family's own, never cached): the domains' page routes call it. */
  renderPersonal: PersonalRender
}

/** `builtSite: false` (`npm run dev`, where Vite serves the pages and files): only the lists take the fast path. */
export function publicSite(payload: Payload, extensions: SiteExtensions, { builtSite = true } = {}): PublicSite {
  // A public record changed in this process (cms/collections/publicChanges.ts): drop the cache at once.
  onPublicChange(invalidatePublicCache)
  const loaders: Record<PublicDataKey, Loader> = {
    ...siteLoaders,
    ...extensions.loaders,
    // The footer's links a domain took over, only when there are any (an empty database answers as the spec's site).
    pages: async (p) => {
      const links = await extensions.footerLinks(p)
      return { ...(await loadPublishedPages(p)), ...(Object.keys(links).length > 0 ? { links } : {}) }
    },
  }
  const data = {} as Record<PublicDataKey, () => Promise<unknown>>
  for (const key of Object.keys(loaders) as PublicDataKey[]) data[key] = () => cached<unknown>(`data:${key}`, () => loaders[key](payload))

  const api = express.Router()
  for (const [key, path] of Object.entries(PUBLIC_DATA) as [PublicDataKey, string][]) {
    api.get(path, async (req, res) => {
      const entry = await cached(`api:${key}`, async () => makeResponse(200, JSON_TYPE, JSON.stringify(await data[key]())))
      sendCached(req, res, entry)
    })
  }
  api.use(feedsRouter(payload, data as PublicData))

  const contentPage = (slug: string) => cached(`data:page:${slug}`, () => loadPublicPage(payload, slug))
  const pages = pagesRouter(payload, data as PublicData, contentPage, loadTemplate(), extensions.forms)

  // The public lists and pages are the hottest requests: once cached, they skip Express's
  // routing and middleware (the security headers are computed once, by the same helmet config).
  const headers = securityHeaderList()
  const paths = new Map<string, string>(Object.entries(PUBLIC_DATA).map(([key, path]) => [path, `api:${key}`]))
  const fastPath = (req: IncomingMessage, res: ServerResponse) => {
    const key = req.method === 'GET' ? paths.get(req.url ?? '') : undefined
    const entry = key ? peekCached<CachedResponse>(key) : undefined
    if (!entry) return builtSite && pages.fastPath(req, res)
    sendCached(req, res, entry, undefined, headers)
    return true
  }

  // The site's media read rule, owner by owner (the domains register theirs): each campaign's image, each logo on the
  // sponsor wall, the coach's photo (the one site text shown as an image) and the images of the published footer
  // pages. Kept with the cached lists and pages it reads, until a public change.
  const site = data as PublicData
  registerPublicMediaRule('site', () =>
    cached('data:publicMedia', async () => {
      const { slugs } = await site.pages()
      const shown = [
        ...(await site.campaigns()).map((campaign) => campaign.imageUrl),
        ...(await site.sponsorWall()).flatMap((level) => level.sponsors.map((sponsor) => sponsor.logoUrl)),
        (await site.content())['coach/photo'],
        ...(await Promise.all(slugs.map(contentPage))).map((page) => page?.html),
      ]
      return shown.flatMap((url) => (url ? linkedMediaFiles(url) : []))
    }),
  )
  // A personal page carries the data of the other domains' sections on it besides its own.
  const renderPersonal: PersonalRender = async (req, res, page) =>
    pages.renderPersonal(req, res, { ...page, data: { ...(await extensions.personalData(payload, req, page.path)), ...page.data } })
  return { api, pages: pages.router, fastPath, renderPersonal }
}

/**
 * The server's request listener: the cached public lists first, then the app.
 * `createApp` keeps the site on `app.locals.publicSite`.
 */
export function withFastPath(app: Express): (req: IncomingMessage, res: ServerResponse) => void {
  const site = app.locals.publicSite as PublicSite | undefined
  return (req, res) => {
    if (!site?.fastPath(req, res)) app(req, res)
  }
}
