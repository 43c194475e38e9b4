import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Payload } from 'payload'
import {
  contentPageKey,
  normalizePath,
  PAGE_DATA,
  PAGE_QUERY,
  pageIdFor,
  PERSONAL_PAGES,
  PERSONAL_QUERY,
  PUBLIC_DATA,
  type PostedForm,
} from '#shared/publicPages'
import type { PublicCampaign } from '#shared/api'
import type { PublicPage, PublishedPages } from '#shared/pages'
import { env } from '../env'
import { HttpError } from '../http/errors'
import { sessionUser } from '../auth/sessionUser'
import { hasSessionCookie } from '../security/csrf'
import { allowFormAction, allowScripts, securityHeaderList } from '../security/headers'
import { cached, makeResponse, peekCached, remembered, sendCached, type CachedResponse } from './cache'
import { loadPageDraft } from './data'
import { publicFormPosts, type VisitorForm } from './forms'
import type { PublicData } from './publicData'
import { siteDist, type PageTemplate } from './template'
import { builtFiles } from './static'

const HTML_TYPE = 'text/html; charset=utf-8'

/**
 * Where a GET of `url` is cached: a page is the same for any query but the parameters and values it reads
 * (PAGE_QUERY: ?tier=bronze|silver|gold, ?sent=), so random query strings are served from the cache.
 */
const pageCacheEntry = remembered((url: string) => {
  const queryAt = url.indexOf('?')
  const path = normalizePath(queryAt === -1 ? url : url.slice(0, queryAt))
  const page = pageIdFor(path)
  const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt))
  const read = new URLSearchParams()
  for (const [key, values] of Object.entries(PAGE_QUERY[page] ?? {})) {
    const value = query.get(key)
    if (value !== null && values.includes(value)) read.set(key, value)
  }
  const search = read.size ? `?${read}` : ''
  // Answered by its domain's route alone, never from the cache: a personal page, or a page asked with a personal query
  // (a renewal link's /join?level=…).
  const personal = PERSONAL_PAGES.has(page) || (PERSONAL_QUERY[page] ?? []).some((name) => query.has(name))
  return { page, search, personal, key: `page:${page === 'notFound' ? '404' : path + search}` }
})

/**
 * Renders a personal page (cms/site/render.ts `PublicSite.renderPersonal`): a family's own data (`data`, by its
 * SWR key), for this request only, never cached, never indexed. `formAction`: another origin its forms may be
 * sent on to (Stripe's Checkout).
 */
export type PersonalRender = (
  req: Request,
  res: Response,
  page: { path: string; data?: Record<string, unknown>; status?: number; posted?: PostedForm; formAction?: string },
) => Promise<void>

export type PublicPages = {
  router: Router
  renderPersonal: PersonalRender
  /**
   * Answers a GET of a page already in the cache before Express sees it, with the headers Express would
   * have sent; false when it cannot. Never a 404 (its key is shared by every unknown path, static files
   * included) nor what a signed-in editor may see.
   */
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean
}

/**
 * The public HTML pages, rendered on the server from the built template
 * (cms/site/template.ts) and cached by path and the query values the page
 * reads; the built files beside them; the forms posted without JavaScript.
 */
