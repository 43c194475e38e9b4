import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { Payload } from 'payload'
import { validOperatorSet } from 'payload/shared'
import { HttpError } from '../http/errors'
import { hasSessionCookie } from './csrf'
import { PHOTO_TOO_LARGE } from '#shared/photos'
import { securityConfig } from './config'
import { whereChecker, type WhereChecker } from './cmsQuery'

/**
 * Payload's REST (/cms-api) held to the bounds of our /api (SECURITY.md §10):
 * one page is at most MAX_PAGE records whatever `limit`, `pagination` or
 * `depth` say, a `where` filter Payload could not read is a 400 (not a 500
 * from deep in the database layer), and a request body is at most
 * securityConfig.maxBodyBytes but for an upload.
 */
export const MAX_PAGE = 100
const MAX_DEPTH = 2
/** Room for the multipart envelope and the other fields around an upload's file. */
const UPLOAD_ENVELOPE_BYTES = 64 * 1024
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Payload's operators that take a list (`where[id][in][0]=…`). */
const LIST_OPERATORS = new Set(['in', 'not_in', 'all'])

const pageSize = (value: string) => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : MAX_PAGE
}
const depth = (value: string) => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_DEPTH) : 0
}

/** The field and operator of one `where` parameter Payload can read (fields, one operator, an index for list operators, and/or groups), or null. */
function readableWhere(segments: string[]): { field: string; operator: string } | null {
  let i = 0
  while (segments[i] === 'and' || segments[i] === 'or') {
    if (!/^\d*$/.test(segments[i + 1] ?? 'x')) return null
    i += 2
  }
  const [field, operator, index, ...rest] = segments.slice(i)
  if (!field || !/^[\w.-]+$/.test(field) || !operator || !validOperatorSet.has(operator as never) || rest.length > 0) return null
  return index === undefined || (LIST_OPERATORS.has(operator) && /^\d*$/.test(index)) ? { field, operator } : null
}

/** Payload turns `page` into an offset: beyond this the database refuses it (a 500), and no list of ours is that long. */
const MAX_PAGE_NUMBER = 100_000

/**
 * The query string Payload will see: page size and depth bounded, pagination
 * always on, a malformed `where` or page number refused, each filter checked
 * against its field (cms/security/cmsQuery.ts). Parameters are named as Payload's
 * query parser (qs) reads them: `limit[0]=0` is a `limit` too.
 */
