import type { Config } from '../cms/payload-types'
import { apiRoutes, type Route } from './routes'

/**
 * Who may call an /api route:
 * - public: anyone (the site's reads and forms);
 * - signed: no session, a signature instead (Stripe's webhook): no cookie, so no CSRF or 401 sweep;
 * - signin: the doors to a session under /api/admin (login, setup, recovery): no session needed, same-origin only;
 * - staff: any signed-in account (requireStaff), editors included;
 * - admin: role admin only (requireAdmin): an editor gets 403.
 */
export type Access = 'public' | 'signed' | 'signin' | 'staff' | 'admin'

export type SweepEntry = {
  access: Access
  /**
   * A paged admin list (docs/API.md, Paging): page and limit, X-Total-Count; 'whole' when it
   * answers every record unless page or limit is given (donations and sponsorships).
   */
  list?: true | 'whole'
  /** Reads its query string (filters, a year, a range): a generated query may be a 400. */
  query?: true
  /** Its answer changes with every request of the session (the idle deadline slides): compared by status only. */
  varies?: true
}

/**
 * Every route of the API (docs/API.md), as the routers spell it, with who may call it.
 * The sweeps do not read this list: they read the routers (testing/routes.ts) and look each
 * route up here, and cms/security/sweeps.unit.test.ts fails for a route missing here (or an
 * entry no router answers), so a new route is swept once it says who may call it.
 */
