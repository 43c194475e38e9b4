import type { PublicConfig } from '#shared/publicConfig'

/**
 * Public settings come from the server's environment: it writes them into
 * each page as a JSON block (allowed by CSP because JSON is never executed).
 * While rendering on the server, the server sets them (setPublicConfig).
 */
const EMPTY: PublicConfig = {
  givingPlatformUrl: '',
  stripeBuyButtonId: '',
  stripeMonthlyBuyButtonId: '',
  stripePublishableKey: '',
  facebookUrl: '',
  instagramUrl: '',
  siteUrl: '',
}

function readConfig(): PublicConfig {
  const text = document.getElementById('public-config')?.textContent
  if (!text) return EMPTY
  try {
    return { ...EMPTY, siteUrl: window.location.origin, ...(JSON.parse(text) as Partial<PublicConfig>) }
  } catch {
    return EMPTY
  }
}

export let publicConfig: PublicConfig = typeof document === 'undefined' ? EMPTY : readConfig()

/** Server rendering: one process serves one configuration. */
export function setPublicConfig(config: PublicConfig) {
  publicConfig = config
}

/** Card payments are on only when the server was given both the buy button id and the publishable key (README). */
export const cardPaymentsOn = () => Boolean(publicConfig.stripeBuyButtonId && publicConfig.stripePublishableKey)
