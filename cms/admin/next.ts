import type { NextFunction, Request, Response } from 'express'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import * as payloadModule from 'payload'
import type { Payload, TypedUser } from 'payload'
import * as payloadInternal from 'payload/internal'
import * as payloadShared from 'payload/shared'
import { mustSetUp, SET_UP_FIRST } from '../api/twoFactor'
import { HttpError } from '../http/errors'
import { warmUp } from '../http/warmUp'
import { sessionUser } from '../auth/sessionUser'
import { hasSessionCookie, sameOriginWrites } from '../security/csrf'
import { repoRoot } from '../paths'
import { boundedCmsApi } from '../security/cmsApi'
import { loginRateLimit } from '../security/forms'
import { ADMIN_OPENER_POLICY, adminContentSecurityPolicy } from '../security/headers'
import { builtFiles } from '../site/static'
import { sharePayloadWithNext } from './payloadForNext.mjs'
import { payloadRest } from './payloadRest'

/** Next's project folder: next.config.mjs, app/ (Payload's generated routes) and the build in .next/. */
export const adminDir = resolve(repoRoot, 'cms/admin')
export const adminBuilt = () => existsSync(resolve(adminDir, '.next/BUILD_ID'))

/** What an admin who must still set up two-factor sign-in may open: the portal, Next's assets, their own session and preferences, the setting itself. */
const OPEN_BEFORE_SECOND_FACTOR =
  /^\/(_next\/|admin\/?$|admin\/(login|logout)\/?$|cms-api\/admin-users\/(me|logout|refresh-token)\/?$|cms-api\/payload-preferences(\/|$)|cms-api\/globals\/security-settings\/?$)/

/** Paths the admin panel answers: Payload's admin and Next's own assets (through Next), Payload's REST (payloadRest.ts). */
const ADMIN_PATHS = /^\/(admin|cms-api|_next)(\/|$)/
export const isAdminPath = (path: string) => ADMIN_PATHS.test(path)

/** Everything under /_next/static has a name of its build (a content hash or the build's id): kept a year, as Next keeps them. */
const NEXT_ASSETS = { urlPrefix: '/_next/static', immutable: () => true }

/** Payload's own auth operations: the same per-IP limit as our /api/admin login and setup. */
const PAYLOAD_AUTH_POST = /^\/cms-api\/[^/]+\/(login|first-register|forgot-password|reset-password|unlock|refresh-token)\/?$/

const USE_OUR_RECOVERY = 'Use "Forgot password?" on /admin (POST /api/admin/recover, then /api/admin/recover/reset)'
/**
 * Payload's auth routes that skip our rules, closed in favour of ours: the
 * first account comes from the portal's First time setup (an admin, password
 * policy, one-shot); recovery from our /api/admin/recover (the same answer at
 * once for any address, the password policy, every session ended, audited).
 */
const MEMBERS_CLOSED = 'Member accounts are made by an admin and cannot sign in yet'
const CLOSED_AUTH_ROUTES: Record<string, string> = {
  '/cms-api/admin-users/first-register': 'Use First time setup on /admin to create the first admin account',
  '/cms-api/admin-users/forgot-password': USE_OUR_RECOVERY,
  '/cms-api/admin-users/reset-password': USE_OUR_RECOVERY,
  // The spec's members (cms/collections/Users.ts): no screen yet, so no way in without an admin.
  ...Object.fromEntries(
    ['first-register', 'login', 'forgot-password', 'reset-password', 'unlock', 'refresh-token'].map((route) => [
      `/cms-api/users/${route}`,
      MEMBERS_CLOSED,
    ]),
  ),
}

/**
 * Pages and assets are read with GET/HEAD; the admin's only writes to a page
 * URL are Next server actions (POST with a Next-Action header). Payload's REST
 * answers its own methods.
 */
function methodAllowed(req: Request): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.path.startsWith('/cms-api')) return true
  return req.method === 'POST' && req.path.startsWith('/admin') && req.get('next-action') !== undefined
}

/**
 * Payload's admin panel as a Next custom server (Payload's
 * examples/custom-server), mounted in our Express app. Next renders with the
 * Payload instance Express already started: `getPayload` keeps one per
 * process, and Next's build imports this process's Payload modules
 * (next.config.mjs keeps `payload` out of its bundle; cms/admin/payloadForNext.mjs).
 */
