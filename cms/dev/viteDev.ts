import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { resolve } from 'node:path'
import express from 'express'
import { createServer as createViteServer } from 'vite'
import { pageIdFor } from '#shared/publicPages'
import { readPublicConfig } from '../publicConfig'
import { HttpError } from '../http/errors'
import { allowScripts, inlineScriptHashes } from '../security/headers'

const siteRoot = resolve(import.meta.dirname, '../../site')

/**
 * `npm run dev` only: the site straight from its sources, with hot reload, on
 * the API's own origin. Vite runs in middleware mode inside this Express
 * server and its hot-reload socket shares the HTTP server, so the browser
 * talks to one origin: the same-origin guard passes and logins work with no
 * setting. index.html gets the public-config block, as in production.
 * Production never loads this file (cms/start.ts imports it only for --dev).
 */
export async function viteDevSite(httpServer: Server): Promise<express.Router> {
  const vite = await createViteServer({
    configFile: resolve(siteRoot, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  })
  // The hot-reload socket would keep the server from closing: `tsx watch` restarts (on a cms/ change) stop it first.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void vite.close())

  const router = express.Router()
  router.use(vite.middlewares)
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(new HttpError(405, 'Method not allowed'))
    try {
      const source = withPublicConfig(await readFile(resolve(siteRoot, 'index.html'), 'utf8'))
      const html = await vite.transformIndexHtml(req.originalUrl, source)
      res
        .status(spaStatus(req.path))
        .set('Cache-Control', 'no-store')
        // Vite's dev page carries small inline module scripts (React's hot-reload preamble).
        .set('Content-Security-Policy', allowScripts(String(res.getHeader('Content-Security-Policy') ?? ''), inlineScriptHashes(html)))
        .type('html')
        .send(html)
    } catch (error) {
      next(error)
    }
  })
  return router
}

/** index.html with the browser's settings (cms/publicConfig.ts) in place of its <!--public-config--> marker. */
function withPublicConfig(html: string): string {
  const json = JSON.stringify(readPublicConfig()).replace(/</g, '\\u003c')
  return html.replace('<!--public-config-->', `<script id="public-config" type="application/json">${json}</script>`)
}

/** 200 for the site's pages and the admin, 404 for any other path: the page then shows Page Not Found. */
function spaStatus(path: string): 200 | 404 {
  return pageIdFor(path) !== 'notFound' ? 200 : 404
}
