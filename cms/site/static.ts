import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { securityHeaderList } from '../security/headers'
import { etagOf, sendCached, type CachedResponse } from './cache'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
}
/** Hashed assets never change: a year. The rest (pictures, the icon) keep their address across builds: an hour. */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'
const FILE_CACHE_CONTROL = 'public, max-age=3600'

type BuiltFile = { entry: CachedResponse; cacheControl: string }

/**
 * The site's built files (site/dist, about 1 MB), read into memory once with the brotli and gzip twins the build
 * made, and answered like a cached page (`sendCached`, ETag and 304) before Express sees them (`fastPath`). A page
 * asks for its pictures, stylesheet and modules at once; answered from disk through Express each waited for the
 * others (2–40 ms), and Lighthouse's simulated paint counts the median wait of a page's requests as the server's
 * time for the page itself (docs/SCALING.md). The page template (index.html) and Vite's manifest are never sent.
 * `urlPrefix` and `immutable` serve another build's files so: Next's assets for Payload's admin (cms/admin/next.ts).
 */
export function builtFiles(root: string, { urlPrefix = '', immutable = (path: string) => path.startsWith('/assets/') } = {}) {
  const files = new Map<string, BuiltFile>()
  const twin = (file: string) => (existsSync(file) ? readFileSync(file) : null)
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, item.name)
      if (item.name.startsWith('.')) continue
      if (item.isDirectory()) walk(full)
      else if (!item.name.endsWith('.br') && !item.name.endsWith('.gz') && full !== join(root, 'index.html')) {
        const path = `${urlPrefix}/${full.slice(root.length + 1).replaceAll('\\', '/')}`
        const body = readFileSync(full)
        const type = TYPES[extname(item.name)] ?? 'application/octet-stream'
        const entry = { status: 200, type, body, etag: etagOf(body), br: twin(`${full}.br`), gzip: twin(`${full}.gz`) }
        files.set(path, { entry, cacheControl: immutable(path) ? ASSET_CACHE_CONTROL : FILE_CACHE_CONTROL })
      }
    }
  }
  walk(root)
  const headers = securityHeaderList()

  /** Answers a GET or HEAD of a built file; false for anything else. */
  const fastPath = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? ''
    const queryAt = url.indexOf('?')
    const file = files.get(queryAt === -1 ? url : url.slice(0, queryAt))
    if (!file) return false
    sendCached(req, res, file.entry, file.cacheControl, headers)
    return true
  }
  /** The same inside Express, for a request the server did not answer before it (createApp without the fast path). */
  const router = (req: Request, res: Response, next: NextFunction) => {
    if (!fastPath(req, res)) next()
  }
  return { fastPath, router }
}
