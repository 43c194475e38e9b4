import type { ErrorRequestHandler, RequestHandler } from 'express'
import type { ZodError } from 'zod'

/** A 4xx with a readable message; never a stack trace. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: Array<{ path: string; message: string }>,
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

/** Body-parser, Payload and our own errors become JSON; anything else is logged and answered 500 without detail. */
export function errorHandler(log: (msg: string, err: unknown) => void): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    if (res.headersSent) return
    const status = statusOf(err)
    if (status >= 500) log('Unhandled error', err)
    const body: Record<string, unknown> = { error: status >= 500 ? 'Something went wrong on our side. Please try again.' : messageOf(err, status) }
    if (err instanceof HttpError && err.issues) body.issues = err.issues
    res.status(status).json(body)
  }
}

function statusOf(err: any): number {
  if (err instanceof HttpError) return err.status
  // body-parser: entity.parse.failed (400), entity.too.large (413), charset/encoding (415)
  if (typeof err?.type === 'string' && typeof err.status === 'number' && err.status < 500) return err.status
  // Payload's own API errors (ValidationError 400, NotFound 404, Forbidden 403, ...)
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) return err.status
  return 500
}

function messageOf(err: any, status: number): string {
  if (err?.type === 'entity.parse.failed') return 'Malformed JSON in request body'
  if (err?.type === 'entity.too.large') return 'Request body is too large'
  if (status === 415) return 'Send the request body as JSON (Content-Type: application/json)'
  if (err?.name === 'ValidationError' && Array.isArray(err?.data?.errors)) {
    return err.data.errors.map((e: any) => `${e.path}: ${e.message}`).join('; ')
  }
  return typeof err?.message === 'string' && err.message ? err.message : 'Bad request'
}
