import { MAX_PHOTO_BYTES } from '#shared/photos'
import { env } from '../env'

/** Security settings in one place (see SECURITY.md for why each value). */
export const securityConfig = {
  sessionSeconds: 12 * 60 * 60,
  /** Secure (and __Host- prefixed) cookies whenever the public origin is HTTPS. */
  secureCookies: env.SERVER_URL.startsWith('https://'),
  rateLimitWindowMs: 15 * 60 * 1000,
  maxBodyBytes: 32 * 1024,
  /** Largest accepted upload (Media, a phone's camera photo): Payload's own limit (payload.config.ts `upload.limits`) and /cms-api's body bound (cmsApi.ts). */
  maxUploadBytes: MAX_PHOTO_BYTES,
}

export const cookiePrefix = securityConfig.secureCookies ? '__Host-lhb' : 'lhb'
