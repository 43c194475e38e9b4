import type { Payload } from 'payload'
import { createApp } from '../cms/app'

export type Route = { method: string; path: string }

/**
 * A Payload that fails loudly if building the app touches it: the routers only use
 * it inside their handlers, so the route table below needs no database.
 */
const noPayload = new Proxy({} as Payload, {
  get: (_target, name) => {
    throw new Error(`building the routes read payload.${String(name)}: give testing/routes.ts a real Payload`)
  },
})

/** Express 5's router keeps each layer's mount path as written (rawPath) and a mounted router's own stack. */
type Layer = {
  rawPath?: string | string[]
  route?: { path: string | string[]; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
}

function walk(stack: Layer[], prefix: string, out: Route[]) {
  const paths = (p: string | string[] | undefined) => (Array.isArray(p) ? p : [p ?? '/'])
  for (const layer of stack) {
    if (layer.route) {
      for (const path of paths(layer.route.path))
        for (const method of Object.keys(layer.route.methods))
          // crudRouter's '/' under '/campaigns' is '/api/admin/campaigns'.
          out.push({ method: method.toUpperCase(), path: (prefix + path).replace(/(.)\/$/, '$1') })
    } else if (layer.handle?.stack) {
      for (const path of paths(layer.rawPath)) walk(layer.handle.stack, path === '/' ? prefix : prefix + path, out)
    }
  }
}

/** The routes of an Express app, mounted routers walked with their mount paths. */
export function routesOf(app: unknown): Route[] {
  const out: Route[] = []
  walk((app as { router: { stack: Layer[] } }).router.stack, '', out)
  return out
}

let cached: Route[] | undefined

/**
 * Every route our Express app answers under /api, read from its routers (cms/app.ts and
 * cms/api/*): what the sweeps in testing/endpoints.ts are fed from, so a new route is
 * swept (or the coverage test fails) without anyone listing it by hand.
 */
export function apiRoutes(): Route[] {
  if (!cached) {
    const all = routesOf(createApp(noPayload))
    const seen = new Set<string>()
    cached = all.filter((r) => {
      const key = `${r.method} ${r.path}`
      if (!r.path.startsWith('/api/') || seen.has(key)) return false
      seen.add(key)
      return true
    })
  }
  return cached
}
