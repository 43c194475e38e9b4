import { todayIn } from '#shared/clubDay'
import { cardPaymentsConfigured, type PublicConfig } from '#shared/publicConfig'
import { useSiteText } from './siteText'

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
  clubTimeZone: '',
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

/** The club's year now (the footer's ©): in its time zone, so the server's page and a browser elsewhere agree at New Year. */
export const clubYear = () => todayIn(publicConfig.clubTimeZone || 'UTC').slice(0, 4)

/** The club's calendar day now (YYYY-MM-DD in its time zone): /join's late-join price starts on one. */
export const clubToday = () => todayIn(publicConfig.clubTimeZone || 'UTC')

/** Whether this page's server has card payments set up (`cardPaymentsConfigured`). */
export const cardPaymentsOn = () => cardPaymentsConfigured(publicConfig)

/**
 * The club's outside links: what an admin set in site texts (Giving Platform, Social Links), else the server's
 * environment defaults (GIVING_PLATFORM_URL, FACEBOOK_URL, INSTAGRAM_URL); empty means no link.
 */
export function useClubLinks(): { givingPlatformUrl: string; facebookUrl: string; instagramUrl: string } {
  const text = useSiteText()
  return {
    givingPlatformUrl: text['giving/platformUrl'] || publicConfig.givingPlatformUrl,
    facebookUrl: text['social/facebook'] || publicConfig.facebookUrl,
    instagramUrl: text['social/instagram'] || publicConfig.instagramUrl,
  }
}
