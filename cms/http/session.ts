import type { NextFunction, Request, Response } from 'express'
import type { Payload, TypedUser } from 'payload'
import { roleOf, type Role } from '../access/roles'
import { env } from '../env'
import { HttpError } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function toWebHeaders(req: Request): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  return headers
}

/** The logged-in admin for this request, or null. */
export async function sessionUser(payload: Payload, req: Request): Promise<TypedUser | null> {
  const headers = toWebHeaders(req)
  // Payload honours the cookie only with our Origin or a same-site Sec-Fetch-Site.
  // A read from a non-browser client sends neither; reads change nothing, so it
  // may use its cookie. Writes never get this: see sameOriginWrites.
  if (SAFE_METHODS.has(req.method) && !headers.has('origin') && !headers.has('sec-fetch-site')) {
    headers.set('origin', env.SERVER_URL)
  }
  const { user } = await payload.auth({ headers })
  if (user?.collection !== 'admin-users' || !sessionIsCurrent(user)) return null
  return user
}

/**
 * Payload checks that the token's session still exists (logout removes it) and
 * that the token has not expired, but not the session's own expiresAt. Both
 * are set 12 hours after login; checking the stored one too means a session
 * ends when the server says so, whatever the token claims.
 */
function sessionIsCurrent(user: TypedUser): boolean {
  const { _sid: sid, sessions } = user as { _sid?: string; sessions?: Array<{ id: string; expiresAt: string | Date }> }
  const session = sid ? sessions?.find((s) => s.id === sid) : undefined
  return session !== undefined && new Date(session.expiresAt).getTime() > Date.now()
}

export function hasSessionCookie(payload: Payload, req: Request): boolean {
  return (req.headers.cookie ?? '').includes(`${payload.config.cookiePrefix}-token=`)
}

/**
 * Cross-site request forgery guard for every unsafe admin request: a foreign
 * Origin is refused; with no Origin, a browser's Sec-Fetch-Site must say
 * same-origin; a cookie-carrying request with neither is refused too.
 */
export function sameOriginWrites(payload: Payload) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const origin = req.get('origin')
    const fetchSite = req.get('sec-fetch-site')
    const allowed = origin
      ? origin === env.SERVER_URL
      : fetchSite
        ? fetchSite === 'same-origin'
        : !hasSessionCookie(payload, req)
    if (allowed) return next()
    next(new HttpError(403, 'Cross-site request refused: this action must come from the Lady Hawks site itself'))
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    admin?: TypedUser
  }
}

/** 401 unless an admin is logged in; the admin is then on req.admin. */
export function requireAdmin(payload: Payload) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const user = await sessionUser(payload, req)
      if (!user) return next(new HttpError(401, 'Not authenticated'))
      req.admin = user
      next()
    } catch (err) {
      next(err)
    }
  }
}

/** After requireAdmin: 403 unless the logged-in user has this role (an editor never sees money or the inbox). */
export function requireRole(role: Role) {
  return (req: Request, _res: Response, next: NextFunction) =>
    next(roleOf(req.admin) === role ? undefined : new HttpError(403, `Only an ${role} can do this; ask an admin of the club's site`))
}
