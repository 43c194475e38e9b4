import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { clubDayOf } from '../env'

/**
 * In-memory cache of what the public site shows: the data a page is rendered
 * from and the finished responses (HTML, JSON, calendar), each kept with its
 * ETag and its brotli and gzip bytes. An entry lasts until public data changes
 * or the club's day does, and nothing else:
 *  - every save of public data drops everything at once (`invalidatePublicCache`, called by Payload hooks in
 *    cms/collections/publicChanges.ts, and within CONTENT_POLL_MS when another server process saved:
 *    cms/db/serverState.ts);
 *  - nothing made on an earlier club day is used: which games are upcoming and which sponsors show change with the
 *    day, and nothing else the site shows changes with time.
 * So a visitor never waits for a render that only the clock asked for (docs/SCALING.md). Bounded in entries and in
 * bytes: when full, the least recently used entry goes, one at a time (the others stay).
 */
export const MAX_ENTRIES = 500
export const MAX_BYTES = 64 * 1024 * 1024

export type CachedResponse = {
  status: number
  type: string
  body: Buffer
  etag: string
  br: Buffer | null
  gzip: Buffer | null
}

/** `day`: the club's day it was made on. */
type Slot<T> = { value: Promise<T>; day: string; ready?: { value: T }; bytes: number }

let totalBytes = 0
/** In order of use, least recent first (a hit moves its entry to the end). */
const slots = new Map<string, Slot<unknown>>()

export function invalidatePublicCache() {
  slots.clear()
  totalBytes = 0
}

/** The club's day now, asked of Intl at most once a second: every hit reads it. */
let today = { day: '', askedAt: Number.NEGATIVE_INFINITY }
function clubToday(): string {
  const now = Date.now()
  if (Math.abs(now - today.askedAt) >= 1000) today = { day: clubDayOf(now), askedAt: now }
  return today.day
}

/** What an entry holds, in bytes: a response's three bodies, or the JSON of the data behind a page. */
function sizeOf(value: unknown): number {
  const response = value as Partial<CachedResponse> | null
  if (response && Buffer.isBuffer(response.body)) return response.body.length + (response.br?.length ?? 0) + (response.gzip?.length ?? 0)
  return Buffer.byteLength(JSON.stringify(value) ?? '')
}

function drop(key: string) {
  const slot = slots.get(key)
  if (!slot) return
  totalBytes -= slot.bytes
  slots.delete(key)
}

/** Evicts least recently used entries, never `keep`, until the cache is within its bounds. */
function evict(keep: string) {
  for (const key of slots.keys()) {
    if (slots.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) return
    if (key !== keep) drop(key)
  }
}

/** The entry count and bytes held, for tests and the record (docs/SCALING.md). */
export const cacheSize = () => ({ entries: slots.size, bytes: totalBytes })

/** The entry for `key` if it was made today, moved to the end (most recently used). */
function hit<T>(key: string): Slot<T> | undefined {
  const slot = slots.get(key) as Slot<T> | undefined
  if (!slot || slot.day !== clubToday()) return undefined
  slots.delete(key)
  slots.set(key, slot)
  return slot
}

/**
 * The cached value for `key`, produced once (concurrent callers share the
 * promise). A value produced while an invalidation happened is not kept.
 */
export function cached<T>(key: string, produce: () => Promise<T>): Promise<T> {
  const found = hit<T>(key)
  if (found) return found.value
  drop(key)
  const value = produce()
  const slot: Slot<T> = { value, day: clubToday(), bytes: 0 }
  slots.set(key, slot)
  evict(key)
  value.then(
    (ready) => {
      // Evicted, or dropped by an invalidation while it was produced: not kept.
      if (slots.get(key) !== slot) return
      slot.ready = { value: ready }
      slot.bytes = sizeOf(ready)
      totalBytes += slot.bytes
      evict(key)
    },
    () => {
      if (slots.get(key) === slot) drop(key)
    },
  )
  return value
}

/** The cached value for `key` if it is ready and was made today, without waiting (the fast path in cms/site/render.ts). */
export function peekCached<T>(key: string): T | undefined {
  return hit<T>(key)?.ready?.value
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
  return { status, type, body, etag: etagOf(body), br, gzip }
}

/** A strong ETag from the bytes themselves: the same body has the same tag in every process and after every restart. */
export const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`

/**
 * br when the browser takes it, else gzip, else none (a q=0 refuses one).
 * Our preference, not the header's order: brotli is smaller at equal quality.
 */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  return encodingOf(String(header ?? ''))
}

/**
 * `compute` remembered for the last few hundred distinct inputs. The hottest path reads the same few
 * Accept-Encoding headers and page addresses again and again, and parsing them was a tenth of a cached page's
 * CPU time (docs/SCALING.md). Emptied when full, so random inputs (query strings) cannot grow it.
 */
export function remembered<T>(compute: (input: string) => T, size = 500): (input: string) => T {
  const known = new Map<string, T>()
  return (input) => {
    if (known.has(input)) return known.get(input)!
    if (known.size >= size) known.clear()
    const value = compute(input)
    known.set(input, value)
    return value
  }
}

const encodingOf = remembered((header: string): 'br' | 'gzip' | null => {
  const accepted = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null
})

const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)

/**
 * Public HTML and lists: a browser asks again every time (ETag, 304), so it never shows an older list than the
 * server has; a CDN may keep them a minute and serve a stale copy while it refetches. That last part is said to CDNs
 * alone (CDN-Cache-Control, RFC 9213): browsers honour stale-while-revalidate too, and the home page's 30 s refresh
 * would then show the campaigns as they were before.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60'
export const CDN_CACHE_CONTROL = 'max-age=60, stale-while-revalidate=300'

/**
 * Sends a cached response, its headers in one `writeHead` (the hottest path of the server: a cached page costs
 * about what a static file server's answer costs, docs/SCALING.md). `headers`: a flat list (name, value…) sent
 * too, for the fast path that skips the middleware which would otherwise set them (`securityHeaderList`).
 */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  cacheControl = PUBLIC_CACHE_CONTROL,
  headers: string[] = [],
) {
  const cdn = cacheControl === PUBLIC_CACHE_CONTROL ? ['CDN-Cache-Control', CDN_CACHE_CONTROL] : []
  const common = [
    ...headers,
    'Content-Type',
    entry.type,
    'Cache-Control',
    cacheControl,
    ...cdn,
    'ETag',
    entry.etag,
    'Vary',
    'Accept-Encoding',
  ]
  if (entry.status === 200 && etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, common).end()
    return
  }
  const accepted = entry.br || entry.gzip ? preferredEncoding(req.headers['accept-encoding']) : null
  const encoding = accepted === 'br' && entry.br ? 'br' : accepted === 'gzip' && entry.gzip ? 'gzip' : null
  const body = (encoding && entry[encoding]) || entry.body
  res.writeHead(entry.status, [...common, ...(encoding ? ['Content-Encoding', encoding] : []), 'Content-Length', String(body.length)])
  res.end(req.method === 'HEAD' ? undefined : body)
}
