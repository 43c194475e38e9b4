import { createHash } from 'node:crypto'
import type { Request, Response } from 'express'
import helmet from 'helmet'
import { cardPaymentsConfigured } from '#shared/publicConfig'
import { env } from '../env'
import { readPublicConfig } from '../publicConfig'

/**
 * The site's policy: our own origin only, and the card payment provider's script, frames, pictures and API when card
 * payments are configured (Stripe's buy button); without them no foreign origin at all. A policy is a list of what
 * may run: one that names Stripe for a club that has not set it up only widens what an injected tag could load.
 * The policy is sent with every response, so its bytes count in each page's first round trip too (docs/SCALING.md).
 */
export function siteDirectives({ cardPayments, upgradeInsecure }: { cardPayments: boolean; upgradeInsecure: boolean }) {
  const stripe = (...origins: string[]) => (cardPayments ? origins : [])
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...stripe('https://js.stripe.com')],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', ...stripe('https://*.stripe.com')],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...stripe('https://api.stripe.com')],
    // Without card payments nothing may be framed: 'none', since an empty frame-src would fall back to default-src.
    frameSrc: cardPayments ? ['https://js.stripe.com', 'https://buy.stripe.com', 'https://checkout.stripe.com'] : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    ...(upgradeInsecure ? { upgradeInsecureRequests: [] } : {}),
  }
}

const directives = siteDirectives({
  cardPayments: cardPaymentsConfigured(readPublicConfig()),
  upgradeInsecure: env.isProduction && env.SERVER_URL.startsWith('https://'),
})

export const securityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives },
  // HSTS only means something over HTTPS; a year, as browsers' preload lists expect.
  strictTransportSecurity: env.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // The legacy twin of frame-ancestors 'none' for old browsers.
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  // Only the admin's pages keep other pages' windows out (ADMIN_OPENER_POLICY). A public page is the same for every
  // visitor and holds nothing of theirs, and the header costs each page a new renderer at its first paint (10–24 ms of
  // Lighthouse's LCP, docs/SCALING.md "Which tasks Lantern counts").
  crossOriginOpenerPolicy: false,
})

/**
 * The admin's pages (cms/admin/next.ts) share no browsing context group with a page that opened them or that they
 * open: no other window keeps a handle on a signed-in admin's tab, to navigate it or count its frames.
 */
export const ADMIN_OPENER_POLICY = ['Cross-Origin-Opener-Policy', 'same-origin'] as const

/**
 * The headers `securityHeaders` sets on every response, captured once as a flat list (name, value, name, value…)
 * for `res.writeHead`: the public site's fast path (cms/site/render.ts) answers without Express's middleware.
 * With `scriptHashes`, the page scripts they name are allowed too (`allowScripts`).
 */
export function securityHeaderList(scriptHashes: string[] = []): string[] {
  const headers = new Map<string, string>()
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  }
  securityHeaders({ headers: {}, method: 'GET', url: '/' } as Request, res as unknown as Response, () => undefined)
  const policy = headers.get('Content-Security-Policy')
  if (policy !== undefined) headers.set('Content-Security-Policy', allowScripts(policy, scriptHashes))
  return [...headers].flat()
}

/**
 * Payload's admin pages (Next.js) run inline bootstrap scripts: they carry a
 * per-request nonce instead of opening 'unsafe-inline' (Next reads the nonce
 * from the request's CSP header, cms/admin/next.ts). Image previews of an
 * upload are blob: URLs. Everything else is the site's policy.
 */
export const adminContentSecurityPolicy = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    ...directives,
    scriptSrc: [
      "'self'",
      (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce?: string } }).locals.cspNonce}'`,
      // No 'strict-dynamic': it would let a trusted script load code from any host (Payload's JSON editor fetched
      // Monaco from cdn.jsdelivr.net so). Next's chunks are our own ('self'), its inline scripts carry the nonce.
    ],
    imgSrc: [...directives.imgSrc, 'blob:'],
  },
})

/**
 * The site's CSP allows no inline script but these: the hashes of a page's
 * inline scripts (the public pages' arrival mark and boot script, the dev server's
 * hot-reload preamble), so the policy stays as strict otherwise. JSON blocks never run
 * and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter(([tag]) => !/type="application\/(ld\+)?json"/.test(tag))
    .map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)
}

/** `policy` whose forms may also be answered by a redirect to `origin` (a form posting to us, sent on to Stripe's Checkout). */
export function allowFormAction(policy: string, origin: string): string {
  return policy.replace(/form-action ([^;]*)/, (_match, sources: string) => `form-action ${sources} ${origin}`)
}

/** `policy` with `hashes` added to its script-src. */
export function allowScripts(policy: string, hashes: string[]): string {
  if (hashes.length === 0) return policy
  return policy.replace(/script-src ([^;]*)/, (_match, sources: string) => `script-src ${sources} ${hashes.join(' ')}`)
}
