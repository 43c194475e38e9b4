import type { NextFunction, Request, Response } from 'express'
import type { Payload } from 'payload'
import { env } from '../env'
import { HttpError } from '../http/errors'
import { cookiePrefix } from './config'

/** A member's session cookie (cms/auth/memberLinks.ts): a family's, never a staff account's. */
export const MEMBER_COOKIE = `${cookiePrefix}-member`

/** Methods that change nothing (SECURITY.md §2: no GET changes anything). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function hasSessionCookie(payload: Payload, req: Pick<Request, 'headers'>): boolean {
  return (req.headers.cookie ?? '').includes(`${payload.config.cookiePrefix}-token=`)
}

const hasMemberCookie = (req: Pick<Request, 'headers'>) => (req.headers.cookie ?? '').includes(`${MEMBER_COOKIE}=`)

/**
 * Cross-site request forgery guard for every unsafe admin or member request: a foreign
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
        : !(hasSessionCookie(payload, req) || hasMemberCookie(req))
    if (allowed) return next()
    next(new HttpError(403, 'Cross-site request refused: this action must come from the Lady Hawks site itself'))
  }
}