export const API_ROUTES: Record<string, SweepEntry> = {
  'GET /api/campaigns': { access: 'public' },
  'GET /api/team': { access: 'public' },
  'GET /api/games': { access: 'public' },
  'GET /api/content': { access: 'public' },
  'GET /api/sponsor-wall': { access: 'public' },
  'GET /api/sponsorship-tiers': { access: 'public' },
  'GET /api/pages': { access: 'public' },
  'GET /api/qr-code': { access: 'public' },
  'GET /api/pages/:slug': { access: 'public' },
  'GET /api/schedule.ics': { access: 'public' },
  'GET /api/qr-donate.svg': { access: 'public' },
  'POST /api/contact': { access: 'public' },
  'POST /api/sponsors': { access: 'public' },
  'POST /api/stripe/webhook': { access: 'signed' },

  'POST /api/admin/login': { access: 'signin' },
  'POST /api/admin/login/link': { access: 'signin' },
  'GET /api/admin/setup': { access: 'signin' },
  'POST /api/admin/setup': { access: 'signin' },
  'POST /api/admin/recover': { access: 'signin' },
  'POST /api/admin/recover/reset': { access: 'signin' },
  'POST /api/admin/email/confirm': { access: 'signin' },

  'GET /api/admin/me': { access: 'staff' },
  'POST /api/admin/logout': { access: 'staff' },
  'POST /api/admin/unlock': { access: 'staff' },
  'POST /api/admin/staff/:id/invitation': { access: 'admin' },
  'GET /api/admin/sessions': { access: 'staff', varies: true },
  'POST /api/admin/sessions/revoke-others': { access: 'staff' },
  'POST /api/admin/password': { access: 'staff' },
  'POST /api/admin/email': { access: 'staff' },
  'GET /api/admin/account/two-factor': { access: 'staff' },
  'POST /api/admin/account/two-factor/start': { access: 'staff' },
  'POST /api/admin/account/two-factor/confirm': { access: 'staff' },
  'POST /api/admin/account/two-factor/disable': { access: 'staff' },
  'POST /api/admin/account/two-factor/recovery-codes': { access: 'staff' },
  'GET /api/admin/account/security-settings': { access: 'admin' },
  'PUT /api/admin/account/security-settings': { access: 'admin' },

  'GET /api/admin/campaigns': { access: 'staff', list: true },
  'POST /api/admin/campaigns': { access: 'staff' },
  'PUT /api/admin/campaigns/:id': { access: 'staff' },
  'DELETE /api/admin/campaigns/:id': { access: 'staff' },
  'GET /api/admin/team': { access: 'staff', list: true },
  'POST /api/admin/team': { access: 'staff' },
  'PUT /api/admin/team/:id': { access: 'staff' },
  'DELETE /api/admin/team/:id': { access: 'staff' },
  'GET /api/admin/games': { access: 'staff', list: true },
  'POST /api/admin/games': { access: 'staff' },
  'PUT /api/admin/games/:id': { access: 'staff' },
  'DELETE /api/admin/games/:id': { access: 'staff' },
  'GET /api/admin/sponsorship-tiers': { access: 'staff', list: true },
  'POST /api/admin/sponsorship-tiers': { access: 'staff' },
  'PUT /api/admin/sponsorship-tiers/:id': { access: 'staff' },
  'DELETE /api/admin/sponsorship-tiers/:id': { access: 'staff' },
  'GET /api/admin/content': { access: 'staff', list: true },
  'PUT /api/admin/content': { access: 'staff' },
  'GET /api/admin/history/:collection/:id': { access: 'staff' },
  'POST /api/admin/history/:collection/:id/restore/:versionId': { access: 'staff' },

  // Money, inbox, donors, the Overview and the audit log: admins only (docs/roles.md).
  'GET /api/admin/donations': { access: 'admin', list: 'whole' },
  'POST /api/admin/donations': { access: 'admin' },
  'PUT /api/admin/donations/:id': { access: 'admin' },
  'DELETE /api/admin/donations/:id': { access: 'admin' },
  'POST /api/admin/donations/:id/receipt': { access: 'admin' },
  'GET /api/admin/donations.csv': { access: 'admin', query: true },
  'GET /api/admin/sponsorships': { access: 'admin', list: 'whole' },
  'POST /api/admin/sponsorships': { access: 'admin' },
  'PUT /api/admin/sponsorships/:id': { access: 'admin' },
  'DELETE /api/admin/sponsorships/:id': { access: 'admin' },
  'POST /api/admin/sponsorships/:id/receipt': { access: 'admin' },
  'GET /api/admin/sponsorships.csv': { access: 'admin', query: true },
  'GET /api/admin/reports/giving': { access: 'admin', query: true },
  'GET /api/admin/monthly-gifts': { access: 'admin', list: true },
  'GET /api/admin/unmatched-refunds': { access: 'admin', list: true },
  'GET /api/admin/payouts': { access: 'admin', list: true },
  'GET /api/admin/donors': { access: 'admin', query: true },
  'GET /api/admin/donors.csv': { access: 'admin', query: true },
  'GET /api/admin/donors/statement.pdf': { access: 'admin', query: true },
  'POST /api/admin/donors/statements': { access: 'admin' },
  'GET /api/admin/donors/statements/progress': { access: 'admin', query: true },
  'GET /api/admin/donors/years': { access: 'admin' },
  'GET /api/admin/statements': { access: 'admin', list: true, query: true },
  'GET /api/admin/statements.pdf': { access: 'admin', query: true },
  // The treasurer's year end (docs/ACCOUNTING.md).
  'GET /api/admin/deposits': { access: 'admin', list: true },
  'POST /api/admin/deposits': { access: 'admin' },
  'GET /api/admin/deposits/undeposited': { access: 'admin' },
  'GET /api/admin/deposits/:id/slip.pdf': { access: 'admin' },
  'GET /api/admin/ledger.csv': { access: 'admin', query: true },
  'GET /api/admin/reports/large-donors': { access: 'admin', query: true },
  'GET /api/admin/reports/large-donors.csv': { access: 'admin', query: true },
  'GET /api/admin/reports/year': { access: 'admin', query: true },
  'GET /api/admin/reports/year.csv': { access: 'admin', query: true },
  'POST /api/admin/monthly-gifts/year-receipts': { access: 'admin' },
  'GET /api/admin/contact-messages': { access: 'admin', list: true },
  'PUT /api/admin/contact-messages/:id': { access: 'admin' },
  'GET /api/admin/sponsor-applications': { access: 'admin', list: true },
  'PUT /api/admin/sponsor-applications/:id': { access: 'admin' },
  'GET /api/admin/email-status': { access: 'admin' },
  'GET /api/admin/summary': { access: 'admin' },
  'GET /api/admin/audit-log': { access: 'admin', list: true },
}

/** What a sweep sends for a route's parameters: an id no record has, a page that exists once published. */
export const SOME_ID = '00000000-0000-4000-8000-000000000000'
const PARAMS: Record<string, string> = { id: SOME_ID, slug: 'privacy-policy', collection: 'games', versionId: SOME_ID }

