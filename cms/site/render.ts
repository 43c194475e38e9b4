import Beasties from 'beasties'
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Payload } from 'payload'
import type { PublicConfig } from '#shared/publicConfig'
import type { PublishedPages } from '#shared/pages'
import {
  contentPageKey,
  normalizePath,
  PAGE_DATA,
  PAGE_PATHS,
  PAGE_QUERY,
  pageIdFor,
  PUBLIC_DATA,
  type PageId,
  type PostedForm,
  type PublicDataKey,
} from '#shared/publicPages'
import type { SiteText } from '#shared/siteContent'
import { env } from '../env'
import { HttpError } from '../http/errors'
import { repoRoot } from '../paths'
import { readPublicConfig } from '../publicConfig'
import { allowScripts, inlineScriptHashes, securityHeaders } from '../security/headers'
import { cached, makeResponse, peekCached, preferredEncoding, sendCached, type CachedResponse } from './cache'
import { scheduleCalendar } from './calendar'
import { readSponsorWall } from './sponsorWall'
import { publicFormPosts } from './forms'
import { loadCampaigns, loadGames, loadPublicPage, loadPublishedPages, loadSchedule, loadSiteText, loadTeam } from './data'

/** The browser build (index.html, hashed assets, .br/.gz twins) and the server-rendering build. */
export const siteDist = resolve(repoRoot, 'site/dist')
const ssrEntry = resolve(repoRoot, 'site/dist-server/entry-server.js')

type SsrModule = {
  configure: (config: PublicConfig) => void
  render: (url: string, fallback: Record<string, unknown>, posted?: PostedForm) => string
  pageHead: (input: {
    page: PageId
    path: string
    siteUrl: string
    text: SiteText
    campaigns?: unknown[]
    social: string[]
    title?: string
  }) => string
  jsonForHtml: (value: unknown) => string
}

const JSON_TYPE = 'application/json; charset=utf-8'
const HTML_TYPE = 'text/html; charset=utf-8'

/**
 * The public site, rendered on the server from the CMS (docs/SCALING.md):
 * `api` answers the public lists and the calendar feed, `pages` the HTML
 * pages, robots.txt, sitemap.xml and the static files. Pages, lists and the
 * data behind them are cached in memory until public data changes.
 */
export type PublicSite = {
  api: Router
  pages: Router
  /** Answers a GET of a cached public list before Express sees it; false when it cannot. */
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean
}

export function publicSite(payload: Payload): PublicSite {
  const data: Record<PublicDataKey, () => Promise<unknown>> = {
    campaigns: () => cached('data:campaigns', () => loadCampaigns(payload)),
    team: () => cached('data:team', () => loadTeam(payload)),
    schedule: () => cached('data:schedule', () => loadSchedule(payload)),
    content: () => cached('data:content', () => loadSiteText(payload)),
    sponsorWall: () => cached('data:sponsorWall', () => readSponsorWall(payload)),
    pages: () => cached('data:pages', () => loadPublishedPages(payload)),
  }
  const siteText = () => data.content() as Promise<SiteText>

  const api = express.Router()
  for (const [key, path] of Object.entries(PUBLIC_DATA) as [PublicDataKey, string][]) {
    api.get(path, async (req, res) => {
      const entry = await cached(`api:${key}`, async () => makeResponse(200, JSON_TYPE, JSON.stringify(await data[key]())))
      sendCached(req, res, entry)
    })
  }
  api.get('/api/schedule.ics', async (req, res) => {
    const entry = await cached('api:ics', async () =>
      makeResponse(
        200,
        'text/calendar; charset=utf-8',
        scheduleCalendar(await loadGames(payload), (await siteText())['organization/legalName']),
      ),
    )
    res.setHeader('Content-Disposition', 'inline; filename="lady-hawks-schedule.ics"')
    sendCached(req, res, entry)
  })

  // The public lists are the hottest requests: once cached, they skip Express's
  // routing and middleware (the security headers are computed once, by the same helmet config).
  const headers = precomputedHeaders(securityHeaders)
  const paths = new Map<string, string>(Object.entries(PUBLIC_DATA).map(([key, path]) => [path, `api:${key}`]))
  const fastPath = (req: IncomingMessage, res: ServerResponse) => {
    const key = req.method === 'GET' ? paths.get(req.url ?? '') : undefined
    const entry = key ? peekCached<CachedResponse>(key) : undefined
    if (!entry) return false
    for (const [name, value] of headers) res.setHeader(name, value)
    sendCached(req, res, entry)
    return true
  }

  const contentPage = (slug: string) => cached(`data:page:${slug}`, () => loadPublicPage(payload, slug))
  return { api, pages: pagesRouter(payload, data, siteText, contentPage), fastPath }
}

