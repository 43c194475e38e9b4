import helmet from 'helmet'
import { env } from '../env'

/** Card payment provider (Stripe buy button): its script and frames, nothing else foreign. */
const STRIPE_SCRIPT = 'https://js.stripe.com'
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://buy.stripe.com', 'https://checkout.stripe.com']

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", STRIPE_SCRIPT],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  frameSrc: STRIPE_FRAMES,
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  ...(env.isProduction && env.SERVER_URL.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
}

export const securityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives },
  // HSTS only means something over HTTPS; a year, as browsers' preload lists expect.
  strictTransportSecurity: env.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // The legacy twin of frame-ancestors 'none' for old browsers.
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
})

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
    scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce?: string } }).locals.cspNonce}'`, "'strict-dynamic'"],
    imgSrc: [...directives.imgSrc, 'blob:'],
  },
})