export type SweptRoute = Route &
  SweepEntry & {
    /** "METHOD /path/:param" as the router spells it. */
    route: string
    /** The path with its parameters filled (PARAMS). */
    url: string
  }

/** The routers' routes, each with its entry above; throws for a route without one (the sweeps then fail at once). */
export function sweptRoutes(): SweptRoute[] {
  return apiRoutes().map((r) => {
    const route = `${r.method} ${r.path}`
    const entry = API_ROUTES[route]
    if (!entry) throw new Error(`${route} has no entry in testing/endpoints.ts API_ROUTES: say who may call it`)
    const url = r.path.replace(/:(\w+)/g, (_m, name: string) => {
      if (!PARAMS[name]) throw new Error(`${route}: no sample value for :${name} in testing/endpoints.ts`)
      return PARAMS[name]
    })
    return { ...r, ...entry, route, url }
  })
}

const isRead = (r: SweptRoute) => r.method === 'GET'
const behindSession = (r: SweptRoute) => r.access === 'staff' || r.access === 'admin'

/** Every public GET without a parameter, as the fuzz and GET-changes-nothing sweeps call them. */
export const PUBLIC_READS = sweptRoutes()
  .filter((r) => isRead(r) && r.access === 'public' && r.url === r.path)
  .map((r) => r.url)
/** Every GET behind a session. */
export const ADMIN_READS = sweptRoutes()
  .filter((r) => isRead(r) && behindSession(r))
  .map((r) => r.url)
/** The paged admin lists (docs/API.md, Paging). */
export const ADMIN_LISTS = sweptRoutes()
  .filter((r) => isRead(r) && r.list)
  .map((r) => r.url)
/** The admin lists that answer one page even without page or limit. */
export const PAGED_LISTS = sweptRoutes()
  .filter((r) => isRead(r) && r.list === true)
  .map((r) => r.url)
/** GETs whose answer changes with each request of the session. */
export const VARYING_READS = new Set(
  sweptRoutes()
    .filter((r) => isRead(r) && r.varies)
    .map((r) => r.url),
)
/** Admin GETs that read their query string. */
export const QUERY_READS = new Set(
  sweptRoutes()
    .filter((r) => isRead(r) && r.query)
    .map((r) => r.url),
)
/** Every GET with its parameters filled, public or not. */
export const ALL_READS = sweptRoutes()
  .filter(isRead)
  .map((r) => r.url)
/** Every unsafe route but the signed webhook: what a forged cookie-carrying request could reach. */
export const COOKIE_WRITES = sweptRoutes().filter((r) => !isRead(r) && r.access !== 'signed')
/** Every route behind a session: 401 without one. */
export const SESSION_ROUTES = sweptRoutes().filter(behindSession)
/** Every route for admins only: 403 for an editor. */
export const ADMIN_ONLY_ROUTES = sweptRoutes().filter((r) => r.access === 'admin')

export type CollectionSlug = keyof Config['collections']

/**
 * Who may list each collection through Payload's REST (/cms-api): anonymous, an editor, an
 * admin (the server's own bookkeeping is nobody's). Typed by Payload's generated types, so a new
 * collection does not compile until it says; admin-users is special (an editor sees themself).
 */
export const CMS_COLLECTIONS: Record<CollectionSlug, { anyone: boolean; editor: boolean; admin: boolean; rest?: false }> = {
  'admin-users': { anyone: false, editor: true, admin: true },
  users: { anyone: false, editor: false, admin: true },
  campaigns: { anyone: false, editor: true, admin: true },
  'sponsorship-tiers': { anyone: false, editor: true, admin: true },
  donations: { anyone: false, editor: false, admin: true },
  sponsorships: { anyone: false, editor: false, admin: true },
  deposits: { anyone: false, editor: false, admin: true },
  'contact-messages': { anyone: false, editor: false, admin: true },
  'team-members': { anyone: false, editor: true, admin: true },
  games: { anyone: false, editor: true, admin: true },
  'site-content': { anyone: false, editor: true, admin: true },
  'sponsor-applications': { anyone: false, editor: false, admin: true },
  media: { anyone: true, editor: true, admin: true },
  pages: { anyone: true, editor: true, admin: true },
  'stripe-events': { anyone: false, editor: false, admin: true },
  receipts: { anyone: false, editor: false, admin: true },
  statements: { anyone: false, editor: false, admin: true },
  'email-outbox': { anyone: false, editor: false, admin: true },
  'monthly-gifts': { anyone: false, editor: false, admin: true },
  payouts: { anyone: false, editor: false, admin: true },
  'audit-log': { anyone: false, editor: false, admin: true },
  'login-throttle': { anyone: false, editor: false, admin: false },
  'server-state': { anyone: false, editor: false, admin: false },
  'payload-kv': { anyone: false, editor: false, admin: false },
  'payload-locked-documents': { anyone: false, editor: true, admin: true },
  'payload-preferences': { anyone: false, editor: true, admin: true },
  // Payload serves no REST for it: 404 for everyone (cms/security/cmsApi.ts).
  'payload-migrations': { anyone: false, editor: false, admin: false, rest: false },
}

