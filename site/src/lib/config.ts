import type { PublicConfig } from '#shared/publicConfig'

/**
 * Public settings come from the server's environment: it writes them into
 * index.html as a JSON block (allowed by CSP because JSON is never executed).
 * Under the Vite dev server there is no block, so links fall back to empty.
 */
function readConfig(): PublicConfig {
  const empty: PublicConfig = {
    givingPlatformUrl: '',
    stripeBuyButtonId: '',
    stripePublishableKey: '',
    facebookUrl: '',
    instagramUrl: '',
  }
  const text = document.getElementById('public-config')?.textContent
  if (!text) return empty
  try {
    return { ...empty, ...(JSON.parse(text) as Partial<PublicConfig>) }
  } catch {
    return empty
  }
}

export const publicConfig = readConfig()

/** Card payments are on only when the server was given both the buy button id and the publishable key (README). */
export const cardPaymentsOn = Boolean(publicConfig.stripeBuyButtonId && publicConfig.stripePublishableKey)