/** The headers a middleware sets on every response, captured once. */
function precomputedHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>()
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  }
  middleware({ headers: {}, method: 'GET', url: '/' } as Request, res as unknown as Response, () => undefined)
  return [...headers]
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

function pagesRouter(
  payload: Payload,
  data: Record<PublicDataKey, () => Promise<unknown>>,
  siteText: () => Promise<SiteText>,
  contentPage: (slug: string) => Promise<{ title: string } | null>,
): Router {
  const router = express.Router()
  const indexFile = resolve(siteDist, 'index.html')
  if (!existsSync(indexFile) || !existsSync(ssrEntry)) {
    router.use((_req, res) => {
      res.status(503).type('text').send('The site has not been built yet: run `npm run build`.')
    })
    return router
  }

  const config = readPublicConfig()
  const manifest = JSON.parse(readFileSync(resolve(siteDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >
  const styles = manifest['index.html'].css?.[0]
  const template = readFileSync(indexFile, 'utf8')
    .replace(
      '<!--public-config-->',
      `<meta name="app-entry" content="/${manifest['src/main.tsx'].file}" />\n    ` +
        (styles ? `<meta name="app-styles" content="/${styles}" />\n    ` : '') +
        `<script id="public-config" type="application/json">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`,
    )
    // Nothing is requested before the first paint: the page's styles and its one small
    // script (src/boot.ts) are inline; the page's CSP allows the script by its hash (scriptHashes).
    .replace(
      /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/,
      (_tag, file: string) => `<style>${readFileSync(resolve(siteDist, file), 'utf8')}</style>`,
    )
    .replace(
      /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/,
      (_tag, file: string) => `<script type="module">${readFileSync(resolve(siteDist, file), 'utf8').trim()}</script>`,
    )
  const ssr: Promise<SsrModule> = import(pathToFileURL(ssrEntry).href).then((module: SsrModule) => {
    module.configure(config)
    return module
  })
  const scriptHashes = inlineScriptHashes(template)
  const siteUrl = env.SERVER_URL

  router.use(precompressedStatic(siteDist))
  // Hashed assets never change: cache for a year.
  router.use('/assets', express.static(resolve(siteDist, 'assets'), { immutable: true, maxAge: '1y', index: false }))
  const files = express.static(siteDist, { index: false, maxAge: '1h' })
  // The page template is never sent as it is.
  router.use((req, res, next) => (req.path === '/index.html' ? next() : files(req, res, next)))

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
      const { slugs } = (await data.pages()) as PublishedPages
      const urls = [...Object.keys(PAGE_PATHS), ...slugs.map((slug) => `/${slug}`)].map(
        (path) => `  <url><loc>${siteUrl}${path}</loc></url>`,
      )
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
      return makeResponse(200, 'application/xml; charset=utf-8', xml)
    })
    sendCached(req, res, entry)
  })

  /** A page as the server renders it; with `posted`, around a refused form (never cached: it holds what a visitor typed). */
  const renderPage = async (path: string, search: string, posted?: PostedForm): Promise<CachedResponse> => {
    const page = pageIdFor(path)
    const url = path + search
    const { render, pageHead, jsonForHtml } = await ssr
    const fallback: Record<string, unknown> = {}
    for (const key of PAGE_DATA[page]) fallback[PUBLIC_DATA[key]] = await data[key]()
    // A content page exists once an editor publishes it; until then its path is Page Not Found.
    const published = page === 'content' ? await contentPage(path.slice(1)) : null
    if (published) fallback[contentPageKey(path.slice(1))] = published
    const found = page === 'content' ? published !== null : page !== 'notFound'
    const text = await siteText()
    const social = [text['social/facebook'] || config.facebookUrl, text['social/instagram'] || config.instagramUrl].filter(Boolean)
    const head = pageHead({
      page: found ? page : 'notFound',
      title: published?.title,
      path,
      siteUrl,
      text,
      campaigns: fallback[PUBLIC_DATA.campaigns] as unknown[] | undefined,
      social,
    })
    const html = fill(template, {
      head,
      html: render(url, fallback, posted),
      data: `<script id="ssr-data" type="application/json">${jsonForHtml({ fallback, posted })}</script>`,
    })
    return makeResponse(found ? 200 : 404, HTML_TYPE, await withCriticalStyles(html))
  }
  const allowPageScripts = (res: Response) =>
    res.setHeader('Content-Security-Policy', allowScripts(String(res.getHeader('Content-Security-Policy') ?? ''), scriptHashes))

  // The public forms without JavaScript: POST / (contact) and POST /sponsor (cms/site/forms.ts).
  router.use(
    publicFormPosts(
      payload,
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
    // A page is the same for any query but the parameters and values it reads (PAGE_QUERY: ?tier=bronze|silver|gold, ?sent=),
    // cached by those alone: random query strings are served from the cache.
    const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '')
    const read = new URLSearchParams()
    for (const [key, values] of Object.entries(PAGE_QUERY[page] ?? {})) {
      const value = query.get(key)
      if (value !== null && values.includes(value)) read.set(key, value)
    }
    const search = read.size ? `?${read}` : ''
    const entry = await cached(`page:${page === 'notFound' ? '404' : path + search}`, () => renderPage(path, search))
    allowPageScripts(res)
    sendCached(req, res, entry)
  })
  return router
}

