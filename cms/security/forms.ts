import type { RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'
import { SharedRateLimitStore } from '../db/serverState'
import { env } from '../env'
import { HttpError } from '../http/errors'
import { securityConfig } from './config'
import { HONEYPOT_FIELD } from '#shared/honeypot'

const minutes = securityConfig.rateLimitWindowMs / 60_000

/**
 * Counted in the database, so every server process and a restart see the same counts (cms/db/serverState.ts).
 * `failuresOnly`: only requests answered 4xx or 5xx count (links tried: opening one's own link again is not counted).
 */
export function perIpLimit(name: string, limit: number, what: string, { failuresOnly = false } = {}): RequestHandler {
  return rateLimit({
    store: new SharedRateLimitStore(name),
    windowMs: securityConfig.rateLimitWindowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: failuresOnly,
    handler: (_req, _res, next) =>
      next(new HttpError(429, `Too many ${what} from your network. Please wait ${minutes} minutes and try again.`)),
  })
}

/** Public form posts (contact, sponsor application): RATE_LIMIT_FORMS per IP per 15 minutes. */
export const formsRateLimit = perIpLimit('forms', env.RATE_LIMIT_FORMS, 'form submissions')

/** Login and first-time setup: RATE_LIMIT_LOGIN per IP per 15 minutes. */
export const loginRateLimit = perIpLimit('login', env.RATE_LIMIT_LOGIN, 'login attempts')

/**
 * Recovery mails asked for and links tried (reset, one-time sign-in): RATE_LIMIT_RECOVERY per IP per 15 minutes,
 * on top of the login limit; each account also gets at most 3 such mails an hour (cms/auth/throttle.ts takeMail).
 */
export const recoveryRateLimit = perIpLimit('recovery', env.RATE_LIMIT_RECOVERY, 'recovery requests')

/**
 * Public forms carry a field people never see (HONEYPOT_FIELD); bots that fill
 * every input fill it too. Such a post is refused, and nothing is stored.
 */

export const rejectHoneypot: RequestHandler = (req, _res, next) => {
  const trap = (req.body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD]
  if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) {
    return next(new HttpError(400, 'Submission rejected: automated form filling detected'))
  }
  next()
}

/** The form fill's key as the page sends it (`submissionKey`, beside the form's fields); anything else is no key. */
export function submissionKeyOf(body: unknown): string | undefined {
  const key = (body as { submissionKey?: unknown } | null | undefined)?.submissionKey
  return typeof key === 'string' && /^[\w-]{8,100}$/.test(key) ? key : undefined
}