export function pagesRouter(
  payload: Payload,
  data: PublicData,
  contentPage: (slug: string) => Promise<PublicPage | null>,
  template: PageTemplate | null,
  forms: readonly VisitorForm[],
): PublicPages {
  const router = express.Router()
  if (!template) {
    const unbuilt = (_req: Request, res: Response) => {
      res.status(503).type('text').send('The site has not been built yet: run `npm run build`.')
    }
    router.use(unbuilt)
    return { router, fastPath: () => false, renderPersonal: async (req, res) => unbuilt(req, res) }
  }
  const { config, ssr, scriptHashes, fill } = template
  const siteUrl = env.SERVER_URL

  const files = builtFiles(siteDist)
  router.use(files.router)

  /**
   * A page as the server renders it; with `posted`, around a refused form; with `draft`, a footer page's draft
   * as staff preview it (neither is cached: they hold what a visitor typed, or what visitors may not see yet).
   */
  const renderPage = async (
    path: string,
    search: string,
    posted?: PostedForm,
    draft?: PublicPage,
    personal?: Record<string, unknown>,
  ): Promise<CachedResponse> => {
    const page = pageIdFor(path)
    const url = path + search
    const { render, pageHead, jsonForHtml } = await ssr()
    const fallback: Record<string, unknown> = { ...personal }
    for (const key of PAGE_DATA[page]) fallback[PUBLIC_DATA[key]] = await data[key]()
    // A content page exists once an editor publishes it; until then its path is Page Not Found.
    const published = page === 'content' ? (draft ?? (await contentPage(path.slice(1)))) : null
    if (published) fallback[contentPageKey(path.slice(1))] = published
    // The browser takes a page whose slug is listed as shown (site/src/pages/ContentPage.tsx): the draft's is, for its preview.
    if (draft) {
      const { slugs } = fallback[PUBLIC_DATA.pages] as PublishedPages
      fallback[PUBLIC_DATA.pages] = { slugs: slugs.includes(draft.slug) ? slugs : [...slugs, draft.slug] }
    }
    const found = page === 'content' ? published !== null : page !== 'notFound'
    const text = await data.content()
    const social = [text['social/facebook'] || config.facebookUrl, text['social/instagram'] || config.instagramUrl].filter(Boolean)
    const head = pageHead({
      page: found ? page : 'notFound',
      title: published?.title,
      path,
      siteUrl,
      text,
      campaigns: fallback[PUBLIC_DATA.campaigns] as PublicCampaign[] | undefined,
      social,
    })
    const html = await fill({
      page,
      head,
      html: render(url, fallback, posted),
      data: `<script id="ssr-data" type="application/json">${jsonForHtml({ fallback, posted })}</script>`,
    })
    return makeResponse(found ? 200 : 404, HTML_TYPE, html)
  }
  const allowPageScripts = (res: Response) =>
    res.setHeader('Content-Security-Policy', allowScripts(String(res.getHeader('Content-Security-Policy') ?? ''), scriptHashes))

  const renderPersonal: PersonalRender = async (req, res, { path, data: personal = {}, status = 200, posted, formAction }) => {
    const entry = await renderPage(path, '', posted, undefined, personal)
    allowPageScripts(res)
    if (formAction)
      res.setHeader('Content-Security-Policy', allowFormAction(String(res.getHeader('Content-Security-Policy') ?? ''), formAction))
    res.setHeader('X-Robots-Tag', 'noindex')
    sendCached(req, res, { ...entry, status }, 'no-store')
  }

  // The visitors' forms without JavaScript, as the domains hand them (POST / and /sponsor: cms/inbox/forms.ts).
  router.use(
    publicFormPosts(
      payload,
      forms,
      async (req, res, path, posted, status) => {
        const entry = await renderPage(path, '', posted)
        allowPageScripts(res)
        sendCached(req, res, { ...entry, status }, 'no-store')
      },
      (msg, err) => payload.logger.error({ msg, err }),
    ),
  )

  // /admin is Payload's admin (cms/admin/next.ts), mounted before the site.
  router.use((req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(new HttpError(405, 'Method not allowed'))
    next()
  })

  router.use(async (req: Request, res: Response) => {
    const path = normalizePath(req.path)
    const page = pageIdFor(path)
    // Signed-in staff see a footer page's latest draft at its address (Payload's Preview button): never cached, never indexed.
    if (page === 'content' && hasSessionCookie(payload, req)) {
      const staff = await sessionUser(payload, req)
      const draft = staff ? await loadPageDraft(payload, path.slice(1), staff) : null
      if (draft) {
        allowPageScripts(res)
        res.setHeader('X-Robots-Tag', 'noindex')
        return sendCached(req, res, await renderPage(path, '', undefined, draft), 'no-store')
      }
    }
    const { key, search } = pageCacheEntry(req.url)
    // A personal page is answered by its domain's routes (a family's data, for that request alone), never from here.
    if (PERSONAL_PAGES.has(page)) return sendCached(req, res, await cached('page:404', () => renderPage('/404', '')))
    const entry = await cached(key, () => renderPage(path, search))
    allowPageScripts(res)
    sendCached(req, res, entry)
  })

  const pageHeaders = securityHeaderList(scriptHashes)
  const fastPath = (req: IncomingMessage, res: ServerResponse) => {
    if (files.fastPath(req, res)) return true
    if (req.method !== 'GET' || !req.url?.startsWith('/')) return false
    const { page, key, personal } = pageCacheEntry(req.url)
    if (page === 'notFound' || personal || (page === 'content' && hasSessionCookie(payload, req))) return false
    const entry = peekCached<CachedResponse>(key)
    if (!entry) return false
    sendCached(req, res, entry, undefined, pageHeaders)
    return true
  }
  return { router, fastPath, renderPersonal }
}