export async function adminPanel(payload: Payload) {
  const built = adminBuilt()
  // Payload would otherwise try to reach `next dev`'s hot-reload socket outside production.
  process.env.DISABLE_PAYLOAD_HMR = 'true'
  // Next prepares on the first admin request (warmUpAdmin makes one right after start), while the server already
  // answers the public site (its first 200 does not wait ~0.7 s for the admin); admin requests wait for it. A process
  // that never serves an admin page never loads Next (Payload's REST does not need it): a test server that does not
  // warm up saves about 1.5 CPU s.
  const startNext = async () => {
    sharePayloadWithNext(resolve(adminDir, '.next'), {
      payload: payloadModule,
      'payload/shared': payloadShared,
      'payload/internal': payloadInternal,
    })
    const { default: next } = await import('next')
    const app = next({ dev: false, dir: adminDir, customServer: true })
    await app.prepare()
    return app.getRequestHandler()
  }
  let handler: ReturnType<typeof startNext> | undefined
  const nextHandler = () => {
    if (!handler) {
      handler = startNext()
      handler.catch((error: unknown) => payload.logger.error({ err: error, msg: "Payload's admin panel could not start" }))
    }
    return handler
  }
  // Next's assets, compressed by the admin's build (scripts/build.mjs), from memory as the site's are: through Next
  // each browser without them cached had them gzipped again (about 0.15 CPU s for the login page's 2.9 MB). Read on
  // the first asset request, so a server nobody opens the admin on never reads them.
  let assets: ReturnType<typeof builtFiles> | undefined
  const nextAsset = (req: Request, res: Response) =>
    built &&
    req.path.startsWith(`${NEXT_ASSETS.urlPrefix}/`) &&
    (assets ??= builtFiles(resolve(adminDir, '.next/static'), NEXT_ASSETS)).fastPath(req, res)
  const rest = payloadRest(payload)
  const refuseCrossSiteWrites = sameOriginWrites(payload)
  const bounded = boundedCmsApi(payload)
  const render = (req: Request, res: Response, nextMiddleware: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    res.setHeader(...ADMIN_OPENER_POLICY)
    adminContentSecurityPolicy(req, res, () => {
      // Next puts the nonce found in the request's CSP header on every script it renders.
      req.headers['content-security-policy'] = String(res.getHeader('Content-Security-Policy'))
      const isRest = req.path.startsWith('/cms-api')
      Promise.all([
        // Payload's REST needs no Next (cms/admin/payloadRest.ts).
        isRest
          ? null
          : built
            ? nextHandler().catch(() => Promise.reject(new HttpError(503, 'The admin panel is not available; see the server log')))
            : Promise.reject(new HttpError(503, 'The admin panel has not been built yet: run `npm run build`.')),
        withCurrentSession(payload, req),
      ])
        .then(async ([handle, user]) => {
          // While the club requires two-factor sign-in for admins, an admin without it gets only the portal (which
          // opens the set-up) and their own session, here as under /api/admin (cms/api/twoFactor.ts).
          if (user && !OPEN_BEFORE_SECOND_FACTOR.test(req.path) && (await mustSetUp(payload, user))) {
            if (isRest) return nextMiddleware(new HttpError(403, SET_UP_FIRST))
            return res.redirect(303, '/admin')
          }
          return handle ? handle(req, res) : rest(req, res, nextMiddleware)
        })
        .catch(nextMiddleware)
    })
  }
  // Payload's REST and the admin's server actions obey our rules too: no cookie-carrying write from another origin,
  // and login attempts count against the same per-IP budget (SECURITY.md).
  return (req: Request, res: Response, nextMiddleware: NextFunction) => {
    if (!isAdminPath(req.path)) return nextMiddleware()
    if (nextAsset(req, res)) return
    if (!methodAllowed(req)) return nextMiddleware(new HttpError(405, 'Method not allowed'))
    // Payload's own forgot/reset pages: ours, on the portal's login card, do the same with our rules.
    if (/^\/admin\/(forgot|reset)(\/|$)/.test(req.path)) return res.redirect(303, '/admin')
    bounded(req, res, (invalid?: unknown) => {
      if (invalid) return nextMiddleware(invalid)
      refuseCrossSiteWrites(req, res, (err?: unknown) => {
        if (err) return nextMiddleware(err)
        const closed = CLOSED_AUTH_ROUTES[req.path.replace(/\/$/, '')]
        if (closed) return nextMiddleware(new HttpError(403, closed))
        if (req.method === 'POST' && PAYLOAD_AUTH_POST.test(req.path)) {
          return loginRateLimit(req, res, (limited?: unknown) => (limited ? nextMiddleware(limited) : render(req, res, nextMiddleware)))
        }
        render(req, res, nextMiddleware)
      })
    })
  }
}

/**
 * Payload's own auth checks the token and that its session exists, not the
 * idle deadline (cms/auth/sessions.ts). Our sessionUser checks both and keeps
 * an active session alive; a cookie whose session is idle or gone is dropped
 * here, so Payload's admin and REST see a logged-out request.
 */
async function withCurrentSession(payload: Payload, req: Request): Promise<TypedUser | null> {
  if (req.path.startsWith('/_next') || !hasSessionCookie(payload, req)) return null
  const user = await sessionUser(payload, req)
  if (user) return user
  const token = `${payload.config.cookiePrefix}-token=`
  req.headers.cookie = (req.headers.cookie ?? '')
    .split(/;\s*/)
    .filter((cookie) => !cookie.startsWith(token))
    .join('; ')
  return null
}

/**
 * Next loads a route's code on its first request (seconds on a busy machine):
 * ask for the login page once right after start, so the first person to open
 * /admin does not wait for it. Failures are ignored; it is only a warm-up.
 */
export function warmUpAdmin(port: number) {
  if (!adminBuilt()) return
  void warmUp(`http://127.0.0.1:${port}/admin/login`, { redirect: 'manual' })
}
