/**
 * Settings the browser needs (the giving platform, the card-payment button,
 * the social profiles): the server reads them from its environment
 * (cms/publicConfig.ts) and writes them into each page as a JSON block.
 */
export type PublicConfig = {
  givingPlatformUrl: string
  stripeBuyButtonId: string
  /** A buy button with a monthly price (a Stripe subscription, docs/payments.md "Monthly gifts"); empty: no monthly choice. */
  stripeMonthlyBuyButtonId: string
  stripePublishableKey: string
  facebookUrl: string
  instagramUrl: string
  /** The site's public origin (SERVER_URL), for absolute links such as the QR code's. */
  siteUrl: string
  /** The club's time zone (CLUB_TIME_ZONE): the footer's year is the club's, on the server and in every browser. */
  clubTimeZone: string
}

/**
 * Card payments are on only when the server was given both the buy button id and the publishable key (README):
 * the pages then show the card button, and the pages' Content-Security-Policy allows Stripe's script and frames.
 */
export const cardPaymentsConfigured = (config: Pick<PublicConfig, 'stripeBuyButtonId' | 'stripePublishableKey'>) =>
  Boolean(config.stripeBuyButtonId && config.stripePublishableKey)
