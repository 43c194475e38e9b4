import { SPONSORSHIP_LEVELS } from './payments'
import { isPageSlug } from './pages'

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
  /** The offered sponsorship levels from their tier records (shared/tiers.ts). */
  tiers: '/api/sponsorship-tiers',
  /** The footer pages an editor has published (shared/pages.ts): the footer links them. */
  pages: '/api/pages',
  /** The quick-donation QR code as SVG markup (`{ svg }`), written into /qr-donate: it paints with the page. */
  qrCode: '/api/qr-code',
  /** The open season's membership levels on offer (shared/membership.ts PublicLevel): /join. */
  membershipLevels: '/api/membership/levels',
} as const

export type PublicDataKey = keyof typeof PUBLIC_DATA

/**
 * `content`: a footer page (/{slug}, shared/pages.ts), Page Not Found until an editor publishes it. The personal
 * pages (`joinContinue`, `member`, `memberSignIn`, `volunteerManage`) show one family's or volunteer's data, and
 * /volunteer the places left as they are now: rendered for each request, never cached.
 */
export type PageId = 'home' | 'donate' | 'qrDonate' | 'sponsor' | 'notFound' | 'content' | 'join' | PersonalPageId
export type PersonalPageId = 'joinContinue' | 'member' | 'memberSignIn' | 'volunteer' | 'volunteerManage'

export const PAGE_PATHS: Record<string, PageId> = {
  '/': 'home',
  '/donate': 'donate',
  '/qr-donate': 'qrDonate',
  '/sponsor': 'sponsor',
  '/join': 'join',
  '/member': 'member',
  '/volunteer': 'volunteer',
}

/** A personal page's address holds its link's token: /join/continue/<token>, /member/sign-in/<token>. */
const TOKEN_PAGES: Array<[RegExp, PersonalPageId]> = [
  [/^\/join\/continue\/[A-Za-z0-9_-]+$/, 'joinContinue'],
  [/^\/member\/sign-in\/[A-Za-z0-9_-]+$/, 'memberSignIn'],
  [/^\/volunteer\/manage\/[A-Za-z0-9_-]+$/, 'volunteerManage'],
]

export const PERSONAL_PAGES: ReadonlySet<PageId> = new Set<PersonalPageId>([
  'joinContinue',
  'member',
  'memberSignIn',
  'volunteer',
  'volunteerManage',
])

/** A domain's page the footer links while it is open (PublishedPages `links`): in the sitemap only then. */
export const OPENED_PAGES: ReadonlySet<PageId> = new Set<PageId>(['join'])

// Every page has the footer, which links the published content pages.
export const PAGE_DATA: Record<PageId, PublicDataKey[]> = {
  home: ['campaigns', 'team', 'schedule', 'content', 'sponsorWall', 'tiers', 'pages'],
  donate: ['campaigns', 'content', 'pages'],
  qrDonate: ['content', 'pages', 'qrCode'],
  sponsor: ['content', 'tiers', 'pages'],
  notFound: ['content', 'pages'],
  content: ['content', 'pages'],
  join: ['content', 'pages', 'membershipLevels'],
  joinContinue: ['content', 'pages'],
  member: ['content', 'pages'],
  memberSignIn: ['content', 'pages'],
  volunteer: ['content', 'pages'],
  volunteerManage: ['content', 'pages'],
}

/** "/donate/" and "/donate" are the same page. */
export const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname)

export const pageIdFor = (pathname: string): PageId => {
  const path = normalizePath(pathname)
  return (
    PAGE_PATHS[path] ?? TOKEN_PAGES.find(([pattern]) => pattern.test(path))?.[1] ?? (isPageSlug(path.slice(1)) ? 'content' : 'notFound')
  )
}

/** The key of one content page's data (GET /api/pages/:slug, cms/site/pagesApi.ts). */
export const contentPageKey = (slug: string) => `/api/pages/${encodeURIComponent(slug)}`

/** What the server writes into the page for the browser (JSON block #ssr-data). */
export type RenderedData = { fallback: Record<string, unknown>; posted?: PostedForm }

/** The public forms that post to their page without JavaScript (cms/inbox/forms.ts; /join and /member's: cms/membership/pages.ts). */
export type PublicFormId =
  | 'contact'
  | 'sponsor'
  | 'join'
  | 'memberSignIn'
  | 'memberAdult'
  | 'memberDirectory'
  | 'memberSignOut'
  | 'volunteer'
  | 'volunteerCancel'
  | 'volunteerAccept'

/**
 * A public form the server refused after a plain (JavaScript-less) post: the page is rendered again
 * with what the visitor typed and why it was refused, beside each field ('_form': the form as a whole),
 * and the notice (title, text) above the form. Never cached, never in a URL.
 */
export type PostedForm = {
  form: PublicFormId
  values: Record<string, string>
  errors: Record<string, string>
  notice: { title: string; description: string }
}

/**
 * The query a page reads, with the values that change it: the server renders and caches a page by
 * these alone, so any other parameter or value is the same page from the cache (SECURITY.md: a
 * random query string cannot multiply pages).
 */
export const PAGE_QUERY: Partial<Record<PageId, Readonly<Record<string, readonly string[]>>>> = {
  home: { sent: ['contact'] },
  sponsor: { tier: SPONSORSHIP_LEVELS, sent: ['sponsor'] },
  join: { sent: ['join', 'paid'] },
}

/**
 * A query a domain's route answers for its request alone (a renewal reminder's /join?level=…&athletes=…,
 * cms/membership/pages.ts): a page asked with one of these is never answered from the cache.
 */
export const PERSONAL_QUERY: Partial<Record<PageId, readonly string[]>> = {
  join: ['level', 'athletes'],
}

/** `?sent=<form>` after a successful plain post (303 from cms/site/forms.ts): the page says it was received. */
export const SENT_PARAM = 'sent'