export function boundedQuery(search: string, checkWhere: WhereChecker = () => undefined): string {
  const params = new URLSearchParams(search)
  const bounded = new URLSearchParams()
  for (const [key, value] of params) {
    const name = key.replace(/\[.*$/s, '')
    if (name === 'pagination') continue
    if (name === 'limit' || name === 'depth') {
      if (key === name && !bounded.has(name)) bounded.set(name, name === 'limit' ? String(pageSize(value)) : String(depth(value)))
      continue
    }
    if (name === 'page') {
      const n = Number(value)
      if (key !== name || !Number.isInteger(n) || n < 1 || n > MAX_PAGE_NUMBER) {
        throw new HttpError(400, `page must be a whole number from 1 to ${MAX_PAGE_NUMBER}`)
      }
    }
    if (name === 'where') {
      const segments = /^where(\[[^[\]]*\])+$/.test(key) ? [...key.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]) : []
      const filter = readableWhere(segments)
      if (!filter) throw new HttpError(400, `Malformed where filter: ${key.slice(0, 100)}`)
      checkWhere(filter.field, filter.operator, value)
    }
    // Join fields page their own lists: bounded the same way.
    if (name === 'joins' && /\[limit\]$/.test(key)) {
      bounded.append(key, String(pageSize(value)))
      continue
    }
    bounded.append(key, value)
  }
  return bounded.toString()
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/** Reads a request's body, at most `limit` bytes; a client that hangs up half-way throws (cms/http/errors.ts `clientLeft`). */
async function bodyOf(req: Request, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new HttpError(413, 'Request body is too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** Methods whose body Payload reads (its addDataAndFileToRequest). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])
const NOT_JSON_OR_FORM = 'Send the request body as JSON (Content-Type: application/json), or as multipart/form-data with a file'
const NOT_AN_OBJECT = 'The request body must be a JSON object'

/**
 * The bodies Payload will read, checked whole before it sees them (SECURITY.md §10): Payload answers a broken
 * multipart body, an unknown content type (its data is then missing and its hooks fail), `null` or a string with a
 * 500 and an error logged with its stack. Here: JSON must be an object; multipart must parse (Fetch's own parser), its
 * `_payload` a JSON object, each file within the upload limit; anything else is 415; an empty body is `{}`. The
 * checked bytes are what Payload then reads (`checkedBodies`, cms/admin/payloadRest.ts), under a content type it
 * recognises.
 */
export const checkedBodies = new WeakMap<Request, Buffer>()

async function checkBody(req: Request, limit: number): Promise<void> {
  const body = await bodyOf(req, limit)
  const setBody = (bytes: Buffer, type: string) => {
    checkedBodies.set(req, bytes)
    req.headers['content-type'] = type
    req.headers['content-length'] = String(bytes.length)
  }
  if (body.length === 0) return setBody(Buffer.from('{}'), 'application/json')
  if (req.is('application/json')) {
    let data: unknown
    try {
      data = JSON.parse(body.toString('utf8'))
    } catch {
      throw new HttpError(400, 'Malformed JSON in request body')
    }
    if (!isPlainObject(data)) throw new HttpError(400, NOT_AN_OBJECT)
    return setBody(body, 'application/json')
  }
  if (!req.is('multipart/form-data')) throw new HttpError(415, NOT_JSON_OR_FORM)
  // Payload looks for "multipart/" in the header as it was sent: its type in lower case, the boundary kept.
  const type = String(req.headers['content-type']).replace(/^[^;]*/, (mime) => mime.trim().toLowerCase())
  const form = await new Response(new Uint8Array(body), { headers: { 'Content-Type': type } }).formData().catch(() => {
    throw new HttpError(400, 'Malformed multipart/form-data body: it could not be read whole')
  })
  for (const [name, value] of form) {
    if (typeof value !== 'string') {
      if (value.size > securityConfig.maxUploadBytes) throw new HttpError(413, PHOTO_TOO_LARGE)
    } else if (name === '_payload') {
      let data: unknown
      try {
        data = JSON.parse(value)
      } catch {
        throw new HttpError(400, 'Malformed JSON in the form’s _payload field')
      }
      if (!isPlainObject(data)) throw new HttpError(400, `_payload: ${NOT_AN_OBJECT}`)
    }
  }
  setBody(body, type)
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Mounted in front of Payload's REST (cms/admin/next.ts). */
export function boundedCmsApi(payload: Payload): RequestHandler {
  const uploadCollections = new Set<string>(payload.config.collections.filter((c) => c.upload).map((c) => c.slug))
  // Payload serves no REST for its migrations and answers 501 there: not found, as any other unknown path.
  const withoutRest = new Set<string>(payload.config.collections.filter((c) => c.endpoints === false).map((c) => c.slug))
  // What Payload answers below /cms-api: a collection, `globals`, and its root endpoints (`access`). Anything else
  // (`__proto__`, `constructor`) would reach Payload's lookup of an unknown collection, a 500.
  const served = new Set<string>([
    ...payload.config.collections.map((c) => c.slug),
    'globals',
    ...(payload.config.endpoints || []).map((e) => e.path.split('/')[1]),
  ])
  const globals = new Map<string, boolean>(payload.config.globals.map((g) => [g.slug, Boolean(g.versions)]))
  const versioned = new Set<string>(payload.config.collections.filter((c) => c.versions).map((c) => c.slug))
  const verifying = new Set<string>(payload.config.collections.filter((c) => c.auth?.verify).map((c) => c.slug))
  const fileDirs = new Map<string, string>(
    payload.config.collections.flatMap((c) => (c.upload?.staticDir ? [[c.slug, c.upload.staticDir]] : [])),
  )
  /** An odd path answers 404 here: Payload would fail on it with a 500. */
  const unserved = (path: string): boolean => {
    const [, , first, second, third] = path.split('/')
    if (!served.has(first) || withoutRest.has(first)) return true
    // A global's versions list when it keeps none fails inside Payload (a 500), as does an unknown global.
    if (first === 'globals' && (!globals.has(second) || (third === 'versions' && !globals.get(second)))) return true
    if (second === 'versions' && !versioned.has(first)) return true
    // Payload looks for a verification token column that an account list without email verification does not have.
    if (second === 'verify' && !verifying.has(first)) return true
    // A file that is not on disk (Payload logs an error and answers 500).
    const dir = fileDirs.get(first)
    if (dir && second === 'file' && third) {
      const name = safeDecode(third)
      return name === null || basename(name) !== name || !existsSync(join(dir, name))
    }
    return false
  }
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/cms-api/')) return next()
    const run = async () => {
      if (unserved(req.path)) throw new HttpError(404, `No API endpoint ${req.method} ${req.path.slice(0, 200)}`)
      const checkWhere = whereChecker(payload, req.path)
      // Payload reads a POST with this header as a GET whose query is the body (its relationship fields use it).
      const override = req.get('x-payload-http-method-override') ?? req.get('x-http-method-override')
      if (req.method === 'POST' && override?.toUpperCase() === 'GET') {
        if (!req.is('application/x-www-form-urlencoded')) {
          throw new HttpError(415, 'Send the query of a method-override request form-encoded (application/x-www-form-urlencoded)')
        }
        const query = boundedQuery((await bodyOf(req, securityConfig.maxBodyBytes)).toString('utf8'), checkWhere)
        for (const header of ['x-payload-http-method-override', 'x-http-method-override', 'content-type', 'content-length']) {
          delete req.headers[header]
        }
        req.method = 'GET'
        req.url = `${req.path}?${query}`
        return
      }
      if (UNSAFE.has(req.method)) {
        const collection = req.path.split('/')[2]
        // A photo's size only for someone signed in (Payload refuses anyone else's upload, after reading it whole).
        const upload = req.is('multipart/form-data') && uploadCollections.has(collection) && hasSessionCookie(payload, req)
        const limit = upload ? securityConfig.maxUploadBytes + UPLOAD_ENVELOPE_BYTES : securityConfig.maxBodyBytes
        const length = req.headers['content-length']
        if (length === undefined && req.headers['transfer-encoding']) {
          throw new HttpError(411, 'Send the request body with a Content-Length')
        }
        if (Number(length ?? 0) > limit) throw new HttpError(413, upload ? PHOTO_TOO_LARGE : 'Request body is too large')
        if (BODY_METHODS.has(req.method)) await checkBody(req, limit)
      }
      const at = req.url.indexOf('?')
      if (at !== -1) req.url = `${req.url.slice(0, at)}?${boundedQuery(req.url.slice(at + 1), checkWhere)}`
    }
    run().then(() => next(), next)
  }
}

/**
 * A session is the HttpOnly cookie, and only the cookie: its idle deadline,
 * 12-hour limit, sign-out everywhere and the two-factor requirement are
 * checked on it (cms/auth/sessionUser.ts, cms/admin/next.ts). Payload would also
 * take the token its login answers in an `Authorization: JWT|Bearer …` header,
 * past those checks; such a header is refused on every path.
 */
export const refuseTokenHeaders: RequestHandler = (req, _res, next) => {
  const authorization = req.headers.authorization
  if (authorization && /^\s*(jwt|bearer)\s|api-key/i.test(authorization)) {
    return next(new HttpError(401, 'Tokens in an Authorization header are not accepted: sign in at /admin (the session is a cookie).'))
  }
  next()
}