const criticalStyles = new Beasties({
  external: false,
  reduceInlineStyles: true,
  keyframes: 'critical',
  fonts: false,
  logLevel: 'warn',
  // Beasties strips a selector's pseudo-classes before matching it against the page, which empties one made of a
  // single :where()/:is() (Tailwind's space-y-*, preflight): kept whole, or list items lose their spacing until
  // the full stylesheet arrives (e2e/public-ssr.test.ts, "styles each page at once as the full stylesheet does").
  // An open <details> (the mobile menu) is a state the server's HTML never has, but a tap before the full
  // stylesheet arrives gives it (e2e/public-nojs.test.ts).
  allowRules: [/^:(where|is)\(/, /\[open\]/],
})
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/

/**
 * The page's inline styles cut to the rules its HTML uses (Beasties), so the
 * whole page arrives in the first round trip; the full stylesheet follows
 * after the first paint (src/boot.ts), for what scripts open later (menus,
 * dialogs, toasts). Only the style block is taken from Beasties' output: the
 * page's markup is sent exactly as React rendered it.
 */
async function withCriticalStyles(html: string): Promise<string> {
  const critical = (await criticalStyles.process(html)).match(INLINE_STYLE)?.[1]
  return critical === undefined ? html : html.replace(INLINE_STYLE, () => `<style>${critical}</style>`)
}

function fill(template: string, parts: { head: string; html: string; data: string }): string {
  return template
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--ssr-data-->', () => parts.data)
}

/**
 * Static files built with brotli and gzip twins (scripts/build.mjs) are sent
 * compressed when the browser accepts it; express.static then serves the twin
 * with the original's type, which is set here first.
 */
function precompressedStatic(root: string) {
  const twins = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.br'))
        twins.add(
          '/' +
            full
              .slice(root.length + 1, -3)
              .split('\\')
              .join('/'),
        )
    }
  }
  walk(root)
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !twins.has(req.path)) return next()
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    res.vary('Accept-Encoding')
    if (!encoding) return next()
    res.type(req.path.slice(req.path.lastIndexOf('.')))
    res.setHeader('Content-Encoding', encoding)
    req.url = `${req.path}.${encoding === 'br' ? 'br' : 'gz'}`
    next()
  }
}
