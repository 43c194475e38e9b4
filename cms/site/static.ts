import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import { join, resolve } from 'node:path'
import { readdirSync } from 'node:fs'
import { preferredEncoding } from './cache'

/**
 * The site's built files (site/dist): hashed assets cached for a year, the
 * rest for an hour, each sent as its brotli or gzip twin when the browser
 * accepts one. The page template itself is never sent as it is.
 */
export function staticFiles(root: string): Router {
  const router = express.Router()
  router.use(precompressedStatic(root))
  // Hashed assets never change: cache for a year.
  router.use('/assets', express.static(resolve(root, 'assets'), { immutable: true, maxAge: '1y', index: false }))
  const files = express.static(root, { index: false, maxAge: '1h' })
  router.use((req, res, next) => (req.path === '/index.html' ? next() : files(req, res, next)))
  return router
}

/**
 * Static files built with brotli and gzip twins (scripts/build.mjs) are sent
 * compressed when the browser accepts it; express.static then serves the twin
 * with the original's type, which is set here first.
 */
function precompressedStatic(root: string) {
  const twins = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.br'))
        twins.add(
          '/' +
            full
              .slice(root.length + 1, -3)
              .split('\\')
              .join('/'),
        )
    }
  }
  walk(root)
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !twins.has(req.path)) return next()
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    res.vary('Accept-Encoding')
    if (!encoding) return next()
    res.type(req.path.slice(req.path.lastIndexOf('.')))
    res.setHeader('Content-Encoding', encoding)
    req.url = `${req.path}.${encoding === 'br' ? 'br' : 'gz'}`
    next()
  }
}
