import type { PublicConfig } from '#shared/publicConfig'
import { env } from './env'

/**
 * The browser's settings from the environment (shared/publicConfig.ts). The giving platform and the social
 * profiles are only defaults: an admin's site texts win over them (site/src/lib/config.ts, useClubLinks).
 */
export function readPublicConfig(): PublicConfig {
  return {
    givingPlatformUrl: env.GIVING_PLATFORM_URL,
    // Card payments are off until both are set (README "Card payments"): no placeholder that looks like a key.
    stripeBuyButtonId: env.STRIPE_BUY_BUTTON_ID,
    stripeMonthlyBuyButtonId: env.STRIPE_MONTHLY_BUY_BUTTON_ID,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
    facebookUrl: env.FACEBOOK_URL,
    instagramUrl: env.INSTAGRAM_URL,
    siteUrl: env.SERVER_URL,
    clubTimeZone: env.CLUB_TIME_ZONE,
  }
}
