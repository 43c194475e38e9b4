/**
 * The public pages and the data each one shows. The server renders a page
 * with exactly this data and hands it to the browser, whose SWR hooks read it
 * under the same keys (the public API paths), so nothing is fetched twice.
 */
export const PUBLIC_DATA = {
  campaigns: '/api/campaigns',
  team: '/api/team',
  schedule: '/api/games',
  content: '/api/content',
  sponsorWall: '/api/sponsor-wall',
} as const

export type PublicDataKey = keyof typeof PUBLIC_DATA

export type PageId = 'home' | 'donate' | 'qrDonate' | 'sponsor' | 'notFound'

export const PAGE_PATHS: Record<string, PageId> = {
  '/': 'home',
  '/donate': 'donate',
  '/qr-donate': 'qrDonate',
  '/sponsor': 'sponsor',
}

export const PAGE_DATA: Record<PageId, PublicDataKey[]> = {
  home: ['campaigns', 'team', 'schedule', 'content', 'sponsorWall'],
  donate: ['campaigns', 'content'],
  qrDonate: ['content'],
  sponsor: ['content'],
  notFound: ['content'],
}

/** "/donate/" and "/donate" are the same page. */
export const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname)

export const pageIdFor = (pathname: string): PageId => PAGE_PATHS[normalizePath(pathname)] ?? 'notFound'

/** What the server writes into the page for the browser (JSON block #ssr-data). */
export type RenderedData = { fallback: Record<string, unknown> }