/** Every write Payload's REST offers on every collection it serves: create, update and delete of one record. */
export const CMS_WRITES: Array<{ method: string; url: string; slug: CollectionSlug }> = (Object.keys(CMS_COLLECTIONS) as CollectionSlug[])
  .filter((slug) => CMS_COLLECTIONS[slug].rest !== false)
  .flatMap((slug) => [
    { method: 'POST', url: `/cms-api/${slug}`, slug },
    { method: 'PATCH', url: `/cms-api/${slug}/${SOME_ID}`, slug },
    { method: 'DELETE', url: `/cms-api/${slug}/${SOME_ID}`, slug },
  ])

/** Globals served by Payload's REST: a save is a POST with a body (typed, so a new global is swept once it is listed). */
const CMS_GLOBALS: Record<keyof Config['globals'], true> = { 'roster-settings': true, 'security-settings': true, 'receipt-settings': true }

/** Every /cms-api route that reads a body: each collection's create and update, the globals' saves, Payload's account routes. */
export const CMS_BODY_ROUTES: Array<{ method: string; url: string }> = [
  ...CMS_WRITES.filter((w) => w.method !== 'DELETE').map(({ method, url }) => ({ method, url })),
  ...Object.keys(CMS_GLOBALS).map((slug) => ({ method: 'POST', url: `/cms-api/globals/${slug}` })),
  ...['login', 'logout', 'refresh-token', 'forgot-password', 'reset-password', 'unlock', 'first-register'].map((route) => ({
    method: 'POST',
    url: `/cms-api/admin-users/${route}`,
  })),
]

const MULTIPART = 'multipart/form-data; boundary=LHB'
const part = (name: string, value: string) => `--LHB\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`

/**
 * Bodies no client should send and some do (SECURITY.md §10): cut short, of the wrong type, mislabelled, or with
 * nothing usable inside. Every route that reads a body answers each with a 4xx (`type` undefined: no Content-Type).
 */
export const BODY_SHAPES: Array<{ shape: string; type?: string; body: string }> = [
  { shape: 'JSON cut short', type: 'application/json', body: '{"name":"Ma' },
  { shape: 'JSON null', type: 'application/json', body: 'null' },
  { shape: 'JSON text', type: 'application/json', body: '"Maya Davis"' },
  { shape: 'JSON list', type: 'application/json', body: '[{"name":"Maya Davis"}]' },
  { shape: 'plain text', type: 'text/plain', body: 'name=Maya Davis' },
  { shape: 'XML', type: 'application/xml', body: '<player><name>Maya Davis</name></player>' },
  { shape: 'form-encoded', type: 'application/x-www-form-urlencoded', body: 'name=Maya+Davis&_payload=%7B' },
  { shape: 'no content type', body: '{"name":"Maya Davis"}' },
  { shape: 'multipart cut short', type: MULTIPART, body: `--LHB\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"name":"Ma` },
  { shape: 'multipart without a boundary', type: 'multipart/form-data', body: part('_payload', '{}') },
  { shape: 'multipart with _payload not JSON', type: MULTIPART, body: `${part('_payload', '{name: Maya}')}--LHB--\r\n` },
  { shape: 'multipart with _payload null', type: MULTIPART, body: `${part('_payload', 'null')}--LHB--\r\n` },
  {
    shape: 'multipart file cut short',
    type: MULTIPART,
    body: '--LHB\r\nContent-Disposition: form-data; name="file"; filename="team.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff',
  },
]
