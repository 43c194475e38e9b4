import type { ErrorRequestHandler, RequestHandler } from 'express'
import type { ZodError } from 'zod'
import { storageProblemAfter, storageRefusal } from './storage'

/** Every error answer's body (docs/API.md); the browser reads it through shared/api.ts. */
export type ApiErrorBody = {
  error: string
  issues?: Array<{ path: string; message: string }>
  /** A login whose password was right needs the account's second-factor code (SECURITY.md §1). */
  totpRequired?: true
  /** A login whose one-time password was right needs the account's own new password (`newPassword`). */
  newPasswordRequired?: true
}

/** A 4xx with a readable message; never a stack trace. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: Array<{ path: string; message: string }>,
    readonly flags?: Pick<ApiErrorBody, 'totpRequired' | 'newPasswordRequired'>,
  ) {
    super(message)
  }
}

export function validationError(error: ZodError): HttpError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }))
  return new HttpError(400, issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues)
}

export const notFound = (what = 'Not found') => new HttpError(404, what)

export const apiNotFound: RequestHandler = (req, _res, next) =>
  next(new HttpError(404, `No API endpoint ${req.method} ${req.baseUrl}${req.path}`))

type Logger = { error: (entry: object) => void; info: (entry: object) => void }

/**
 * Body-parser, Payload and our own errors become JSON; anything else is logged and answered 500 without detail.
 * A client that hung up before its body or our answer was through gets nothing (there is no one to answer) and
 * one line at info, without a stack: it is not a fault here.
 */
export function errorHandler(loggerOf: () => Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const logger = loggerOf()
    if (req.socket.destroyed || res.destroyed) {
      logger.info({ msg: 'The client left before the request was answered', method: req.method, path: req.path })
      return
    }
    if (res.headersSent) return
    // A write the disk refused (full, read-only) is no fault of ours to hide: 503 and what to do (./storage.ts).
    const storage = storageProblemAfter(err)
    if (storage) return void res.status(503).set('Retry-After', '60').json(storageRefusal(storage))
    const status = statusOf(err)
    if (status >= 500) logger.error({ msg: 'Unhandled error', err })
    const body: ApiErrorBody = { error: status >= 500 ? 'Something went wrong on our side. Please try again.' : messageOf(err, status) }
    if (err instanceof HttpError && err.issues) body.issues = err.issues
    if (err instanceof HttpError) Object.assign(body, err.flags)
    res.status(status).json(body)
  }
}

/** The fields body-parser's and Payload's errors may carry; every one may be missing. */
type ErrorLike = { type?: unknown; status?: unknown; name?: unknown; message?: unknown; data?: { errors?: unknown } }
const fieldsOf = (err: unknown): ErrorLike => (typeof err === 'object' && err !== null ? err : {})

function statusOf(err: unknown): number {
  if (err instanceof HttpError) return err.status
  const { type, status } = fieldsOf(err)
  // body-parser: entity.parse.failed (400), entity.too.large (413), charset/encoding (415)
  if (typeof type === 'string' && typeof status === 'number' && status < 500) return status
  // Payload's own API errors (ValidationError 400, NotFound 404, Forbidden 403, ...)
  if (typeof status === 'number' && status >= 400 && status < 500) return status
  return 500
}

function messageOf(err: unknown, status: number): string {
  const { type, name, message, data } = fieldsOf(err)
  if (type === 'entity.parse.failed') return 'Malformed JSON in request body'
  if (type === 'entity.too.large') return 'Request body is too large'
  if (status === 415 && !(err instanceof HttpError)) return 'Send the request body as JSON (Content-Type: application/json)'
  if (name === 'ValidationError' && Array.isArray(data?.errors)) {
    return data.errors.map((e: { path?: unknown; message?: unknown }) => `${String(e.path)}: ${String(e.message)}`).join('; ')
  }
  return typeof message === 'string' && message ? message : 'Bad request'
}

/**
 * Payload logs its errors by class name (payload.config.ts `loggingLevels`); one it does not name there
 * (an APIError with status 403, a QueryError's 400) would be logged at error with its stack. A 4xx is the
 * client's doing, not a fault: this pino hook logs it at info, message and status only. A 5xx stays at error.
 */
export const clientErrorsAtInfo = {
  logMethod(this: { info: (entry: object) => void }, args: unknown[], method: (...args: unknown[]) => void, level: number) {
    const err = (args[0] as { err?: unknown } | null)?.err
    const status = fieldsOf(err).status
    if (level >= 50 && typeof status === 'number' && status >= 400 && status < 500) {
      const { message } = fieldsOf(err)
      return this.info({ msg: typeof message === 'string' ? message : 'Client error', status })
    }
    method.apply(this, args)
  },
}
