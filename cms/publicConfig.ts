import type { PublicConfig } from '#shared/publicConfig'
import { env as serverEnv } from './env'

/** The browser's settings from the environment, with defaults (shared/publicConfig.ts). */
export function readPublicConfig(env: NodeJS.ProcessEnv = process.env): PublicConfig {
  return {
    givingPlatformUrl: env.GIVING_PLATFORM_URL ?? 'https://givebutter.com/ladyhawks',
    // Card payments are off until both are set (README "Card payments"): no placeholder that looks like a key.
    stripeBuyButtonId: env.STRIPE_BUY_BUTTON_ID?.trim() ?? '',
    stripeMonthlyBuyButtonId: env.STRIPE_MONTHLY_BUY_BUTTON_ID?.trim() ?? '',
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() ?? '',
    facebookUrl: env.FACEBOOK_URL ?? 'https://www.facebook.com/ladyhawksboosters',
    instagramUrl: env.INSTAGRAM_URL ?? 'https://www.instagram.com/ladyhawksboosters',
    siteUrl: serverEnv.SERVER_URL,
  }
}
