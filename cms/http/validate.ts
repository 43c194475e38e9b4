import type { Request } from 'express'
import type { ZodType, z } from 'zod'
import { HttpError, validationError } from './errors'

/** Parses the JSON body with a schema; unknown keys are stripped by the schema. */
export function parseBody<S extends ZodType>(req: Request, schema: S): z.output<S> {
  const body: unknown = req.body
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new HttpError(400, 'Request body must be a JSON object')
  }
  const broken = findUnstorableText(body)
  if (broken !== null) {
    const path = (broken || 'body').replace(UNSTORABLE_GLOBAL, '\uFFFD')
    const message = 'Text must not contain NUL or unpaired surrogate characters'
    throw new HttpError(400, `${path}: ${message}`, [{ path, message }])
  }
  const result = schema.safeParse(body ?? {})
  if (!result.success) throw validationError(result.error)
  return result.data
}

/**
 * Parses the query parameters a schema names; every other parameter is
 * ignored (Payload-style where, depth, select … can never be asked for).
 */
export function parseQuery<S extends ZodType>(req: Request, schema: S): z.output<S> {
  const result = schema.safeParse(req.query)
  if (!result.success) throw validationError(result.error)
  return result.data
}

/** Half of a UTF-16 surrogate pair, or NUL. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern is for
const UNSTORABLE = /[\p{Surrogate}\u0000]/u
const UNSTORABLE_GLOBAL = new RegExp(UNSTORABLE.source, 'gu')

/**
 * Text the database cannot give back exactly as it was sent: JSON can carry
 * half of a surrogate pair ("\ud800"), which UTF-8 storage turns into U+FFFD,
 * and NUL, after which SQLite's reader cuts the text off. What is accepted
 * must be shown again verbatim, so such text is refused.
 * Returns the path of the first offending string or key ('' for the body itself), or null.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null
  if (typeof value !== 'object' || value === null || depth > 20) return null
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key
    if (UNSTORABLE.test(key)) return itemPath
    const found = findUnstorableText(item, itemPath, depth + 1)
    if (found !== null) return found
  }
  return null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const OBJECT_ID = /^[0-9a-f]{24}$/i

/** Ids are opaque, but one that no adapter could have made is simply not found. */
export function isPlausibleId(id: string): boolean {
  return UUID.test(id) || OBJECT_ID.test(id)
}
