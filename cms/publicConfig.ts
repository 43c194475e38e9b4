/**
 * Settings the browser needs (SPEC §7 "External"): read from the environment
 * with defaults, written into index.html by the server as a JSON block.
 */
export type PublicConfig = {
  givingPlatformUrl: string
  stripeBuyButtonId: string
  stripePublishableKey: string
  facebookUrl: string
  instagramUrl: string
}

export function readPublicConfig(env: NodeJS.ProcessEnv = process.env): PublicConfig {
  return {
    givingPlatformUrl: env.GIVING_PLATFORM_URL ?? 'https://givebutter.com/ladyhawks',
    stripeBuyButtonId: env.STRIPE_BUY_BUTTON_ID ?? 'buy_btn_1LadyHawksBoosters',
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? 'pk_live_LadyHawksBoosters',
    facebookUrl: env.FACEBOOK_URL ?? 'https://www.facebook.com/ladyhawksboosters',
    instagramUrl: env.INSTAGRAM_URL ?? 'https://www.instagram.com/ladyhawksboosters',
  }
}
