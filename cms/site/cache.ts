import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * In-memory cache of what the public site shows: the data a page is rendered
 * from and the finished responses (HTML, JSON, calendar), each kept with its
 * ETag and its brotli and gzip bytes. Everything is dropped at once whenever
 * public data changes (`invalidatePublicCache`, called by Payload hooks in
 * cms/site/invalidation.ts), and nothing outlives MAX_AGE_MS, so a day
 * rollover ("upcoming" games) or a change made by another server process
 * shows within that time even without a hook (docs/SCALING.md).
 */
const MAX_AGE_MS = 60_000
const MAX_ENTRIES = 500

export type CachedResponse = {
  status: number
  type: string
  body: Buffer
  etag: string
  br: Buffer | null
  gzip: Buffer | null
}

type Slot<T> = { value: Promise<T>; at: number; ready?: { value: T } }

let generation = 0
const slots = new Map<string, Slot<unknown>>()

export function invalidatePublicCache() {
  generation++
  slots.clear()
}

/**
 * The cached value for `key`, produced once (concurrent callers share the
 * promise). A value produced while an invalidation happened is not kept.
 */
export function cached<T>(key: string, produce: () => Promise<T>): Promise<T> {
  const now = Date.now()
  const hit = slots.get(key) as Slot<T> | undefined
  if (hit && now - hit.at < MAX_AGE_MS) return hit.value
  if (slots.size >= MAX_ENTRIES) slots.clear()
  const startedAt = generation
  const value = produce()
  const slot: Slot<T> = { value, at: now }
  slots.set(key, slot)
  value.then(
    (ready) => {
      if (generation !== startedAt) slots.delete(key)
      else slot.ready = { value: ready }
    },
    () => slots.delete(key),
  )
  return value
}

/** The cached value for `key` if it is ready and fresh, without waiting (the fast path in cms/site/render.ts). */
export function peekCached<T>(key: string): T | undefined {
  const slot = slots.get(key) as Slot<T> | undefined
  return slot?.ready && Date.now() - slot.at < MAX_AGE_MS ? slot.ready.value : undefined
}

const compressible = (body: Buffer) => body.length >= 512
const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Compressed once per cache fill, off the event loop (zlib's thread pool), at
 * brotli's best quality: 1.3 KB less keeps the home page's HTML near the size
 * of a new connection's first round trip (docs/SCALING.md, Measuring).
 */
export async function makeResponse(status: number, type: string, content: string | Buffer): Promise<CachedResponse> {
  const body = typeof content === 'string' ? Buffer.from(content) : content
  const big = compressible(body)
  const [br, gzip] = big
    ? await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        gzipAsync(body, { level: 9 }),
      ])
    : [null, null]
  return { status, type, body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`, br, gzip }
}

/**
 * br when the browser takes it, else gzip, else none (a q=0 refuses one).
 * Our preference, not the header's order: brotli is smaller at equal quality.
 */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>()
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null
}

const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)

/** Public HTML and lists: browsers revalidate (ETag), a CDN may keep them briefly. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'

export function sendCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, cacheControl = PUBLIC_CACHE_CONTROL) {
  res.statusCode = entry.status
  res.setHeader('Content-Type', entry.type)
  res.setHeader('Cache-Control', cacheControl)
  res.setHeader('ETag', entry.etag)
  res.setHeader('Vary', 'Accept-Encoding')
  if (entry.status === 200 && etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.statusCode = 304
    res.end()
    return
  }
  let body = entry.body
  const accepted = entry.br || entry.gzip ? preferredEncoding(req.headers['accept-encoding']) : null
  if (accepted === 'br' && entry.br) {
    body = entry.br
    res.setHeader('Content-Encoding', 'br')
  } else if (accepted === 'gzip' && entry.gzip) {
    body = entry.gzip
    res.setHeader('Content-Encoding', 'gzip')
  }
  res.setHeader('Content-Length', body.length)
  res.end(req.method === 'HEAD' ? undefined : body)
}
