import type { PublicConfig } from '#shared/publicConfig'
import { env as serverEnv } from './env'

/** The browser's settings from the environment, with defaults (shared/publicConfig.ts). */
export function readPublicConfig(env: NodeJS.ProcessEnv = process.env): PublicConfig {
  return {
    givingPlatformUrl: env.GIVING_PLATFORM_URL ?? 'https://givebutter.com/ladyhawks',
    stripeBuyButtonId: env.STRIPE_BUY_BUTTON_ID ?? 'buy_btn_1LadyHawksBoosters',
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? 'pk_live_LadyHawksBoosters',
    facebookUrl: env.FACEBOOK_URL ?? 'https://www.facebook.com/ladyhawksboosters',
    instagramUrl: env.INSTAGRAM_URL ?? 'https://www.instagram.com/ladyhawksboosters',
    siteUrl: serverEnv.SERVER_URL,
  }
}
