import type { NextFunction, Request, Response } from 'express'
import { executeAuthStrategies, type Payload, type TypedUser } from 'payload'
import { sessionIsCurrent, touchSession, type SessionOwner } from './sessions'
import { env } from '../env'
import { HttpError } from '../http/errors'
import { SAFE_METHODS } from '../security/csrf'

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
  // may use its cookie. Writes never get this: see sameOriginWrites (cms/security/csrf.ts).
  if (SAFE_METHODS.has(req.method) && !headers.has('origin') && !headers.has('sec-fetch-site')) {
    headers.set('origin', env.SERVER_URL)
  }
  // Payload's strategies alone: `payload.auth` would also work out the permissions on every collection and field,
  // which nothing here reads (about 1 ms of a request's CPU).
  const { user } = await executeAuthStrategies({ headers, payload, canSetHeaders: false })
  if (user?.collection !== 'admin-users') return null
  const owner = user as TypedUser & SessionOwner
  const sid = sessionIdOf(user)
  // Payload checks that the session still exists (logout removes it) and the
  // token's 12 h expiry; the stored expiry is the idle deadline (cms/auth/sessions.ts).
  const session = sid ? owner.sessions?.find((s) => s.id === sid) : undefined
  if (!sid || !sessionIsCurrent(session)) return null
  await touchSession(payload, owner, sid)
  return user
}

/** The id of the session this request's token belongs to. */
export const sessionIdOf = (user: TypedUser): string | undefined => (user as { _sid?: string })._sid

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in admin user (role admin or editor), set by requireStaff. */
    staff?: TypedUser
  }
}

/** The HTTP twin of `isStaff`: 401 unless an admin user (admin or editor) is signed in; they are then on req.staff. */
export function requireStaff(payload: Payload) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const user = await sessionUser(payload, req)
      if (!user) return next(new HttpError(401, 'Not authenticated'))
      req.staff = user
      next()
    } catch (err) {
      next(err)
    }
  }
}
