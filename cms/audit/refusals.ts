import type { ErrorRequestHandler } from 'express'
import type { Payload } from 'payload'
import { HttpError } from '../http/errors'
import { hasSessionCookie } from '../security/csrf'
import { auditSampled, type AuditEvent } from './log'

/**
 * Sees every refused API request on its way to the error handler and records
 * the ones worth knowing about, sampled (cms/audit/log.ts): refused cross-site
 * writes, rate-limit hits, and 401s for a session cookie that no longer works.
 */
export function auditRefusals(payload: Payload): ErrorRequestHandler {
  return (err, req, _res, next) => {
    if (err instanceof HttpError) {
      const event: AuditEvent | null =
        err.status === 429
          ? 'rate-limited'
          : err.status === 403 && err.message.startsWith('Cross-site request refused')
            ? 'cross-site-refused'
            : err.status === 401 && hasSessionCookie(payload, req)
              ? 'unauthenticated'
              : null
      if (event)
        auditSampled(payload, { event, ip: req.ip, detail: { method: req.method, path: req.originalUrl.split('?')[0].slice(0, 200) } })
    }
    next(err)
  }
}
